import { CAR_PAINTS, drawCar, roofRails, SEDAN, SUV } from './cars';
import { driveway, outdoors } from './outdoors';
import type { Random } from './random';
import { shade } from './colours';
import {
  chrome,
  circle,
  contactShadow,
  cylinderLit,
  ellipse,
  group,
  highlight,
  line,
  path,
  rect,
  roundLit,
  spread,
  topLit,
  type Scene,
} from './scene';
import { room, showroom, studio } from './settings';
import { randomRim, wheel } from './wheels';

/** Where cars are photographed: the dealer's showroom, a street, or the seller's driveway. */
function carSetting(scene: Scene, random: Random): void {
  const setting = random.cycle(['showroom', 'street', 'driveway', 'desert'] as const);
  if (setting === 'showroom') showroom(scene, random, 520);
  else if (setting === 'street') outdoors(scene, random, 540, 'asphalt');
  else if (setting === 'driveway') driveway(scene, random, 560);
  else outdoors(scene, random, 520, 'sand');
}

export function drawSedan(scene: Scene, random: Random): void {
  carSetting(scene, random);
  drawCar(scene, random, SEDAN, random.cycle(CAR_PAINTS));
}

export function drawSuv(scene: Scene, random: Random): void {
  carSetting(scene, random);
  const colour = random.cycle(CAR_PAINTS);
  if (random.chance(0.6)) scene.addObject(roofRails(colour));
  drawCar(scene, random, SUV, colour);
}

const BIKE_COLOURS = ['#c8161d', '#111316', '#1d4fa0', '#f0f0ee', '#e46b12', '#2f6b3a', '#7a7f86'];

/** A motorcycle wheel: a thick tyre, a narrow rim, thin spokes and, at the front, a brake disc. */
function bikeWheel(scene: Scene, cx: number, cy: number, rim: string, disc: boolean): string {
  let spokes = '';
  for (let i = 0; i < 5; i++) {
    const angle = (i / 5) * Math.PI * 2;
    const [x, y] = [Math.cos(angle) * 92, Math.sin(angle) * 92];
    spokes += line(cx, cy, cx + x, cy + y, rim, 9, 'stroke-linecap="round"');
  }
  return (
    circle(cx, cy, 130, roundLit(scene, '#2a2a2a', 0.7)) +
    circle(cx, cy, 100, '#0e0e0e') +
    circle(cx, cy, 96, 'none', `stroke="${rim}" stroke-width="8"`) +
    (disc ? circle(cx, cy, 68, 'none', `stroke="${chrome(scene, false)}" stroke-width="22"`) : '') +
    spokes +
    circle(cx, cy, 20, chrome(scene, false))
  );
}

