import { shade } from './colours';
import type { Random } from './random';
import {
  chrome,
  circle,
  contactShadow,
  ellipse,
  group,
  highlight,
  line,
  path,
  rect,
  roundedRect,
  roundLit,
  sideLit,
  spread,
  topLit,
  type Scene,
} from './scene';
import { studio, tabletop } from './settings';

// Cameras, game controllers and headphones: small things shot close on a table or in a light box.

function smallThingSetting(scene: Scene, random: Random, edge: number): void {
  const setting = random.cycle(['wood', 'studio', 'linen', 'marble'] as const);
  if (setting === 'studio') studio(scene, random);
  else tabletop(scene, random, edge, setting);
}

/** A camera lens seen from the front: barrel, ribbed focus ring, and the coated front glass. */
function lens(scene: Scene, cx: number, cy: number, radius: number, barrel: string): string {
  return (
    circle(cx, cy, radius, roundLit(scene, barrel, 0.8)) +
    circle(
      cx,
      cy,
      radius * 0.9,
      'none',
      `stroke="${shade(barrel, -0.4)}" stroke-width="${radius * 0.12}" stroke-dasharray="3 4"`,
    ) +
    circle(cx, cy, radius * 0.78, chrome(scene, false, '#5c6066')) +
    circle(cx, cy, radius * 0.72, '#0b0b0d') +
    circle(cx, cy, radius * 0.6, scene.radial(spread('#4a3f7a', '#1b2b3c', '#07080a'), 0.45, 0.45, 0.55, 0.35, 0.35)) +
    circle(cx, cy, radius * 0.32, scene.radial(spread('#2f6b5a', '#0c1a1c'), 0.5, 0.5, 0.5)) +
    ellipse(
      cx - radius * 0.25,
      cy - radius * 0.3,
      radius * 0.16,
      radius * 0.08,
      '#ffffff',
      `fill-opacity="0.55" transform="rotate(-35 ${cx - radius * 0.25} ${cy - radius * 0.3})"`,
    ) +
    circle(cx + radius * 0.2, cy + radius * 0.22, radius * 0.04, '#ffffff', 'fill-opacity="0.5"')
  );
}

export function drawCamera(scene: Scene, random: Random): void {
  smallThingSetting(scene, random, random.between(520, 600));
  const body = random.cycle(['#1b1c1e', '#1b1c1e', '#2a2b2e', '#3a3025']);
  const plate = random.pick([body, body, '#c3c5c8']);
  const radius = random.between(150, 180);
  const bodyPath =
    'M300 400Q300 360 340 360L490 360L530 280L670 280L710 360L860 360Q900 360 900 400L900 650Q900 690 860 690L340 690Q300 690 300 650Z';
  scene.addObject(
    contactShadow(scene, 600, 700, 680, 0.7),
    path(bodyPath, sideLit(scene, body, 0.9)),
    path(
      'M300 400Q300 360 340 360L490 360L530 280L670 280L710 360L860 360Q900 360 900 400L900 470L300 470Z',
      topLit(scene, plate, 0.9),
    ),
    roundedRect(300, 370, 130, 320, 40, topLit(scene, shade(body, -0.2), 0.6)),
    ellipse(365, 352, 34, 12, chrome(scene, false, '#8c9096')),
    rect(560, 266, 80, 16, '#2a2a2a'),
    ellipse(790, 352, 52, 14, topLit(scene, '#2a2b2e')),
    line(745, 352, 835, 352, '#555a60', 2, 'stroke-dasharray="2 3"'),
    circle(470, 410, 11, '#d8d2b8', 'fill-opacity="0.8"'),
    lens(scene, 615, 530, radius, shade(body, 0.04)),
    circle(615 + radius + 25, 600, 14, chrome(scene, false)),
    highlight(scene, 600, 300, 70, 8, 0.5),
  );
}

const CONTROLLER_COLOURS = ['#1d1e21', '#ecebe8', '#1f4fa3', '#b3121b', '#4a5a3a', '#7d838a'];

