import { hsl, shade } from './colours';
import { on, patch, type Face } from './perspective';
import type { Random } from './random';
import {
  chrome,
  circle,
  contactShadow,
  cylinderLit,
  group,
  path,
  polygon,
  rect,
  roundedRect,
  sideLit,
  spread,
  topLit,
  type Scene,
} from './scene';
import { landscape, roundedRectPath, wallpaper } from './screens';
import { room, tabletop } from './settings';

// Phones, computers, screens and gadgets, as photographed for a resale listing.

const PHONE_FINISHES = ['#1c1d21', '#e9e6e1', '#2d4a6b', '#c9b8d8', '#d8c3a5', '#3b5a47', '#b8bcc2'];

function phoneFront(scene: Scene, random: Random, x: number, y: number, frame: string): string {
  const [w, h] = [300, 630];
  const screen: Face = [
    [x + 16, y + h - 16],
    [x + w - 16, y + h - 16],
    [x + w - 16, y + 16],
    [x + 16, y + 16],
  ];
  let icons = '';
  for (let row = 0; row < 5; row++) {
    for (let column = 0; column < 4; column++) {
      const colour = hsl(random.between(0, 360), random.between(0.5, 0.8), random.between(0.45, 0.65));
      icons += roundedRect(x + 42 + column * 60, y + 90 + row * 78, 42, 42, 11, colour);
    }
  }
  let dock = roundedRect(x + 30, y + h - 110, w - 60, 68, 24, '#ffffff', 'fill-opacity="0.25"');
  for (let column = 0; column < 4; column++)
    dock += roundedRect(x + 48 + column * 58, y + h - 97, 42, 42, 11, hsl(random.between(0, 360), 0.6, 0.55));
  const bezel = `${roundedRectPath(x + 6, y + 6, w - 12, h - 12, 40)}${roundedRectPath(x + 16, y + 16, w - 32, h - 32, 30)}`;
  return (
    roundedRect(x, y, w, h, 46, chrome(scene, true, frame)) +
    wallpaper(scene, random, screen) +
    icons +
    dock +
    path(bezel, '#050505', 'fill-rule="evenodd"') +
    circle(x + w / 2, y + 38, 9, '#0a0a0a') +
    polygon([x + 30, y + 16, x + 170, y + 16, x + 16, y + 330, x + 16, y + 180], '#ffffff', 'fill-opacity="0.1"') +
    rect(x + w - 2, y + 150, 5, 70, shade(frame, -0.3)) +
    rect(x - 3, y + 130, 5, 40, shade(frame, -0.3))
  );
}

function phoneBack(scene: Scene, random: Random, x: number, y: number, finish: string): string {
  const [w, h] = [300, 630];
  const lens = (cx: number, cy: number) =>
    circle(cx, cy, 27, chrome(scene, false, '#8a8f96')) +
    circle(cx, cy, 21, scene.radial(spread('#3b3f6e', '#0d0f1c', '#050505'), 0.4, 0.4, 0.6)) +
    circle(cx - 6, cy - 6, 5, '#ffffff', 'fill-opacity="0.6"');
  const lenses = random.int(2, 3);
  let module = roundedRect(x + 22, y + 22, 130, lenses === 3 ? 140 : 80, 30, shade(finish, 0.08));
  module += roundedRect(
    x + 22,
    y + 22,
    130,
    lenses === 3 ? 140 : 80,
    30,
    'none',
    `stroke="${shade(finish, -0.2)}" stroke-width="2"`,
  );
  module += lens(x + 58, y + 58) + lens(x + 116, y + 58) + (lenses === 3 ? lens(x + 58, y + 122) : '');
  module += circle(x + 116, y + (lenses === 3 ? 122 : 96), 9, '#f6efd5');
  return (
    roundedRect(x - 4, y - 4, w + 8, h + 8, 48, chrome(scene, true, shade(finish, -0.1))) +
    roundedRect(x, y, w, h, 46, sideLit(scene, finish)) +
    roundedRect(
      x,
      y,
      w,
      h,
      46,
      scene.linear(['0 #ffffff 0.35', '0.3 #ffffff 0.05', '0.6 #ffffff 0', '1 #000000 0.15'], 0, 0, 1, 1),
    ) +
    module
  );
}

export function drawPhone(scene: Scene, random: Random): void {
  tabletop(scene, random, random.between(520, 600), random.cycle(['wood', 'marble', 'linen'] as const));
  const finish = random.cycle(PHONE_FINISHES);
  const frame = random.pick(['#b8bcc2', '#d9c7a8', '#45484d']);
  const both = random.chance(0.7);
  const tilt = random.between(-8, -3);
  scene.addObject(contactShadow(scene, both ? 640 : 600, 790, both ? 700 : 380, 0.6));
  if (both) scene.addObject(group(`rotate(${tilt} 850 470)`, phoneBack(scene, random, 690, 150, finish)));
  scene.addObject(group(`rotate(${both ? 3 : tilt} 500 470)`, phoneFront(scene, random, both ? 340 : 450, 150, frame)));
}

const LAPTOP_FINISHES = ['#c3c6ca', '#5b5e63', '#1f2023', '#d9c9b4', '#9aa7b4', '#e4e4e2'];

