import { mix, shade } from './colours';
import { outdoors, palm, sky } from './outdoors';
import { patch, type Face } from './perspective';
import type { Random } from './random';
import { circle, fade, line, polygon, rect, spread, topLit, type Scene } from './scene';

// Homes for sale or rent, photographed from the street.

const FACADES = ['#f1ede4', '#d9cbb0', '#c7ccd1', '#e6dccb', '#b9c4cc', '#efe6d8'];

/** A residential tower looking up from across the street: a lit front, a side in shade, rows of balconies. */
export function drawApartmentBuilding(scene: Scene, random: Random): void {
  outdoors(scene, random, 800, 'paving', random.pick(['clear', 'clear', 'hazy', 'evening'] as const));
  const facade = random.cycle(FACADES);
  const glassy = random.chance(0.35);
  const floors = random.int(16, 24);
  const columns = random.int(4, 6);
  const balconies = random.chance(0.75);
  const [left, right, depth] = [random.between(280, 360), random.between(780, 860), random.between(100, 150)];
  const top = random.between(40, 90);
  const front: Face = [
    [left, 800],
    [right, 800],
    [right - 40, top],
    [left + 30, top],
  ];
  const side: Face = [
    [right, 800],
    [right + depth, 798],
    [right + depth - 28, top + depth / 3],
    [right - 40, top],
  ];
  const glass = scene.linear(['0 #a9c4da', '0.5 #5f7d96', '1 #2f4253'], 0, 0, 1, 1);
  const sideGlass = scene.linear(['0 #7d93a6', '1 #2c3a47'], 0, 0, 1, 1);
  let windows = '';
  const lobby = 0.1;
  for (let floor = 0; floor < floors; floor++) {
    const v1 = lobby + ((1 - lobby) * floor) / floors;
    const v2 = lobby + ((1 - lobby) * (floor + 1)) / floors;
    const sill = v1 + (v2 - v1) * (glassy ? 0.12 : 0.28);
    for (let c = 0; c < columns; c++) {
      const [u1, u2] = [(c + 0.12) / columns, (c + 0.88) / columns];
      windows += patch(front, u1, sill, u2, v2 - (v2 - v1) * 0.1, glass);
    }
    for (let c = 0; c < 2; c++)
      windows += patch(side, (c + 0.15) / 2, sill, (c + 0.85) / 2, v2 - (v2 - v1) * 0.1, sideGlass);
    if (balconies) {
      windows += patch(front, -0.01, v1, 1.01, v1 + (v2 - v1) * 0.1, shade(facade, 0.1));
      windows += patch(front, -0.01, v1 - (v2 - v1) * 0.08, 1.01, v1, shade(facade, -0.35), 'fill-opacity="0.6"');
      windows += patch(front, 0, v1 + (v2 - v1) * 0.1, 1, v1 + (v2 - v1) * 0.42, '#cfe3ee', 'fill-opacity="0.35"');
      windows += patch(front, 0, v1 + (v2 - v1) * 0.42, 1, v1 + (v2 - v1) * 0.45, '#e8eef2', 'fill-opacity="0.8"');
    }
  }
  scene.addObject(
    patch(side, 0, 0, 1, 1, topLit(scene, shade(facade, -0.38), 0.5)),
    patch(front, 0, 0, 1, 1, scene.linear(spread(shade(facade, 0.12), facade, shade(facade, -0.12)), 0, 0, 1, 0)),
    windows,
    patch(front, 0.15, 1, 0.6, 1.05, shade(facade, -0.3)),
    patch(front, -0.01, 0.99, 1.01, 1.02, shade(facade, -0.15)),
    patch(side, 0, 0.99, 1, 1.02, shade(facade, -0.5)),
    patch(front, 0.3, 0, 0.7, lobby * 0.85, '#27323c'),
    patch(front, 0.42, 0, 0.58, lobby * 0.7, scene.linear(spread('#c9d6df', '#6d808f'))),
    patch(front, 0.25, lobby * 0.85, 0.75, lobby * 0.95, shade(facade, -0.45)),
    patch(front, 0, 0, 0.28, lobby, shade(facade, -0.05)),
    patch(front, 0.72, 0, 1, lobby, shade(facade, -0.05)),
  );
  let trees = '';
  for (const x of [random.between(120, 240), random.between(930, 1080)])
    trees += palm(x, 830, random.between(260, 360), '#3e6b34', '#8a7458');
  scene.addObject(rect(0, 800, 1200, 12, '#b9ad9a'), trees);
}

const VILLA_WALLS = ['#f3eee5', '#e8d9bf', '#f6f3ee', '#dccbb0', '#ece6dc', '#e2d3bd'];

