import { shade } from './colours';
import type { Random } from './random';
import {
  chrome,
  circle,
  contactShadow,
  ellipse,
  highlight,
  line,
  polygon,
  rect,
  roundedRect,
  roundLit,
  sideLit,
  spread,
  topLit,
  type Scene,
} from './scene';
import { room, WOOD_COLOURS } from './settings';

// Large appliances, photographed where they are installed.

const FINISHES = ['#c9ccd0', '#f4f4f2', '#2a2b2e', '#b8bcc2', '#e9e4dc', '#5b5e63'];

/** Brushed steel or enamel: vertical bands of light, as a tall panel reflects a room. */
function panel(scene: Scene, finish: string): string {
  return scene.linear(
    [
      `0 ${shade(finish, 0.1)}`,
      `0.25 ${shade(finish, 0.22)}`,
      `0.5 ${finish}`,
      `0.8 ${shade(finish, -0.12)}`,
      `1 ${shade(finish, -0.2)}`,
    ],
    0,
    0,
    1,
    0,
  );
}

/** Kitchen units either side of a gap: worktop, base cupboards and wall cupboards. */
function kitchen(scene: Scene, random: Random, gapLeft: number, gapRight: number): void {
  const units = random.pick(['#f1efe9', '#2f3e4c', '#8a6a4a', '#d9d3c7', '#5b6b52']);
  const worktop = random.pick(['#e8e6e1', '#2b2b2b', random.pick(WOOD_COLOURS)]);
  for (const [x, width] of [
    [0, gapLeft - 10],
    [gapRight + 40, 1200 - gapRight - 40],
  ] as const) {
    scene.add(
      rect(x, 560, width, 260, sideLit(scene, units, 0.4)),
      rect(x, 540, width, 26, topLit(scene, worktop, 0.5)),
      rect(x, 70, width, 250, sideLit(scene, units, 0.4)),
      rect(x, 320, width, 14, '#000000', 'fill-opacity="0.12"'),
      line(x + width / 2, 570, x + width / 2, 820, shade(units, -0.3), 2),
      line(x + width / 2, 70, x + width / 2, 320, shade(units, -0.3), 2),
    );
  }
}

export function drawFridge(scene: Scene, random: Random): void {
  room(scene, random, 640, 'tiles');
  const finish = random.cycle(FINISHES);
  const style = random.cycle(['french', 'top-freezer', 'side-by-side'] as const);
  kitchen(scene, random, 360, 840);
  const [left, right, top, bottom] = [370, 830, 60, 830];
  const gap = shade(finish, -0.55);
  const handle = (x: number, y1: number, y2: number) => roundedRect(x - 7, y1, 14, y2 - y1, 7, chrome(scene, true));
  const bar = (x1: number, x2: number, y: number) => roundedRect(x1, y - 7, x2 - x1, 14, 7, chrome(scene, false));
  let doors = '';
  if (style === 'french') {
    doors =
      line(600, top, 600, 560, gap, 3) +
      line(left, 560, right, 560, gap, 4) +
      handle(575, 160, 460) +
      handle(625, 160, 460) +
      bar(480, 720, 600);
    doors += roundedRect(420, 240, 110, 150, 10, '#1a1b1d') + rect(440, 260, 70, 20, '#2f6b8f', 'fill-opacity="0.7"');
  } else if (style === 'top-freezer') {
    doors = line(left, 300, right, 300, gap, 4) + handle(left + 40, 120, 260) + handle(left + 40, 340, 600);
  } else {
    doors =
      line(580, top, 580, bottom - 40, gap, 3) +
      handle(555, 200, 600) +
      handle(605, 200, 600) +
      roundedRect(420, 250, 110, 160, 10, '#1a1b1d');
  }
  scene.addObject(
    contactShadow(scene, 610, bottom, 520, 0.6),
    polygon([right, top, right + 40, top + 20, right + 40, bottom - 6, right, bottom], shade(finish, -0.35)),
    roundedRect(left, top, right - left, bottom - top, 10, panel(scene, finish)),
    rect(left, bottom - 40, right - left, 40, shade(finish, -0.5)),
    doors,
    highlight(scene, 470, 420, 30, 300, 0.25),
  );
}

export function drawWashingMachine(scene: Scene, random: Random): void {
  const wall = random.pick(['#e9e6e1', '#dfe6ea', '#efe9e1', '#d4d9dc']);
  room(scene, random, 600, 'tiles', wall);
  let tiles = '';
  for (let y = 40; y < 600; y += 100) tiles += line(0, y, 1200, y, shade(wall, -0.15), 2);
  for (let x = 20; x < 1200; x += 100) tiles += line(x, 0, x, 600, shade(wall, -0.15), 2);
  scene.add(tiles);
  const finish = random.cycle(['#f4f4f2', '#c9ccd0', '#2a2b2e', '#e9e4dc', '#9aa0a6']);
  const trim = shade(finish, finish === '#2a2b2e' ? 0.25 : -0.12);
  const [cx, cy, r] = [600, 520, random.between(175, 195)];
  // The steel drum seen through the glass: perforated, with a lifter paddle.
  const holes = scene.pattern(26, 26, '<circle cx="13" cy="13" r="4" fill="#0d1114" fill-opacity="0.6"/>');
  const drum =
    circle(cx, cy, r - 40, holes) +
    circle(cx, cy, r * 0.35, 'none', 'stroke="#0d1114" stroke-opacity="0.35" stroke-width="10"') +
    `<rect x="${cx - 14}" y="${cy + r * 0.35}" width="28" height="${r * 0.4}" rx="10" fill="#8c959e" fill-opacity="0.5" transform="rotate(${random.between(0, 360)} ${cx} ${cy})"/>`;
  scene.addObject(
    contactShadow(scene, 610, 840, 560, 0.6),
    polygon([860, 120, 900, 140, 900, 830, 860, 840], shade(finish, -0.35)),
    roundedRect(340, 110, 520, 730, 14, panel(scene, finish)),
    rect(340, 230, 520, 4, trim),
    roundedRect(370, 140, 150, 64, 6, topLit(scene, shade(finish, 0.05), 0.4)),
    roundedRect(380, 184, 60, 10, 4, trim),
    circle(640, 172, 32, chrome(scene, false)),
    circle(640, 172, 24, roundLit(scene, shade(finish, 0.05))),
    roundedRect(700, 150, 120, 44, 6, '#15171a'),
    rect(712, 162, 46, 18, '#4fc3a1', 'fill-opacity="0.75"'),
    circle(780, 171, 6, '#e0a526'),
    circle(cx, cy, r + 18, sideLit(scene, shade(finish, -0.06), 0.8)),
    circle(cx, cy, r, chrome(scene, false, '#b8bcc2')),
    circle(cx, cy, r - 18, '#3a3d42'),
    circle(cx, cy, r - 34, scene.radial(spread('#6c7f8f', '#2f3b46', '#12171c'), 0.5, 0.55, 0.55)),
    drum,
    ellipse(
      cx - r * 0.35,
      cy - r * 0.4,
      r * 0.35,
      r * 0.14,
      '#ffffff',
      `fill-opacity="0.35" transform="rotate(-35 ${cx - r * 0.35} ${cy - r * 0.4})"`,
    ),
    roundedRect(cx + r + 4, cy - 40, 20, 80, 8, trim),
    rect(360, 790, 480, 30, shade(finish, -0.08)),
    roundedRect(760, 796, 60, 18, 4, trim),
  );
}
