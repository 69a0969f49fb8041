import { shade } from './colours';
import { outdoors } from './outdoors';
import type { Random } from './random';
import {
  chrome,
  circle,
  contactShadow,
  cylinderLit,
  ellipse,
  highlight,
  line,
  path,
  polygon,
  rect,
  roundedRect,
  sideLit,
  spread,
  topLit,
  type Scene,
} from './scene';
import { room, studio, tabletop } from './settings';

// Sports, outdoors and reading.

function bicycleWheel(cx: number, cy: number, rim: string): string {
  let spokes = '';
  for (let i = 0; i < 24; i++) {
    const angle = (i / 24) * Math.PI * 2;
    const hub = i % 2 ? 0.3 : -0.3;
    spokes += line(
      cx + Math.cos(angle + hub) * 12,
      cy + Math.sin(angle + hub) * 12,
      cx + Math.cos(angle) * 166,
      cy + Math.sin(angle) * 166,
      '#9aa0a6',
      1.6,
    );
  }
  return (
    circle(cx, cy, 178, 'none', 'stroke="#1c1c1c" stroke-width="18"') +
    circle(cx, cy, 166, 'none', `stroke="${rim}" stroke-width="9"`) +
    spokes +
    circle(cx, cy, 14, '#8c9096')
  );
}

export function drawBicycle(scene: Scene, random: Random): void {
  const setting = random.cycle(['street', 'studio', 'room', 'grass'] as const);
  if (setting === 'street') outdoors(scene, random, 560, 'paving');
  else if (setting === 'grass') outdoors(scene, random, 540, 'grass');
  else if (setting === 'studio') studio(scene, random);
  else room(scene, random, 560, 'wood');
  const frame = random.cycle(['#c8161d', '#1d4fa0', '#1d1e21', '#f0f0ee', '#2f6b3a', '#e46b12', '#8c9096']);
  const rim = random.pick(['#1c1c1c', '#b8bcc2']);
  const road = random.chance(0.5);
  const [rear, front, axle] = [330, 880, 610];
  const bb: [number, number] = [545, 640];
  const tube = (points: string, width = 16) =>
    path(points, 'none', `stroke="${frame}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`) +
    path(points, 'none', `stroke="#ffffff" stroke-opacity="0.3" stroke-width="3" transform="translate(-2 -4)"`);
  const bar = road
    ? path(
        'M805 325L850 322Q890 322 892 356Q894 392 862 396',
        'none',
        'stroke="#1d1d1d" stroke-width="12" stroke-linecap="round"',
      )
    : line(800, 326, 850, 318, '#1d1d1d', 10, 'stroke-linecap="round"') +
      line(845, 318, 880, 314, '#111111', 18, 'stroke-linecap="round"');
  scene.addObject(
    contactShadow(scene, 605, 790, 1000, 0.6),
    bicycleWheel(rear, axle, rim),
    bicycleWheel(front, axle, rim),
    line(bb[0], bb[1] - 42, rear, axle - 22, '#3a3a3a', 4),
    line(bb[0], bb[1] + 42, rear, axle + 22, '#3a3a3a', 4),
    circle(rear, axle, 24, 'none', 'stroke="#5a5f66" stroke-width="8"'),
    tube(`M${rear} ${axle}L${bb[0]} ${bb[1]}`, 12),
    tube(`M${rear} ${axle}L505 380`, 11),
    tube(`M${bb[0]} ${bb[1]}L500 360`),
    tube(`M${bb[0]} ${bb[1]}L812 420`, 20),
    tube('M505 378L800 368'),
    tube('M797 355L815 430', 20),
    path(
      `M812 420Q850 500 ${front} ${axle}`,
      'none',
      `stroke="${shade(frame, -0.15)}" stroke-width="12" stroke-linecap="round"`,
    ),
    line(500, 360, 492, 310, chrome(scene, false), 10),
    path('M430 300Q480 290 560 300Q570 312 540 318L470 314Q440 314 430 300Z', topLit(scene, '#1d1d1d', 0.8)),
    line(800, 356, 806, 328, '#1d1d1d', 10),
    bar,
    circle(bb[0], bb[1], 44, 'none', `stroke="${chrome(scene, false)}" stroke-width="10" stroke-dasharray="4 3"`),
    circle(bb[0], bb[1], 16, '#3a3a3a'),
    line(bb[0], bb[1], 580, 726, '#2a2a2a', 12, 'stroke-linecap="round"'),
    rect(556, 720, 50, 12, '#1d1d1d', 'rx="4"'),
  );
}