/** A game controller lying on a table, seen from above at a slant: two grips, sticks and buttons. */
export function drawGameController(scene: Scene, random: Random): void {
  const surface = random.cycle(['wood', 'linen', 'marble'] as const);
  tabletop(scene, random, random.between(160, 260), surface);
  const colour = random.cycle(CONTROLLER_COLOURS);
  const outline =
    'M600 300L420 292C330 288 285 340 270 420C250 520 236 640 282 688C330 736 392 690 432 624C460 578 492 560 600 560C708 560 740 578 768 624C808 690 870 736 918 688C964 640 950 520 930 420C915 340 870 288 780 292Z';
  const dark = shade(colour, colour === '#ecebe8' ? -0.55 : -0.45);
  const button = (cx: number, cy: number, tint: string) =>
    circle(cx, cy + 4, 21, shade(dark, -0.3)) + circle(cx, cy, 21, roundLit(scene, tint, 0.9));
  const faceTint = random.chance(0.5) ? dark : '';
  const stick = (cx: number, cy: number) =>
    circle(cx, cy, 50, shade(dark, -0.4)) +
    circle(cx, cy + 6, 40, '#111111') +
    circle(cx, cy, 38, scene.radial(spread('#3a3a3a', '#1a1a1a', '#2c2c2c'), 0.5, 0.5, 0.5)) +
    circle(cx, cy, 38, 'none', 'stroke="#444444" stroke-width="3"');
  // Not mirrored: a controller's D-pad is always on the left.
  scene.add(
    contactShadow(scene, 600, 690, 760, 0.6),
    group(
      'translate(0 110) scale(1 0.82)',
      roundedRect(380, 270, 170, 50, 20, shade(dark, -0.2)),
      roundedRect(650, 270, 170, 50, 20, shade(dark, -0.2)),
      path(outline, shade(colour, -0.35), 'transform="translate(0 22)"'),
      path(outline, sideLit(scene, colour, 0.7)),
      path(outline, scene.linear(['0 #ffffff 0.25', '0.4 #ffffff 0', '1 #000000 0.2'])),
      roundedRect(370, 405, 100, 34, 6, dark),
      roundedRect(403, 372, 34, 100, 6, dark),
      button(800, 370, faceTint || '#3a9a5a'),
      button(848, 420, faceTint || '#c0392b'),
      button(752, 420, faceTint || '#2e6fb8'),
      button(800, 470, faceTint || '#d4a017'),
      stick(490, 505),
      stick(710, 505),
      roundedRect(530, 360, 34, 14, 7, dark),
      roundedRect(636, 360, 34, 14, 7, dark),
      circle(600, 440, 16, dark),
      highlight(scene, 470, 320, 110, 12, 0.4),
    ),
  );
}

const HEADPHONE_COLOURS = ['#1d1e21', '#e9e4dc', '#2d3e5a', '#8c7a66', '#b8bcc2', '#6b2d3a'];

/** Over-ear headphones standing on their cups: the headband arching over, cushions facing in. */
export function drawHeadphones(scene: Scene, random: Random): void {
  smallThingSetting(scene, random, random.between(560, 620));
  const colour = random.cycle(HEADPHONE_COLOURS);
  const cushion = random.pick(['#1a1a1a', '#2b2b2b', shade(colour, -0.3)]);
  const metal = random.pick(['#b8bcc2', '#8c9096', '#c9b48a']);
  const cup = (cx: number, facing: 1 | -1) =>
    rect(cx - 22, 330, 44, 150, chrome(scene, true, metal)) +
    ellipse(cx + facing * 50, 575, 60, 138, roundLit(scene, cushion, 0.6)) +
    ellipse(cx, 570, 80, 150, sideLit(scene, colour, 1.1)) +
    ellipse(cx - 10, 540, 40, 80, '#ffffff', 'fill-opacity="0.1"') +
    ellipse(cx, 570, 80, 150, 'none', `stroke="${shade(colour, -0.35)}" stroke-width="3"`);
  scene.addObject(
    contactShadow(scene, 600, 720, 760, 0.6),
    path(
      'M330 420C330 130 870 130 870 420',
      'none',
      `stroke="${shade(colour, -0.25)}" stroke-width="44" stroke-linecap="round"`,
    ),
    path(
      'M330 420C330 130 870 130 870 420',
      'none',
      `stroke="${topLit(scene, colour, 1.2)}" stroke-width="34" stroke-linecap="round"`,
    ),
    path(
      'M330 436C330 146 870 146 870 436',
      'none',
      `stroke="${cushion}" stroke-width="24" stroke-linecap="round" stroke-dasharray="480 2000" stroke-dashoffset="-260"`,
    ),
    cup(330, 1),
    cup(870, -1),
    highlight(scene, 520, 214, 80, 6, 0.6),
  );
}
