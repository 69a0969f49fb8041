import { shade } from './colours';
import type { Random } from './random';
import {
  contactShadow,
  ellipse,
  fade,
  group,
  highlight,
  line,
  path,
  polygon,
  rect,
  roundedRect,
  type Scene,
} from './scene';
import { randomRim, wheel } from './wheels';

// Cars in profile, as a seller photographs one along a kerb: front to the left, lit from the left.

export const CAR_PAINTS = ['#b3121b', '#f2f2f0', '#111316', '#1f3f7a', '#8d9399', '#c9c3b6', '#0e4d3a', '#5a5f66'];

export interface CarBody {
  /** The outline of the body, wheel arches cut out. */
  outline: string;
  /** The side windows as one shape; pillars are painted over it. */
  glass: string;
  /** The pillars between windows: x, and the top and bottom of the glass there. */
  pillars: readonly (readonly [number, number, number])[];
  /** Door shut lines. */
  doors: string;
  /** Front and rear axle x. */
  axles: readonly [number, number];
  wheelRadius: number;
  archRadius: number;
  /** The bottom edge of the body. */
  sill: number;
  /** Unpainted plastic around the wheel arches, as on an off-roader. */
  cladding: boolean;
  ground: number;
  headlamp: string;
  taillamp: string;
  /** Where the door mirror meets the door. */
  mirror: readonly [number, number];
  /** The shoulder line, where the paint catches the light in a long streak: from x, to x, at y. */
  shoulder: readonly [number, number, number];
}

/** Paint: bright roof and shoulder, a highlight along the crease, the lower body reflecting the ground. */
function paint(scene: Scene, colour: string): string {
  const dark = colour === '#111316';
  return scene.linear([
    `0 ${shade(colour, dark ? 0.35 : 0.45)}`,
    `0.3 ${shade(colour, 0.05)}`,
    `0.52 ${shade(colour, dark ? 0.22 : 0.25)}`,
    `0.56 ${colour}`,
    `0.8 ${shade(colour, -0.3)}`,
    `1 ${shade(colour, -0.55)}`,
  ]);
}

export function drawCar(scene: Scene, random: Random, body: CarBody, colour: string): void {
  const [front, rear] = body.axles;
  const r = body.wheelRadius;
  const axle = body.ground - r;
  const rim = randomRim(random);
  const glass = scene.linear(['0 #a9bccb', '0.35 #3d4a55', '1 #161c22'], 0, 0, 0.3, 1);
  let pillars = '';
  for (const [x, top, bottom] of body.pillars) {
    pillars += polygon([x - 9, top - 4, x + 9, top - 4, x + 7, bottom + 4, x - 7, bottom + 4], '#121416');
  }
  const [mx, my] = body.mirror;
  const mirror = `M${mx} ${my}l-22 -14q-4 -14 14 -16l30 4q6 14 -6 26z`;
  const [sx1, sx2, sy] = body.shoulder;
  const handle = (x: number) =>
    roundedRect(x, sy + 22, 46, 9, 4, shade(colour, -0.35)) +
    line(x + 4, sy + 23, x + 42, sy + 23, shade(colour, 0.5), 1.5);
  const archEnd = Math.sqrt(body.archRadius ** 2 - (body.sill - axle) ** 2);
  let arches = '';
  for (const x of body.cladding ? body.axles : []) {
    const arc = `M${x + archEnd} ${body.sill}A${body.archRadius} ${body.archRadius} 0 1 0 ${x - archEnd} ${body.sill}`;
    arches += path(arc, 'none', `stroke="#1c1c1c" stroke-width="${body.archRadius * 0.12}"`);
  }
  scene.addObject(
    contactShadow(scene, (front + rear) / 2, body.ground, rear - front + 2.4 * r, 0.75),
    ellipse((front + rear) / 2, body.ground - 8, (rear - front) / 2 + r, 26, scene.radial(fade('#000000', 0.6, 0))),
    ellipse(front, axle, body.archRadius, body.archRadius, '#0b0b0b'),
    ellipse(rear, axle, body.archRadius, body.archRadius, '#0b0b0b'),
    path(body.outline, paint(scene, colour)),
    path(body.outline, scene.linear([...fade('#ffffff', 0.12, 0), '1 #000000 0.18'], 0, 0, 1, 0)),
    path(body.glass, glass),
    path(body.glass, 'none', 'stroke="#0c0c0c" stroke-width="5"'),
    path(
      body.glass,
      scene.linear(['0.25 #ffffff 0', '0.32 #ffffff 0.22', '0.45 #ffffff 0.08', '0.5 #ffffff 0'], 0, 0, 1, 0.4),
    ),
    pillars,
    path(body.doors, 'none', `stroke="${shade(colour, -0.55)}" stroke-width="2.5"`),
    path(
      body.doors,
      'none',
      `stroke="${shade(colour, 0.3)}" stroke-width="1" transform="translate(2 0)" stroke-opacity="0.6"`,
    ),
    highlight(scene, (sx1 + sx2) / 2, sy + 4, (sx2 - sx1) / 2, 7, 0.75),
    highlight(scene, sx1 + 40, sy + 36, 120, 5, 0.5),
    path(body.headlamp, scene.linear(['0 #fdfdfb', '0.5 #cfd6dc', '1 #6d7680'])),
    path(body.headlamp, 'none', 'stroke="#2a2a2a" stroke-width="2"'),
    path(body.taillamp, scene.linear(['0 #ff5a4a', '0.5 #b3110c', '1 #5a0806'])),
    path(mirror, paint(scene, colour)),
    path(mirror, 'none', `stroke="${shade(colour, -0.5)}" stroke-width="1.5"`),
    arches,
    rect(
      front + archEnd,
      body.sill - 12,
      rear - front - 2 * archEnd,
      12,
      body.cladding ? '#1c1c1c' : shade(colour, -0.6),
    ),
    path(`M${body.axles[0] - 150} ${body.sill - 34}h90l8 24h-100z`, '#151515', 'fill-opacity="0.8"'),
    handle((body.pillars[0]?.[0] ?? front + 200) - 80),
    handle((body.pillars.at(-1)?.[0] ?? rear - 100) + 40),
    group(`translate(${front} ${axle})`, wheel(scene, r, rim)),
    group(`translate(${rear} ${axle})`, wheel(scene, r, rim)),
  );
}