/** A two-storey villa behind its boundary wall: flat or tiled roof, big windows, a gate and palms. */
export function drawVilla(scene: Scene, random: Random): void {
  sky(scene, random, 640, random.pick(['clear', 'clear', 'evening'] as const));
  const wall = random.cycle(VILLA_WALLS);
  const tiled = random.chance(0.4);
  const accent = random.pick(['#8a6a4a', '#5b5f63', '#b8a488', '#3f4a52']);
  const glass = scene.linear(['0 #b8cfdf', '0.45 #6b8598', '1 #33434f'], 0, 0, 0.6, 1);
  const frame = random.pick(['#2b2b2b', '#f4f4f4', '#5d4b3a']);
  const win = (x: number, y: number, w: number, h: number) =>
    rect(x - 6, y - 6, w + 12, h + 12, frame) +
    rect(x, y, w, h, glass) +
    line(x + w / 2, y, x + w / 2, y + h, frame, 5);
  const body = scene.linear(spread(shade(wall, 0.08), wall, shade(wall, -0.1)), 0, 0, 1, 0);
  const roof = tiled
    ? polygon([140, 300, 260, 190, 940, 190, 1060, 300], topLit(scene, random.pick(['#a2502f', '#8c4a32', '#5a5048'])))
    : rect(150, 250, 900, 40, shade(wall, -0.15)) + rect(150, 290, 900, 10, shade(wall, -0.4), 'fill-opacity="0.5"');
  // The entrance bay (clad, the front door at its foot) stands left, centre or right of the
  // house; windows fill the wall either side of it.
  const bay = random.cycle([430, 250, 650]);
  const spans = (
    [
      [160, bay],
      [bay + 240, 1040],
    ] as const
  ).filter(([from, to]) => to - from > 150);
  let windows = '';
  for (const [from, to] of spans) {
    const width = Math.min(300, to - from - 90);
    const x = (from + to - width) / 2;
    windows += win(x, 350, width, 120) + win(x + 10, 560, width - 20, random.pick([120, 130]));
  }
  const [balconyFrom, balconyTo] = random.pick(spans);
  scene.addObject(
    rect(0, 640, 1200, 260, scene.linear(spread('#c9b99f', '#b4a389'))),
    polygon([1040, 300, 1110, 330, 1110, 690, 1040, 700], shade(wall, -0.3)),
    rect(160, 290, 880, 410, body),
    rect(bay, 290, 240, 410, shade(accent, 0.1)),
    rect(bay, 290, 240, 410, scene.linear(fade('#000000', 0, 0.25), 0, 0, 1, 0)),
    roof,
    win(bay + 40, 340, 160, 150),
    windows,
    rect(140, 495, 920, 18, shade(wall, -0.05)),
    rect(140, 513, 920, 8, '#000000', 'fill-opacity="0.25"'),
    rect(balconyFrom + 30, 440, balconyTo - balconyFrom - 60, 55, '#d9e8f0', 'fill-opacity="0.35"'),
    line(balconyFrom + 30, 440, balconyTo - 30, 440, '#f0f4f6', 4),
    rect(bay + 60, 560, 120, 140, topLit(scene, accent, 0.5)),
    circle(bay + 160, 632, 5, '#c9a227'),
    rect(0, 690, 1200, 20, shade(wall, -0.45), 'fill-opacity="0.5"'),
  );
  const boundary = shade(wall, -0.08);
  let trees = '';
  for (const x of [random.between(60, 140), random.between(1050, 1150)])
    trees += palm(x, 760, random.between(420, 520), '#3d6b31', '#8a7255');
  scene.addObject(
    trees,
    rect(0, 640, 400, 130, scene.linear(spread(shade(boundary, 0.05), shade(boundary, -0.1)))),
    rect(800, 640, 400, 130, scene.linear(spread(shade(boundary, 0.05), shade(boundary, -0.1)))),
    rect(0, 630, 400, 14, shade(boundary, -0.15)),
    rect(800, 630, 400, 14, shade(boundary, -0.15)),
    rect(400, 660, 400, 110, mix(random.pick(['#2b2b2b', '#5a4636', '#6b6f73']), '#000000', 0.1)),
    rect(400, 660, 400, 110, scene.linear(['0 #ffffff 0.15', '1 #ffffff 0'])),
    rect(0, 770, 1200, 130, scene.linear(spread('#b4a58c', '#cbbda5'))),
    rect(0, 770, 1200, 6, '#000000', 'fill-opacity="0.25"'),
  );
  let bars = '';
  for (let x = 420; x < 800; x += 26) bars += line(x, 660, x, 770, '#1f1f1f', 4);
  scene.addObject(bars);
}
