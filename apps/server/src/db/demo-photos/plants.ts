import { shade } from './colours';
import type { Random } from './random';
import { contactShadow, ellipse, line, path, polygon, spread, type Scene } from './scene';
import { room, studio, tabletop } from './settings';

// House plants in their pots.

const POTS = ['#c4673f', '#f1efe9', '#3a3a3c', '#9a958e', '#2f4a5f', '#d9c7a8'];
const GREENS = ['#3f7d3a', '#2f6b3a', '#4d8a3f', '#356b4a'];

/** A tapered pot with a rim, standing on `ground`, `width` across the top. */
function pot(scene: Scene, cx: number, ground: number, width: number, height: number, colour: string): string {
  const base = width * 0.72;
  return (
    contactShadow(scene, cx, ground, width * 1.4, 0.7) +
    polygon(
      [cx - width / 2, ground - height, cx + width / 2, ground - height, cx + base / 2, ground, cx - base / 2, ground],
      scene.linear(spread(shade(colour, 0.25), colour, shade(colour, -0.4)), 0, 0, 1, 0),
    ) +
    ellipse(cx, ground - height, width / 2 + 8, 22, shade(colour, -0.1)) +
    ellipse(cx, ground - height, width / 2 - 6, 16, '#3b2a1e')
  );
}

/** A broad pointed leaf on its stalk, from (x, y) out at `angle` degrees. */
function leaf(scene: Scene, x: number, y: number, angle: number, size: number, green: string): string {
  const radians = (angle * Math.PI) / 180;
  const [tipX, tipY] = [x + Math.cos(radians) * size, y + Math.sin(radians) * size];
  const [baseX, baseY] = [x + Math.cos(radians) * size * 0.35, y + Math.sin(radians) * size * 0.35];
  const [nx, ny] = [-Math.sin(radians) * size * 0.3, Math.cos(radians) * size * 0.3];
  const [midX, midY] = [(baseX + tipX) / 2, (baseY + tipY) / 2];
  const blade = `M${baseX} ${baseY}Q${midX + nx} ${midY + ny} ${tipX} ${tipY}Q${midX - nx} ${midY - ny} ${baseX} ${baseY}Z`;
  return (
    line(x, y, baseX, baseY, shade(green, -0.2), 5) +
    `<path d="${blade}" fill="${scene.linear(spread(shade(green, 0.25), green, shade(green, -0.3)), 0, 0, 1, 1)}"/>` +
    line(baseX, baseY, tipX, tipY, shade(green, 0.3), 2, 'stroke-opacity="0.7"')
  );
}

function broadLeaves(scene: Scene, random: Random, cx: number, soil: number, green: string): string {
  let leaves = '';
  for (let i = 0; i < 22; i++) {
    const angle = -175 + (170 * i) / 21 + random.between(-10, 10);
    const height = random.between(60, 420 - Math.abs(angle + 90) * 2);
    leaves += line(cx, soil, cx + Math.cos((angle * Math.PI) / 180) * 40, soil - height, shade(green, -0.3), 5);
    leaves += leaf(
      scene,
      cx + Math.cos((angle * Math.PI) / 180) * 40,
      soil - height,
      angle,
      random.between(130, 190),
      shade(green, random.between(-0.15, 0.15)),
    );
  }
  return leaves;
}

function swordLeaves(scene: Scene, random: Random, cx: number, soil: number, green: string): string {
  let blades = '';
  for (let i = 0; i < 11; i++) {
    const x = cx + (i - 5) * 16 + random.between(-6, 6);
    const lean = (i - 5) * random.between(10, 20);
    const height = random.between(380, 540);
    const width = random.between(26, 38);
    const blade = `M${x - width / 2} ${soil}Q${x - width / 2 + lean * 0.3} ${soil - height * 0.6} ${x + lean} ${soil - height}Q${x + width / 2 + lean * 0.3} ${soil - height * 0.6} ${x + width / 2} ${soil}Z`;
    const stripes = scene.linear(
      Array.from({ length: 12 }, (_, k) => `${k / 11} ${k % 2 ? shade(green, -0.25) : shade(green, 0.1)}` as const),
    );
    blades += path(blade, stripes, `stroke="#c9c25a" stroke-width="3"`);
  }
  return blades;
}

/** Palm fronds: arching stems with narrow leaflets both sides, angled towards the tip and drooping. */
function fronds(random: Random, cx: number, soil: number, green: string): string {
  let all = '';
  for (let i = 0; i < 11; i++) {
    const side = i % 2 ? 1 : -1;
    const reach = random.between(120, 400) * side;
    const height = random.between(300, 520);
    const [endX, endY] = [cx + reach, soil - height * random.between(0.35, 0.6)];
    const [ctrlX, ctrlY] = [cx + reach * 0.25, soil - height];
    const tone = shade(green, random.between(-0.15, 0.15));
    all += path(
      `M${cx} ${soil}Q${ctrlX} ${ctrlY} ${endX} ${endY}`,
      'none',
      `stroke="${shade(tone, -0.25)}" stroke-width="4"`,
    );
    for (let t = 0.2; t < 0.98; t += 0.05) {
      const x = (1 - t) ** 2 * cx + 2 * (1 - t) * t * ctrlX + t * t * endX;
      const y = (1 - t) ** 2 * soil + 2 * (1 - t) * t * ctrlY + t * t * endY;
      const [dx, dy] = [
        2 * (1 - t) * (ctrlX - cx) + 2 * t * (endX - ctrlX),
        2 * (1 - t) * (ctrlY - soil) + 2 * t * (endY - ctrlY),
      ];
      const norm = Math.hypot(dx, dy) || 1;
      const [tx, ty] = [dx / norm, dy / norm];
      const length = 95 * (1 - t * 0.55);
      for (const turn of [0.9, -0.9]) {
        const [lx, ly] = [tx * Math.cos(turn) - ty * Math.sin(turn), tx * Math.sin(turn) + ty * Math.cos(turn)];
        const [fx, fy] = [x + lx * length, y + ly * length + length * 0.45];
        all += path(
          `M${x} ${y}Q${x + lx * length * 0.6} ${y + ly * length * 0.6} ${fx} ${fy}`,
          'none',
          `stroke="${turn > 0 ? tone : shade(tone, 0.15)}" stroke-width="7" stroke-linecap="round"`,
        );
      }
    }
  }
  return all;
}

export function drawPottedPlant(scene: Scene, random: Random): void {
  const setting = random.cycle(['room', 'studio', 'table'] as const, 3);
  if (setting === 'room') room(scene, random, random.between(560, 620), random.pick(['wood', 'tiles'] as const));
  else if (setting === 'studio') studio(scene, random);
  else tabletop(scene, random, 560, 'wood');
  const kind = random.cycle(['broad', 'sword', 'fronds'] as const);
  const green = random.pick(GREENS);
  const [cx, ground] = [600, 830];
  const [width, height] = [random.between(260, 320), random.between(240, 290)];
  const soil = ground - height;
  const plant =
    kind === 'broad'
      ? broadLeaves(scene, random, cx, soil, green)
      : kind === 'sword'
        ? swordLeaves(scene, random, cx, soil, green)
        : fronds(random, cx, soil, green);
  scene.addObject(
    pot(scene, cx, ground, width, height, random.cycle(POTS)),
    plant,
    ellipse(cx, soil, width / 2 - 6, 10, '#000000', 'fill-opacity="0.15"'),
  );
  scene.addObject(
    ellipse(cx - width * 0.2, soil + height * 0.4, width * 0.08, height * 0.3, '#ffffff', 'fill-opacity="0.12"'),
  );
}
