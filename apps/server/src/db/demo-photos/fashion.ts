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
import { room, studio, tabletop, WALL_COLOURS } from './settings';

// Clothes on a hanger against a wall, shoes and bags in a light box or on a table.

const CLOTH = ['#f4f2ee', '#2f4a6b', '#a4574a', '#7f9cb8', '#3a3a3c', '#5b6b52', '#d9c7a8', '#c9718a'];

/** The cloth's surface: plain, striped, checked or dotted. */
function fabric(scene: Scene, random: Random, colour: string): string {
  const print = random.cycle(['plain', 'stripes', 'plain', 'checks', 'dots'] as const);
  const thread = random.pick(['#ffffff', '#1f2a3a', '#b5523b', '#d9c7a8']);
  if (print === 'stripes')
    return scene.pattern(
      22,
      22,
      `<rect width="22" height="22" fill="${colour}"/><rect width="5" height="22" fill="${thread}" fill-opacity="0.7"/>`,
    );
  if (print === 'checks') {
    return scene.pattern(
      40,
      40,
      `<rect width="40" height="40" fill="${colour}"/><rect width="14" height="40" fill="${thread}" fill-opacity="0.35"/><rect width="40" height="14" fill="${thread}" fill-opacity="0.35"/>`,
    );
  }
  if (print === 'dots')
    return scene.pattern(
      34,
      34,
      `<rect width="34" height="34" fill="${colour}"/><circle cx="8" cy="8" r="5" fill="${thread}" fill-opacity="0.8"/><circle cx="25" cy="25" r="5" fill="${thread}" fill-opacity="0.8"/>`,
    );
  return colour;
}

/** Folds: soft vertical shadows where the cloth hangs in, light where it bulges. */
function folds(scene: Scene): string {
  return scene.linear(
    [
      '0 #000000 0.3',
      '0.12 #ffffff 0.12',
      '0.3 #000000 0.08',
      '0.5 #ffffff 0.1',
      '0.7 #000000 0.12',
      '0.86 #ffffff 0.05',
      '1 #000000 0.35',
    ],
    0,
    0,
    1,
    0,
  );
}

function hanger(scene: Scene, wood: string): string {
  return (
    path(
      'M600 168L600 130Q600 92 630 92Q656 92 656 118',
      'none',
      `stroke="${chrome(scene, false)}" stroke-width="8" stroke-linecap="round"`,
    ) +
    path('M392 236Q420 214 600 160Q780 214 808 236L800 248Q760 230 600 184Q440 230 400 248Z', topLit(scene, wood, 0.8))
  );
}

function clothesSetting(scene: Scene, random: Random): void {
  if (random.chance(0.5)) room(scene, random, 900, 'wood', random.pick(WALL_COLOURS));
  else studio(scene, random);
}

export function drawShirt(scene: Scene, random: Random): void {
  clothesSetting(scene, random);
  const colour = random.cycle(CLOTH);
  const cloth = fabric(scene, random, colour);
  const tee = random.chance(0.35);
  const outline = tee
    ? 'M560 182Q600 210 640 182L800 226L930 400L850 450L790 370L792 830Q600 850 408 830L410 370L350 450L270 400L400 226Z'
    : 'M560 182L640 182L800 226Q850 260 860 330L900 680L830 692L790 400L792 820Q700 860 600 835Q500 860 408 820L410 400L370 692L300 680L340 330Q350 260 400 226Z';
  const edge = shade(colour, -0.35);
  let buttons = '';
  if (!tee)
    for (let y = 260; y < 800; y += 78)
      buttons +=
        circle(600, y, 7, shade(colour, 0.3)) + circle(600, y, 7, 'none', `stroke="${edge}" stroke-width="1.5"`);
  const collar = tee
    ? path('M560 182Q600 226 640 182Q600 240 560 182Z', shade(colour, -0.25))
    : path('M548 176L600 240L652 176L660 200L612 270L600 246L588 270L540 200Z', cloth) +
      path(
        'M548 176L600 240L652 176L660 200L612 270L600 246L588 270L540 200Z',
        'none',
        `stroke="${edge}" stroke-width="2"`,
      );
  scene.addObject(
    path(outline, '#000000', 'fill-opacity="0.18" transform="translate(14 16)"'),
    path(outline, cloth),
    path(outline, folds(scene)),
    path(outline, 'none', `stroke="${edge}" stroke-width="2"`),
    tee ? '' : line(600, 240, 600, 830, edge, 2) + rect(588, 240, 24, 590, '#ffffff', 'fill-opacity="0.06"'),
    tee ? '' : path('M440 330L520 330L520 420Q480 436 440 420Z', 'none', `stroke="${edge}" stroke-width="2"`),
    tee ? '' : line(300, 660, 370, 672, edge, 2) + line(830, 672, 900, 660, edge, 2),
    buttons,
    hanger(scene, random.pick(['#a77a4f', '#d2b48c', '#3b2a1e'])),
    collar,
  );
}