export function drawDumbbells(scene: Scene, random: Random): void {
  const setting = random.cycle(['rubber', 'wood', 'studio'] as const);
  if (setting === 'studio') studio(scene, random);
  else
    room(
      scene,
      random,
      random.between(360, 430),
      setting === 'wood' ? 'wood' : 'carpet',
      random.pick(['#d9d2c5', '#b9bec4', '#5a5f66']),
    );
  const hex = random.chance(0.6);
  const colour = hex
    ? random.pick(['#1d1e21', '#1d1e21', '#2a2b2e'])
    : random.cycle(['#b3121b', '#1f4fa3', '#1d1e21', '#c8ccd2', '#2f6b3a']);
  const dumbbell = (y: number, scale: number, x: number) => {
    const head = (left: number, end: boolean) =>
      hex
        ? roundedRect(
            left,
            y - 95,
            120,
            190,
            8,
            scene.linear([
              `0 ${shade(colour, 0.35)}`,
              `0.3 ${shade(colour, 0.2)}`,
              `0.31 ${colour}`,
              `0.7 ${colour}`,
              `0.71 ${shade(colour, -0.4)}`,
              `1 ${shade(colour, -0.5)}`,
            ]),
          ) +
          (end
            ? polygon([left, y - 95, left - 34, y - 48, left - 34, y + 48, left, y + 95], shade(colour, 0.05))
            : '') +
          rect(left + 40, y - 95, 40, 190, '#000000', 'fill-opacity="0.1"')
        : ellipse(left + 20, y, 30, 110, cylinderLit(scene, colour, true)) +
          ellipse(left + 60, y, 30, 110, cylinderLit(scene, colour, true)) +
          ellipse(left + 100, y, 24, 90, cylinderLit(scene, shade(colour, -0.1), true));
    return (
      `<g transform="translate(${x} 0) translate(600 ${y}) scale(${scale}) translate(-600 ${-y})">` +
      contactShadow(scene, 600, y + 96, 720, 0.7) +
      rect(390, y - 22, 420, 44, cylinderLit(scene, '#c8ccd2', false)) +
      rect(470, y - 22, 260, 44, '#000000', 'fill-opacity="0.08"') +
      line(470, y - 10, 730, y - 10, '#6b6f73', 2, 'stroke-dasharray="3 3"') +
      line(470, y + 6, 730, y + 6, '#6b6f73', 2, 'stroke-dasharray="3 3"') +
      head(270, true) +
      `<g transform="translate(1200 0) scale(-1 1)">${head(270, false)}</g>` +
      highlight(scene, 330, y - 70, 50, 8, 0.4) +
      '</g>'
    );
  };
  // Drawn a size up around the ground under them, so the pair fills the photo.
  scene.addObject(
    '<g transform="translate(600 760) scale(1.3) translate(-600 -760)">',
    dumbbell(500, 0.8, 80),
    dumbbell(660, 1, -40),
    '</g>',
  );
}