export function drawMotorcycle(scene: Scene, random: Random): void {
  carSetting(scene, random);
  const colour = random.cycle(BIKE_COLOURS);
  const frame = random.pick(['#1a1a1a', '#1a1a1a', '#b8bcc2', shade(colour, -0.2)]);
  const rim = random.pick(['#1a1a1a', '#1a1a1a', '#c9a227', shade(colour, -0.1), '#b8bcc2']);
  const metal = chrome(scene, false);
  const paint = topLit(scene, colour, 1.2);
  let fins = '';
  for (let y = 452; y < 530; y += 11) fins += line(505, y, 690, y - 4, '#3c3f44', 3.5);
  let coils = '';
  for (let i = 0; i < 8; i++)
    coils += line(836 + i * 2.6 - 14, 420 + i * 20, 836 + i * 2.6 + 14, 414 + i * 20, '#d4a017', 5);
  scene.addObject(
    contactShadow(scene, 590, 770, 900, 0.8),
    bikeWheel(scene, 880, 640, rim, false),
    path('M760 560A138 138 0 0 1 900 504', 'none', 'stroke="#1d1d1d" stroke-width="14"'),
    line(850, 400, 830, 600, '#1d1d1d', 16, 'stroke-linecap="round"'),
    coils,
    line(712, 572, 880, 640, frame, 26, 'stroke-linecap="round"'),
    circle(880, 640, 42, 'none', 'stroke="#2a2a2a" stroke-width="8" stroke-dasharray="6 4"'),
    bikeWheel(scene, 300, 640, rim, true),
    path('M170 610A138 138 0 0 1 390 540', 'none', `stroke="${paint}" stroke-width="16"`),
    line(300, 640, 352, 528, '#2a2a2a', 30, 'stroke-linecap="round"'),
    line(352, 528, 420, 380, metal, 20, 'stroke-linecap="round"'),
    path(
      'M430 390L700 420L712 580M440 400L505 560',
      'none',
      `stroke="${frame}" stroke-width="20" stroke-linejoin="round"`,
    ),
    path('M498 440L700 430L712 520Q700 600 620 616L540 616Q490 600 492 520Z', cylinderLit(scene, '#8c9096', false)),
    fins,
    circle(640, 568, 40, metal),
    circle(640, 568, 40, 'none', 'stroke="#3c3f44" stroke-width="3"'),
    path('M520 590C530 680 640 684 770 646', 'none', `stroke="${metal}" stroke-width="14" stroke-linecap="round"`),
    path('M760 628L940 570L954 604L774 666Z', cylinderLit(scene, '#b0b5bb', false)),
    ellipse(947, 587, 9, 18, '#1d1d1d', 'transform="rotate(-18 947 587)"'),
    path('M700 396L890 392L860 452L712 462Z', topLit(scene, shade(colour, -0.15))),
    path('M860 352L985 338Q998 340 994 352L950 395L880 400Z', paint),
    path('M690 348Q760 338 860 352Q900 356 905 372L890 394L700 398Z', topLit(scene, '#26282b', 0.9)),
    path('M452 392C470 350 510 326 560 322C620 318 660 330 690 346L700 410Q600 430 470 430Z', paint),
    highlight(scene, 565, 342, 85, 11, 0.85),
    rect(982, 340, 16, 10, '#c0140f'),
    line(430, 375, 480, 340, '#1d1d1d', 10, 'stroke-linecap="round"'),
    line(476, 342, 516, 334, '#111111', 16, 'stroke-linecap="round"'),
    line(478, 340, 462, 292, '#1d1d1d', 4),
    ellipse(458, 286, 16, 10, '#1d1d1d'),
    circle(455, 345, 16, '#1d1d1d'),
    circle(398, 376, 38, metal),
    circle(392, 376, 30, scene.radial(spread('#ffffff', '#dbe3ea', '#7d8894'), 0.4, 0.4, 0.6)),
    line(640, 610, 585, 766, '#2a2a2a', 8, 'stroke-linecap="round"'),
    circle(716, 600, 10, '#2a2a2a'),
  );
}

/**
 * A spare wheel as sold: stood upright and turned a little, so the tread shows beside the rim.
 * The tread is a band between the front face and the back of the tyre.
 */
function spareWheel(scene: Scene, random: Random, cx: number, cy: number, radius: number, turn: number): string {
  const width = radius * 0.45 * Math.sqrt(1 - turn * turn);
  const face = radius * turn;
  const band = `M${cx} ${cy - radius}L${cx + width} ${cy - radius}A${face} ${radius} 0 0 1 ${cx + width} ${cy + radius}L${cx} ${cy + radius}A${face} ${radius} 0 0 0 ${cx} ${cy - radius}Z`;
  let grooves = '';
  for (let angle = 0.12; angle < Math.PI; angle += 0.09) {
    const [x, y] = [cx + face * Math.sin(angle), cy - radius * Math.cos(angle)];
    grooves += line(x, y, x + width, y, '#0c0c0c', 3 * Math.sin(angle) + 0.5);
  }
  for (const along of [0.3, 0.65]) {
    const x = cx + width * along;
    grooves += path(
      `M${x} ${cy - radius}A${face} ${radius} 0 0 1 ${x} ${cy + radius}`,
      'none',
      'stroke="#0c0c0c" stroke-width="5"',
    );
  }
  return (
    contactShadow(scene, cx + width / 2, cy + radius, radius * 2.2, 0.7) +
    path(band, scene.linear(spread('#3a3a3a', '#1e1e1e', '#0e0e0e'))) +
    grooves +
    group(
      `translate(${cx} ${cy}) scale(${turn} 1)`,
      wheel(scene, radius, randomRim(random), random.pick(['#b3121b', '#d4a017', '#3b3b3b'])),
    )
  );
}

export function drawCarWheel(scene: Scene, random: Random): void {
  const setting = random.cycle(['studio', 'garage', 'tiles'] as const);
  if (setting === 'studio') studio(scene, random);
  else
    room(
      scene,
      random,
      random.between(480, 560),
      setting === 'garage' ? 'carpet' : 'tiles',
      random.pick(['#b9b7b2', '#8f9399', '#d9d5cc']),
    );
  const turn = random.between(0.62, 0.85);
  if (random.chance(0.4)) scene.addObject(spareWheel(scene, random, 820, 430, 250, turn));
  scene.addObject(spareWheel(scene, random, 520, 480, 310, turn));
}