export function drawDress(scene: Scene, random: Random): void {
  clothesSetting(scene, random);
  const colour = random.cycle(['#a4174a', '#1f2a44', '#e9c9b8', '#2f6b5a', '#f2efe8', '#c98a2b', '#6b4a8a', '#111214']);
  const cloth = fabric(scene, random, colour);
  const outline =
    'M520 190Q600 250 680 190L720 210L700 300Q690 380 670 430L680 470Q790 660 880 860Q600 900 320 860Q410 660 520 470L530 430Q510 380 500 300L480 210Z';
  const edge = shade(colour, -0.35);
  scene.addObject(
    path(outline, '#000000', 'fill-opacity="0.18" transform="translate(14 16)"'),
    path(outline, cloth),
    path(outline, folds(scene)),
    path(
      'M520 470Q600 500 680 470L700 860Q600 880 500 860Z',
      scene.linear(['0 #000000 0.1', '0.5 #ffffff 0.08', '1 #000000 0.15'], 0, 0, 1, 0),
    ),
    path(outline, 'none', `stroke="${edge}" stroke-width="2"`),
    random.chance(0.5) ? path('M528 430Q600 455 672 430L680 470Q600 495 520 470Z', shade(colour, -0.3)) : '',
    path(
      'M420 700Q430 780 440 860M760 700Q770 780 780 860M600 520L600 880',
      'none',
      `stroke="${edge}" stroke-width="2" stroke-opacity="0.4"`,
    ),
    hanger(scene, random.pick(['#a77a4f', '#d2b48c', '#3b2a1e'])),
  );
}

const SHOE_UPPERS = ['#f4f2ee', '#1d1e21', '#2f4a6b', '#b3121b', '#8a8f94', '#d9c7a8', '#3f5a3a'];

/** A sneaker in profile, toe to the left: midsole, upper with toe cap and side stripe, tongue, laces. */
function sneaker(scene: Scene, upper: string, accent: string, sole: string): string {
  const body =
    'M205 628C198 585 235 562 300 554L470 522C560 502 630 470 680 440L720 446Q770 478 845 458C895 446 925 480 933 545L940 628Z';
  let laces = '';
  for (let i = 0; i < 6; i++) {
    const [x, y] = [478 + i * 38, 520 - i * 15];
    laces += circle(x, y + 10, 5, shade(upper, -0.5));
    laces += line(x - 16, y - 4, x + 20, y + 8, '#f4f4f2', 7, 'stroke-linecap="round"');
  }
  const edge = `stroke="${shade(upper, -0.35)}" stroke-width="2"`;
  return (
    contactShadow(scene, 570, 690, 800, 0.75) +
    path('M660 452Q650 395 700 388L735 392Q745 420 728 452Z', topLit(scene, shade(upper, -0.06))) +
    path(body, sideLit(scene, upper, 0.8)) +
    path('M205 628C198 585 235 562 300 554L350 546Q320 590 330 628Z', shade(upper, -0.08)) +
    path('M470 600Q620 560 760 480Q800 470 820 500Q690 580 520 628Z', accent) +
    path('M860 456C900 448 925 480 933 545L936 600Q900 590 880 540Q870 490 848 460Z', shade(accent, -0.1)) +
    path('M720 446Q770 478 845 458', 'none', `stroke="${shade(upper, -0.5)}" stroke-width="7" stroke-linecap="round"`) +
    laces +
    path(body, 'none', edge) +
    path('M330 628Q320 590 350 546', 'none', `${edge} stroke-dasharray="5 4"`) +
    path('M196 626L944 626Q952 660 940 684L230 690Q192 684 196 650Z', topLit(scene, sole, 0.45)) +
    path('M226 684L940 678L936 698L236 704Z', shade(sole, -0.55)) +
    line(240, 648, 925, 646, shade(sole, -0.2), 2) +
    highlight(scene, 330, 575, 70, 10, 0.45)
  );
}

