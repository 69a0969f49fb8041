import { shade } from './colours';
import type { Random } from './random';
import {
  chrome,
  circle,
  contactShadow,
  ellipse,
  highlight,
  line,
  path,
  rect,
  roundLit,
  sideLit,
  topLit,
  type Scene,
} from './scene';
import { room, studio } from './settings';

// Toys and baby things.

const FURS = ['#8b5a34', '#c8955a', '#efe3cf', '#a7a29a', '#e6b8b8', '#6b4a30', '#b07a45'];

export function drawTeddyBear(scene: Scene, random: Random): void {
  if (random.chance(0.5)) studio(scene, random);
  else room(scene, random, random.between(520, 600), random.pick(['wood', 'carpet'] as const));
  const fur = random.cycle(FURS);
  const light = shade(fur, 0.35);
  const fluff = `stroke="${shade(fur, -0.2)}" stroke-width="5" stroke-dasharray="2 5" stroke-linecap="round"`;
  const part = (cx: number, cy: number, rx: number, ry: number, angle = 0) => {
    const turn = angle ? ` transform="rotate(${angle} ${cx} ${cy})"` : '';
    return (
      ellipse(cx, cy, rx, ry, roundLit(scene, fur, 0.7), turn) + ellipse(cx, cy, rx, ry, 'none', `${fluff}${turn}`)
    );
  };
  const bow = random.chance(0.6) ? random.pick(['#b3121b', '#1f4fa3', '#d4a017', '#2f6b3a']) : '';
  scene.addObject(
    contactShadow(scene, 600, 800, 620, 0.7),
    part(600, 580, 200, 210),
    ellipse(600, 610, 110, 130, light, 'fill-opacity="0.5"'),
    part(395, 560, 70, 130, 28),
    part(805, 560, 70, 130, -28),
    part(470, 730, 105, 85),
    part(730, 730, 105, 85),
    ellipse(450, 745, 55, 50, light),
    ellipse(750, 745, 55, 50, light),
    part(440, 250, 62, 62),
    part(760, 250, 62, 62),
    circle(440, 250, 34, shade(light, -0.05)),
    circle(760, 250, 34, shade(light, -0.05)),
    part(600, 330, 170, 155),
    ellipse(600, 392, 78, 60, light),
    path('M572 372Q600 360 628 372Q626 398 600 404Q574 398 572 372Z', '#1d1512'),
    path(
      'M600 404L600 425M570 430Q600 448 630 430',
      'none',
      'stroke="#1d1512" stroke-width="4" stroke-linecap="round"',
    ),
    circle(535, 310, 15, '#111111'),
    circle(665, 310, 15, '#111111'),
    circle(530, 305, 5, '#ffffff'),
    circle(660, 305, 5, '#ffffff'),
    bow
      ? path('M600 490L520 450L530 530ZM600 490L680 450L670 530Z', topLit(scene, bow, 0.6)) +
          circle(600, 490, 20, shade(bow, -0.1))
      : '',
  );
}

export function drawStroller(scene: Scene, random: Random): void {
  const setting = random.cycle(['studio', 'wood', 'tiles'] as const);
  if (setting === 'studio') studio(scene, random);
  else room(scene, random, random.between(440, 500), setting);
  const cloth = random.cycle(['#2f3e4c', '#8a8f94', '#b5523b', '#1d1e21', '#5b6b52', '#c9b8a0', '#3f6e8a']);
  const frame = random.pick(['#1d1e21', '#c8ccd2', '#8a6a4a']);
  const wheel = (cx: number, cy: number, r: number, far = false) =>
    circle(cx, cy, r, roundLit(scene, far ? '#1a1a1a' : '#2a2a2a', 0.6)) +
    circle(cx, cy, r * 0.62, far ? '#3a3a3a' : chrome(scene, false)) +
    circle(cx, cy, r * 0.2, '#2a2a2a');
  const hood = 'M465 460C455 300 560 235 705 262C738 330 745 400 738 460Z';
  const rib = (bend: number) =>
    `M470 458C${470 + bend * 0.2} ${330 + bend * 0.3} ${570 + bend * 0.6} ${258 + bend * 0.25} ${705 - bend * 0.1} ${262 + bend}`;
  // Drawn a size up around the ground under it, so the pram fills the photo.
  scene.addObject(
    '<g transform="translate(600 800) scale(1.15) translate(-600 -800)">',
    contactShadow(scene, 610, 800, 680, 0.6),
    wheel(455, 715, 70, true),
    wheel(850, 730, 56, true),
    path('M470 612L780 612L740 680L510 680Z', '#1d1d1d', 'fill-opacity="0.85"'),
    line(420, 722, 575, 560, frame, 13, 'stroke-linecap="round"'),
    line(330, 300, 820, 735, frame, 14, 'stroke-linecap="round"'),
    path('M470 460Q470 608 570 612L800 612Q852 606 852 520L852 460Z', sideLit(scene, cloth, 0.8)),
    path(
      'M480 478Q486 590 575 596L800 596',
      'none',
      `stroke="${shade(cloth, 0.35)}" stroke-width="3" stroke-dasharray="6 5"`,
    ),
    path('M730 446L856 446L856 466L736 466Z', shade(cloth, -0.25)),
    path(hood, topLit(scene, cloth, 0.9)),
    path(rib(40), 'none', `stroke="${shade(cloth, -0.3)}" stroke-width="3"`),
    path(rib(95), 'none', `stroke="${shade(cloth, -0.3)}" stroke-width="3"`),
    path(
      'M705 262C738 330 745 400 738 460',
      'none',
      `stroke="${shade(cloth, -0.45)}" stroke-width="8" stroke-linecap="round"`,
    ),
    rect(460, 452, 396, 14, shade(cloth, 0.15), 'rx="7"'),
    circle(575, 560, 14, shade(frame, -0.2)),
    line(322, 292, 348, 318, '#111111', 24, 'stroke-linecap="round"'),
    highlight(scene, 560, 300, 80, 14, 0.3),
    wheel(420, 722, 74),
    wheel(820, 735, 58),
    '</g>',
  );
}
