import { shade } from './colours';
import { patch, type Face } from './perspective';
import type { Random } from './random';
import {
  contactShadow,
  ellipse,
  line,
  path,
  polygon,
  rect,
  roundedRect,
  roundLit,
  shadowPatch,
  sideLit,
  spread,
  topLit,
  type Scene,
} from './scene';
import { room, WOOD_COLOURS, type RoomFloor } from './settings';

// Furniture, photographed in the room it stands in.

const FABRICS = ['#8a8f94', '#3f5a73', '#b59f86', '#5b6b52', '#a4574a', '#d8d2c6', '#3a3a3c', '#c7a46a'];
const FLOORS: readonly RoomFloor[] = ['wood', 'tiles', 'wood', 'carpet'];

/** A cushion: soft, so lit like a pillow, brightest near its upper left and darker at its edges. */
function cushion(
  scene: Scene,
  x: number,
  y: number,
  width: number,
  height: number,
  fabric: string,
  radius = 26,
): string {
  return (
    roundedRect(x, y, width, height, radius, roundLit(scene, fabric, 0.6)) +
    roundedRect(x, y, width, height, radius, 'none', `stroke="${shade(fabric, -0.3)}" stroke-width="2"`)
  );
}

/** A rug on the floor in perspective, its border a shade darker. */
function rug(scene: Scene, random: Random, top: number): string {
  const colour = random.pick(['#c9bca5', '#8c6f5a', '#6f7c86', '#d9d3c7', '#7b4a3c']);
  const face: Face = [
    [100, 880],
    [1100, 880],
    [960, top],
    [240, top],
  ];
  return patch(face, 0, 0, 1, 1, shade(colour, -0.2)) + patch(face, 0.03, 0.06, 0.97, 0.94, topLit(scene, colour, 0.3));
}

export function drawSofa(scene: Scene, random: Random): void {
  room(scene, random, random.between(520, 590), random.cycle(FLOORS));
  const fabric = random.cycle(FABRICS);
  const seats = random.pick([2, 3, 3]);
  const [left, right] = seats === 2 ? [260, 940] : [160, 1040];
  const legs = random.pick(['#3b2a1e', '#1d1d1d', '#b08a5a', '#c0c4c8']);
  const inner = right - left - 220;
  if (random.chance(0.6)) scene.addObject(rug(scene, random, 700));
  let backs = '';
  let fronts = '';
  for (let i = 0; i < seats; i++) {
    const x = left + 110 + (inner / seats) * i;
    backs += cushion(scene, x + 4, 385, inner / seats - 8, 190, fabric, 30);
    fronts += cushion(scene, x + 2, 575, inner / seats - 4, 80, shade(fabric, 0.05), 18);
  }
  const pillow = random.pick(['#e9e2d3', '#d4a24a', '#2f4a5f', '#b5523b', '#f1efe9']);
  scene.addObject(
    contactShadow(scene, (left + right) / 2, 785, right - left + 40, 0.7),
    rect(left + 40, 760, 18, 26, legs),
    rect(right - 58, 760, 18, 26, legs),
    roundedRect(left + 40, 420, right - left - 80, 200, 30, shade(fabric, -0.25)),
    roundedRect(left + 20, 610, right - left - 40, 155, 16, topLit(scene, shade(fabric, -0.08), 0.8)),
    backs,
    cushion(scene, left, 470, 120, 295, fabric, 40),
    cushion(scene, right - 120, 470, 120, 295, fabric, 40),
    fronts,
    shadowPatch(scene, (left + right) / 2, 655, (right - left) / 2 - 100, 14, 0.35),
    `<g transform="rotate(-8 ${left + 190} 500)">${cushion(scene, left + 130, 440, 120, 120, pillow, 20)}</g>`,
    `<g transform="rotate(7 ${right - 190} 500)">${cushion(scene, right - 250, 440, 120, 120, pillow, 20)}</g>`,
  );
}