export function drawSneakers(scene: Scene, random: Random): void {
  const setting = random.cycle(['studio', 'wood', 'tiles'] as const);
  if (setting === 'studio') studio(scene, random);
  else room(scene, random, random.between(420, 480), setting);
  const upper = random.cycle(SHOE_UPPERS);
  const accent = random.pick(['#b3121b', '#1f4fa3', '#f4f2ee', '#d4a017', '#1d1e21', '#2f8f6a']);
  const sole = random.pick(['#f6f5f1', '#f6f5f1', '#e9dcc3', '#1d1e21']);
  const pair = random.chance(0.7);
  if (pair)
    scene.addObject(
      `<g transform="translate(170 -90) scale(0.88)">${sneaker(scene, shade(upper, -0.08), shade(accent, -0.1), shade(sole, -0.05))}</g>`,
    );
  scene.addObject(
    `<g transform="translate(${pair ? -40 : 30} ${pair ? 60 : 40})">${sneaker(scene, upper, accent, sole)}</g>`,
  );
}

export function drawHandbag(scene: Scene, random: Random): void {
  const setting = random.cycle(['studio', 'marble', 'wood'] as const);
  if (setting === 'studio') studio(scene, random);
  else tabletop(scene, random, random.between(560, 620), setting);
  const leather = random.cycle([
    '#7a4a2a',
    '#1d1e21',
    '#b3121b',
    '#d9c7a8',
    '#2f4a6b',
    '#c98a5b',
    '#f1ece3',
    '#5b6b52',
  ]);
  const metal = random.pick(['#c9a227', '#c9a227', '#b8bcc2']);
  const stitch = `stroke="${shade(leather, 0.35)}" stroke-width="2" stroke-dasharray="7 5"`;
  const body = 'M330 420L870 420L930 760Q930 790 900 790L300 790Q270 790 270 760Z';
  scene.addObject(
    contactShadow(scene, 600, 790, 700, 0.7),
    path(
      'M420 430Q420 200 600 200Q780 200 780 430',
      'none',
      `stroke="${shade(leather, -0.25)}" stroke-width="30" stroke-linecap="round"`,
    ),
    path(
      'M420 430Q420 200 600 200Q780 200 780 430',
      'none',
      `stroke="${topLit(scene, leather, 0.8)}" stroke-width="22" stroke-linecap="round"`,
    ),
    path('M870 420L930 760Q930 790 900 790L890 790L850 430Z', shade(leather, -0.35)),
    path(body, sideLit(scene, leather, 0.8)),
    path(body, scene.linear(['0 #ffffff 0.15', '0.3 #ffffff 0', '1 #000000 0.2'])),
    path('M345 440L855 440L908 760L292 760Z', 'none', stitch),
    path('M325 420L875 420L880 560Q600 600 320 560Z', topLit(scene, shade(leather, 0.05), 0.6)),
    path('M338 432L862 432L866 548Q600 586 334 548Z', 'none', stitch),
    rect(570, 540, 60, 50, chrome(scene, true, metal), 'rx="6"'),
    rect(588, 556, 24, 18, shade(metal, -0.4), 'rx="4"'),
    circle(420, 432, 14, chrome(scene, false, metal)),
    circle(780, 432, 14, chrome(scene, false, metal)),
    highlight(scene, 450, 470, 100, 12, 0.35),
  );
}