export function drawTent(scene: Scene, random: Random): void {
  const ground = random.cycle(['grass', 'sand', 'sand', 'grass'] as const);
  outdoors(scene, random, random.between(420, 480), ground);
  const fly = random.cycle(['#e46b12', '#2f6b3a', '#1f4fa3', '#d4a017', '#b3121b', '#5a6b7a']);
  const dome = 'M250 760C270 470 420 330 600 330C780 330 930 470 950 760Z';
  const door = 'M440 760L440 580Q440 450 600 440Q760 450 760 580L760 760Z';
  const seam = `stroke="${shade(fly, -0.35)}" stroke-width="5"`;
  scene.addObject(
    contactShadow(scene, 600, 765, 900, 0.6),
    line(330, 560, 170, 790, '#d9d2c5', 2),
    line(870, 560, 1030, 790, '#d9d2c5', 2),
    rect(164, 782, 10, 14, '#6b6f73'),
    rect(1026, 782, 10, 14, '#6b6f73'),
    path(dome, sideLit(scene, fly, 0.9)),
    path(dome, scene.linear(['0 #ffffff 0.2', '0.4 #ffffff 0', '1 #000000 0.25'])),
    path('M280 760Q560 150 920 700', 'none', seam),
    path('M920 760Q640 150 280 700', 'none', seam),
    path(door, shade(fly, -0.2)),
    path('M600 460Q720 470 730 600L740 760L600 760Z', '#1c1f1d'),
    path('M600 460Q610 600 680 760L600 760Z', shade(fly, -0.3)),
    path(door, 'none', `stroke="#1d1d1d" stroke-width="3" stroke-dasharray="6 4"`),
    rect(250, 752, 700, 12, shade(fly, -0.45)),
    highlight(scene, 470, 420, 90, 20, 0.35),
  );
}

const BOOK_COLOURS = [
  '#8c2f2f',
  '#1f3a5f',
  '#2f5a45',
  '#c9a227',
  '#5a3a6b',
  '#d9d2c5',
  '#1d1e21',
  '#b5523b',
  '#3f6e8a',
  '#7a4a2a',
];

export function drawBooks(scene: Scene, random: Random): void {
  tabletop(scene, random, random.between(500, 580), random.cycle(['wood', 'linen', 'wood', 'marble'] as const));
  const count = random.int(5, 7);
  let stack = contactShadow(scene, 560, 800, 720, 0.6);
  let y = 800;
  for (let i = 0; i < count; i++) {
    const thickness = random.between(42, 70);
    const width = random.between(520, 640);
    const x = 560 - width / 2 + random.between(-30, 30);
    const colour = random.pick(BOOK_COLOURS);
    y -= thickness;
    const spine = random.chance(0.6);
    stack += spine
      ? roundedRect(x, y, width, thickness, 8, cylinderLit(scene, colour, false, 0.7)) +
        rect(x + 40, y + 6, 8, thickness - 12, shade(colour, 0.45)) +
        rect(x + width - 48, y + 6, 8, thickness - 12, shade(colour, 0.45)) +
        rect(
          x + width * 0.35,
          y + thickness * 0.35,
          width * 0.3,
          thickness * 0.3,
          shade(colour, 0.3),
          'fill-opacity="0.5"',
        )
      : rect(x, y, width, thickness, shade(colour, -0.1)) +
        rect(x + 4, y + 5, width - 4, thickness - 10, scene.linear(spread('#f3ecdc', '#e2d6bd', '#efe6d2'))) +
        line(x + 4, y + thickness / 2, x + width, y + thickness / 2, '#cdbf9f', 1);
    if (i === count - 1)
      stack += polygon(
        [x, y, x + width, y, x + width - 20, y - 40, x + 20, y - 40],
        topLit(scene, shade(colour, 0.1), 0.4),
      );
  }
  let upright = '';
  const shelfCount = random.int(3, 5);
  for (let i = 0; i < shelfCount; i++) {
    const colour = random.pick(BOOK_COLOURS);
    const [x, height, width] = [930 + i * 52, random.between(330, 420), random.between(40, 54)];
    upright += rect(x, 800 - height, width, height, sideLit(scene, colour, 0.8), 'rx="4"');
    upright +=
      rect(x + 6, 800 - height + 40, width - 12, 6, shade(colour, 0.45)) +
      rect(x + 6, 800 - 50, width - 12, 6, shade(colour, 0.45));
  }
  scene.addObject(contactShadow(scene, 1040, 800, 300, 0.5), upright, stack);
}