export function drawBed(scene: Scene, random: Random): void {
  room(scene, random, random.between(540, 580), random.cycle(['wood', 'carpet', 'tiles'] as const));
  const linen = random.cycle(['#f2f0eb', '#dfe6ea', '#e8dccb', '#c9d3c0', '#d9d9db', '#f5efe6']);
  const frame = random.pick(['#6b4a30', '#c8b79c', '#3b3b3d', '#8a8f94', '#a3805c']);
  const throwColour = random.pick(['#6a7b8c', '#b5523b', '#d4a24a', '#4f5d4a', '#8c6f8a']);
  const top: Face = [
    [210, 690],
    [990, 690],
    [880, 470],
    [320, 470],
  ];
  let tufts = '';
  for (let x = 340; x < 870; x += 66)
    for (let y = 290; y < 460; y += 60) tufts += ellipse(x, y, 4, 4, shade(frame, -0.35));
  const table = (x: number) =>
    rect(x, 520, 150, 230, sideLit(scene, frame, 0.7)) +
    rect(x + 10, 560, 130, 4, shade(frame, -0.35)) +
    rect(x + 60, 440, 30, 80, sideLit(scene, '#d8d2c6')) +
    path(`M${x + 30} 440L${x + 120} 440L${x + 105} 360L${x + 45} 360Z`, scene.linear(spread('#fff6e2', '#e9dcc0'))) +
    shadowPatch(scene, x + 75, 752, 100, 10, 0.5);
  scene.addObject(
    table(120),
    table(930),
    contactShadow(scene, 600, 800, 820, 0.6),
    roundedRect(290, 250, 620, 300, 24, sideLit(scene, frame, 0.6)),
    tufts,
    patch(top, 0, 0, 1, 1, topLit(scene, linen, 0.3)),
    roundedRect(360, 420, 220, 90, 30, roundLit(scene, shade(linen, 0.05), 0.4)),
    roundedRect(620, 420, 220, 90, 30, roundLit(scene, shade(linen, 0.05), 0.4)),
    patch(top, 0, 0.6, 1, 0.72, shade(linen, 0.06)),
    line(...[270, 560], ...[930, 560], shade(linen, -0.2), 2),
    patch(top, -0.005, 0.05, 1.005, 0.3, topLit(scene, throwColour, 0.4)),
    rect(210, 690, 780, 50, topLit(scene, shade(linen, -0.08), 0.4)),
    rect(200, 736, 800, 50, sideLit(scene, frame, 0.6)),
    rect(215, 690, 770, 46, throwColour, 'fill-opacity="0"'),
    rect(220, 786, 20, 18, shade(frame, -0.4)),
    rect(960, 786, 20, 18, shade(frame, -0.4)),
  );
}