export const SEDAN: CarBody = {
  outline:
    'M160 706C146 680 146 630 160 612Q190 596 300 588L450 574C510 515 555 478 610 470L770 468C835 474 885 520 930 566L1035 576Q1056 582 1054 616L1049 690Q1044 706 1022 706L942 706A80 80 0 1 0 798 706L392 706A80 80 0 1 0 248 706Z',
  glass: 'M478 572C530 522 570 486 616 482L768 480C815 488 852 525 884 568Z',
  pillars: [[690, 482, 568]],
  doors: 'M470 576L462 690M690 576L686 704M884 570Q876 630 892 668',
  axles: [320, 870],
  wheelRadius: 70,
  archRadius: 80,
  sill: 706,
  cladding: false,
  ground: 742,
  headlamp: 'M164 620Q200 604 265 604L252 626Q206 630 162 630Z',
  taillamp: 'M1020 586L1054 590L1054 614L1024 612Z',
  mirror: [478, 570],
  shoulder: [300, 990, 596],
};

export const SUV: CarBody = {
  outline:
    'M158 722C144 680 144 620 158 604Q200 580 330 572L440 562C490 492 520 444 566 436L930 432Q990 434 1010 456L1040 560Q1056 580 1054 626L1050 706Q1044 722 1020 722L962 722A90 90 0 1 0 798 722L392 722A90 90 0 1 0 228 722Z',
  glass: 'M466 560C508 496 538 452 576 448L920 446Q972 450 988 470L1012 558Z',
  pillars: [
    [680, 448, 558],
    [880, 446, 558],
  ],
  doors: 'M458 564L452 706M680 564L678 720M880 562Q870 650 884 690',
  axles: [310, 880],
  wheelRadius: 78,
  archRadius: 90,
  sill: 722,
  cladding: true,
  ground: 764,
  headlamp: 'M160 612Q210 590 272 588L262 616Q210 622 158 624Z',
  taillamp: 'M1026 470L1044 560L1052 606L1034 604L1018 480Z',
  mirror: [468, 558],
  shoulder: [300, 1000, 578],
};

/** Roof rails on an SUV, standing just above the roof line. */
export function roofRails(colour: string): string {
  return (
    rect(570, 421, 370, 7, shade(colour, -0.6), 'rx="3"') +
    rect(600, 426, 18, 7, '#1a1a1a') +
    rect(900, 426, 18, 7, '#1a1a1a')
  );
}