export function drawWatch(scene: Scene, random: Random): void {
  const setting = random.cycle(['studio', 'wood', 'linen', 'marble'] as const);
  if (setting === 'studio') studio(scene, random);
  else tabletop(scene, random, 0, setting);
  const dial = random.cycle(['#15171a', '#f2f0ea', '#1f3a6b', '#2f5a45', '#6b6f73', '#e9dcc3']);
  const caseTint = random.pick(['#c8ccd2', '#c8ccd2', '#c9a227', '#3a3d41']);
  const leather = random.chance(0.5);
  const strapColour = leather ? random.pick(['#5a3a22', '#1d1e21', '#7a4a2a', '#2f3e4c']) : caseTint;
  const [cx, cy, r] = [600, 450, 190];
  const ink = dial === '#f2f0ea' || dial === '#e9dcc3' ? '#1d1e21' : '#f4f4f2';
  let markers = '';
  for (let i = 0; i < 12; i++) {
    const long = i % 3 === 0;
    markers += `<rect x="${cx - (long ? 6 : 4)}" y="${cy - r * 0.8}" width="${long ? 12 : 8}" height="${long ? 34 : 22}" fill="${ink}" transform="rotate(${i * 30} ${cx} ${cy})"/>`;
  }
  const [hours, minutes, seconds] = [random.between(0, 12), random.between(0, 60), random.between(0, 60)];
  const hand = (angle: number, length: number, width: number, colour: string) =>
    `<rect x="${cx - width / 2}" y="${cy - length}" width="${width}" height="${length + 24}" rx="${width / 2}" fill="${colour}" transform="rotate(${angle} ${cx} ${cy})"/>`;
  const links = `<rect width="210" height="48" fill="${shade(caseTint, -0.1)}"/><rect x="64" width="82" height="48" fill="${shade(caseTint, 0.35)}"/><rect y="44" width="210" height="4" fill="${shade(caseTint, -0.55)}"/><rect x="62" width="3" height="48" fill="${shade(caseTint, -0.5)}"/><rect x="146" width="3" height="48" fill="${shade(caseTint, -0.5)}"/>`;
  const strap = leather ? topLit(scene, strapColour, 0.4) : scene.pattern(210, 48, links, `translate(${cx - 105} 0)`);
  const stitching = `stroke="${shade(strapColour, 0.35)}" stroke-width="2" stroke-dasharray="8 6"`;
  const leatherDetails = leather
    ? path(`M${cx - 92} 0V900M${cx + 92} 0V900`, 'none', stitching) +
      [760, 810, 860].map((y) => ellipse(cx, y, 8, 6, shade(strapColour, -0.6))).join('')
    : '';
  const lug = (x: number, y: number) => rect(x, y, 44, 90, chrome(scene, true, caseTint), 'rx="14"');
  // Not mirrored: a watch's crown is at three o'clock and its hands turn one way.
  scene.add(
    contactShadow(scene, cx, cy + r + 20, 520, 0.5),
    rect(cx - 105, 0, 210, 900, strap),
    rect(cx - 105, 0, 210, 900, sideLit(scene, '#808080', 0.6), 'fill-opacity="0.35"'),
    leatherDetails,
    lug(cx - 125, cy - r - 70),
    lug(cx + 81, cy - r - 70),
    lug(cx - 125, cy + r - 20),
    lug(cx + 81, cy + r - 20),
    rect(cx + r - 8, cy - 24, 34, 48, chrome(scene, false, caseTint), 'rx="8"'),
    circle(cx, cy, r + 22, chrome(scene, false, caseTint)),
    circle(cx, cy, r, roundLit(scene, dial, 0.5)),
    markers,
    hand(hours * 30, r * 0.5, 14, ink),
    hand(minutes * 6, r * 0.75, 10, ink),
    hand(seconds * 6, r * 0.85, 3, '#c0392b'),
    circle(cx, cy, 10, ink),
    ellipse(
      cx - r * 0.3,
      cy - r * 0.45,
      r * 0.45,
      r * 0.18,
      '#ffffff',
      `fill-opacity="0.18" transform="rotate(-30 ${cx - r * 0.3} ${cy - r * 0.45})"`,
    ),
    highlight(scene, cx + r * 0.5, cy + r * 0.5, 40, 12, 0.3),
  );
}