export function drawDiningTable(scene: Scene, random: Random): void {
  room(scene, random, random.between(500, 560), random.cycle(FLOORS));
  const wood = random.cycle(WOOD_COLOURS);
  const chair = random.pick([wood, '#1d1d1d', '#e9e4dc', '#5b6b52']);
  const seat = random.pick(['#b59f86', '#3f5a73', '#d8d2c6', '#8a8f94']);
  const top: Face = [
    [230, 570],
    [970, 570],
    [880, 480],
    [320, 480],
  ];
  const backrest = (x: number) =>
    rect(x, 330, 14, 170, shade(chair, -0.1)) +
    rect(x + 136, 330, 14, 170, shade(chair, -0.25)) +
    roundedRect(x, 320, 150, 90, 12, topLit(scene, seat, 0.5));
  const endChair = (x: number, facing: 1 | -1) =>
    rect(x, 420, 14, 380, shade(chair, -0.15)) +
    roundedRect(x - (facing > 0 ? 0 : 120), 620, 134, 26, 6, topLit(scene, seat, 0.6)) +
    rect(x + facing * 110, 646, 12, 154, shade(chair, -0.3)) +
    roundedRect(x - 6, 420, 26, 150, 8, topLit(scene, seat, 0.5));
  scene.addObject(
    contactShadow(scene, 600, 800, 900, 0.55),
    backrest(380),
    backrest(670),
    rect(345, 575, 16, 200, shade(wood, -0.35)),
    rect(840, 575, 16, 200, shade(wood, -0.35)),
    endChair(140, 1),
    endChair(1046, -1),
    patch(top, 0, 0, 1, 1, scene.linear(spread(shade(wood, 0.12), wood), 0, 0, 1, 1)),
    rect(230, 570, 740, 24, sideLit(scene, shade(wood, -0.2), 0.6)),
    rect(250, 594, 24, 206, sideLit(scene, shade(wood, -0.15))),
    rect(926, 594, 24, 206, sideLit(scene, shade(wood, -0.15))),
  );
  const bowl = random.pick(['#e9e4dc', '#2f4a5f', '#b86f4c']);
  let fruit = '';
  for (let i = 0; i < 5; i++)
    fruit += ellipse(
      560 + i * 20,
      490 - (i % 2) * 12,
      22,
      20,
      roundLit(scene, random.pick(['#d4442c', '#e0a526', '#7aa63a', '#e06b2c'])),
    );
  scene.addObject(
    fruit,
    path('M530 500Q600 560 690 500Z', topLit(scene, bowl, 0.6)),
    ellipse(610, 500, 80, 8, shade(bowl, 0.1)),
  );
  scene.addObject(
    line(600, 0, 600, 150, '#222222', 2),
    path('M520 230Q520 150 600 150Q680 150 680 230Z', topLit(scene, random.pick(['#1d1d1d', '#c9a227', '#e9e4dc']))),
    ellipse(600, 230, 80, 8, '#fff3d6'),
  );
}

export function drawChair(scene: Scene, random: Random): void {
  room(scene, random, random.between(480, 560), random.cycle(FLOORS));
  const frame = random.cycle(['#6b4a30', '#1d1d1d', '#a77a4f', '#e9e4dc', '#3f5a73', '#c0c4c8']);
  const fabric = random.pick(FABRICS);
  const upholstered = random.chance(0.6);
  const seat: Face = [
    [410, 600],
    [770, 620],
    [810, 540],
    [480, 525],
  ];
  const back: Face = [
    [480, 525],
    [810, 540],
    [820, 250],
    [470, 235],
  ];
  let slats = '';
  if (!upholstered)
    for (let u = 0.15; u < 0.9; u += 0.175) slats += patch(back, u, 0.05, u + 0.08, 0.8, sideLit(scene, frame, 0.6));
  // Drawn a size up from the seat's coordinates, so the chair fills the photo.
  scene.addObject(
    `<g transform="translate(610 830) scale(1.3) translate(-610 -830)">`,
    contactShadow(scene, 610, 830, 480, 0.6),
    rect(486, 530, 14, 250, shade(frame, -0.35)),
    rect(792, 545, 14, 245, shade(frame, -0.4)),
    upholstered
      ? patch(back, 0, 0, 1, 1, roundLit(scene, fabric, 0.5)) + patch(back, 0, 0.96, 1, 1, shade(fabric, -0.3))
      : patch(back, 0, 0.8, 1, 1, sideLit(scene, frame)) +
          slats +
          patch(back, 0, -0.02, 0.04, 1, frame) +
          patch(back, 0.96, -0.02, 1, 1, shade(frame, -0.2)),
    patch(seat, 0, 0, 1, 1, topLit(scene, upholstered ? fabric : shade(frame, 0.1), 0.5)),
    polygon([410, 600, 770, 620, 770, 650, 410, 630], shade(upholstered ? fabric : frame, -0.3)),
    polygon([770, 620, 810, 540, 810, 570, 770, 650], shade(upholstered ? fabric : frame, -0.45)),
    rect(414, 628, 18, 210, sideLit(scene, frame)),
    rect(748, 648, 18, 200, sideLit(scene, frame)),
    '</g>',
  );
}