export function drawLaptop(scene: Scene, random: Random): void {
  tabletop(scene, random, random.between(480, 560), random.cycle(['wood', 'wood', 'marble', 'linen'] as const));
  const finish = random.cycle(LAPTOP_FINISHES);
  const shift = random.between(-20, 20);
  const base: Face = [
    [190 + shift, 780],
    [1010 + shift, 780],
    [905, 610],
    [295, 610],
  ];
  const lid: Face = [
    [295, 610],
    [905, 610],
    [890, 150],
    [310, 150],
  ];
  const screen: Face = [on(lid, 0.03, 0.05), on(lid, 0.97, 0.05), on(lid, 0.97, 0.96), on(lid, 0.03, 0.96)];
  let keys = '';
  const key = shade(finish, finish === '#1f2023' ? 0.08 : -0.55);
  for (let row = 0; row < 5; row++) {
    const [v1, v2] = [0.36 + row * 0.11, 0.36 + row * 0.11 + 0.085];
    for (let column = 0; column < 14; column++) {
      const [u1, u2] = [0.09 + column * 0.0586, 0.09 + column * 0.0586 + 0.048];
      if (row === 0 && column > 3 && column < 10) continue;
      keys += patch(base, u1, v1, u2, v2, key);
    }
  }
  keys += patch(base, 0.3, 0.36, 0.68, 0.445, key);
  scene.addObject(
    contactShadow(scene, 600 + shift, 790, 900, 0.6),
    polygon([190 + shift, 780, 1010 + shift, 780, 1004 + shift, 794, 196 + shift, 794], shade(finish, -0.35)),
    patch(base, 0, 0, 1, 1, scene.linear(spread(shade(finish, 0.1), finish, shade(finish, -0.08)), 0, 1, 1, 0)),
    keys,
    patch(base, 0.37, 0.05, 0.63, 0.3, shade(finish, -0.06)),
    patch(base, 0.37, 0.05, 0.63, 0.3, 'none', `stroke="${shade(finish, -0.25)}" stroke-width="1.5"`),
    patch(lid, 0, -0.01, 1, 1, shade(finish, -0.2)),
    patch(lid, 0.005, 0, 0.995, 0.995, '#0b0b0c'),
    wallpaper(scene, random, screen),
    polygon(
      [
        ...on(screen, 0.05, 1),
        ...on(screen, 0.3, 1),
        ...on(screen, 0.12, 0),
        ...on(screen, 0, 0),
        ...on(screen, 0, 0.4),
      ],
      '#ffffff',
      'fill-opacity="0.08"',
    ),
    circle(...on(lid, 0.5, 0.98), 3.5, '#222222'),
  );
}

const TV_SIZES = [0.85, 0.92, 1] as const;

export function drawTv(scene: Scene, random: Random): void {
  const floor = random.between(640, 700);
  room(scene, random, floor, random.cycle(['wood', 'tiles', 'wood', 'carpet'] as const));
  const size = random.pick(TV_SIZES);
  const wood = random.pick(['#6b4a30', '#a77a4f', '#2f2b28', '#e9e4dc', '#8c6a4f']);
  const [width, height] = [800 * size, 450 * size];
  const [x, y] = [600 - width / 2, 530 - height - random.between(0, 40)];
  const screen: Face = [
    [x + 8, y + height - 8],
    [x + width - 8, y + height - 8],
    [x + width - 8, y + 8],
    [x + 8, y + 8],
  ];
  let drawers = '';
  for (let i = 1; i < 3; i++) drawers += rect(230 + i * 247, 600, 3, 150, shade(wood, -0.35));
  scene.addObject(
    contactShadow(scene, 600, 780, 800, 0.5),
    rect(230, 590, 740, 170, sideLit(scene, wood, 0.8)),
    rect(230, 580, 740, 14, shade(wood, 0.12)),
    drawers,
    rect(250, 760, 14, 20, '#1a1a1a'),
    rect(936, 760, 14, 20, '#1a1a1a'),
    rect(x - 4, y + height - 5, width + 8, 10, '#000000', 'fill-opacity="0.35"'),
    roundedRect(470, 570, 260, 12, 6, topLit(scene, '#3a3b3e')),
    rect(580, y + height - 10, 40, 582 - y - height, sideLit(scene, '#2a2b2e')),
    roundedRect(x, y, width, height, 6, '#0c0c0d'),
    landscape(scene, random, screen),
    polygon(
      [
        x + width * 0.55,
        y + 8,
        x + width * 0.75,
        y + 8,
        x + width * 0.45,
        y + height - 8,
        x + width * 0.25,
        y + height - 8,
      ],
      '#ffffff',
      'fill-opacity="0.06"',
    ),
    roundedRect(x + 4, y + 4, width - 8, height - 8, 4, 'none', 'stroke="#000000" stroke-width="5"'),
  );
  if (random.chance(0.6)) {
    const pot = random.pick(['#e8e4dc', '#2b2b2b', '#b86f4c']);
    scene.addObject(
      rect(860, 500, 60, 80, cylinderLit(scene, pot)),
      path(
        'M890 500C860 430 830 420 820 380C850 400 880 440 890 500C900 430 930 400 960 390C940 420 910 450 890 500Z',
        '#3f6e38',
      ),
    );
  }
}
