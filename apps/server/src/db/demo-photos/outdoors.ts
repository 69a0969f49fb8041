import { mix, shade } from './colours';
import type { Random } from './random';
import { ellipse, fade, path, PHOTO_HEIGHT, PHOTO_WIDTH, polygon, rect, spread, type Scene } from './scene';
import { Floor } from './settings';

// Outside: sky, the horizon of a Gulf city or the desert, and the ground.

const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

/** A palm tree: a gently curved trunk and a crown of fronds that arch out and droop. */
export function palm(x: number, ground: number, height: number, colour: string, trunk = shade(colour, -0.1)): string {
  const top = ground - height;
  const crownX = x + height * 0.06;
  let fronds = '';
  for (let i = 0; i <= 12; i++) {
    const angle = -Math.PI - 0.35 + (i / 12) * (Math.PI + 0.7);
    const [across, up] = [Math.cos(angle), Math.sin(angle)];
    const reach = height * (0.34 + 0.08 * Math.sin(i * 2.3));
    const tipX = crownX + across * reach;
    const tipY = top + up * reach * 0.5 + reach * 0.45 * (1 - Math.abs(up));
    const [bendX, bendY] = [crownX + across * reach * 0.55, top + up * reach * 0.7 - reach * 0.12];
    const leaf = `M${crownX} ${top}Q${bendX} ${bendY - reach * 0.05} ${tipX} ${tipY}Q${bendX} ${bendY + reach * 0.1} ${crownX} ${top + 5}Z`;
    fronds += path(leaf, i % 2 ? colour : shade(colour, 0.12));
  }
  const half = height * 0.025;
  const stem = `M${x - half} ${ground}Q${x} ${ground - height / 2} ${crownX - 4} ${top}L${crownX + 4} ${top}Q${x + 6} ${ground - height / 2} ${x + half} ${ground}Z`;
  return path(stem, trunk) + fronds;
}

export type Weather = 'clear' | 'hazy' | 'evening';

const SKIES: Record<Weather, readonly [string, string]> = {
  clear: ['#3d7fc6', '#cfe4f2'],
  hazy: ['#7ea6c9', '#e9e6dc'],
  evening: ['#5a78a8', '#f2c89a'],
};

/** Sky down to `horizon`, with a few soft clouds. */
export function sky(scene: Scene, random: Random, horizon: number, weather: Weather): void {
  const [top, low] = SKIES[weather];
  let clouds = '';
  for (let i = random.int(2, 5); i > 0; i--) {
    const [cx, cy, size] = [random.between(0, W), random.between(50, horizon * 0.55), random.between(70, 150)];
    const cloud = scene.radial(fade('#ffffff', 0.75, 0.35, 0));
    clouds += ellipse(cx, cy, size * 1.6, size * 0.35, cloud);
    clouds += ellipse(cx + size * 0.4, cy - size * 0.15, size, size * 0.3, cloud);
  }
  scene.add(rect(0, 0, W, horizon + 2, scene.linear(spread(top, low))), clouds);
}

/** Distant towers, paler with distance; now and then one with a needle on top. */
export function skyline(random: Random, horizon: number, haze: string): string {
  let towers = '';
  for (let x = random.between(-40, 20); x < W; x += random.between(20, 130)) {
    const width = random.between(40, 90);
    const height = random.between(50, 190);
    const tone = mix(haze, '#5d6b7a', random.between(0.15, 0.35));
    towers += rect(x, horizon - height, width, height, tone);
    const top = horizon - height;
    if (random.chance(0.15))
      towers += polygon([x + width * 0.3, top, x + width / 2, top - 80, x + width * 0.7, top], tone);
    x += width;
  }
  return towers;
}

export type Ground = 'asphalt' | 'grass' | 'sand' | 'paving';

const GROUNDS: Record<Ground, string> = { asphalt: '#5d5f61', grass: '#6f9a4a', sand: '#d9bf93', paving: '#c9b9a0' };

/** Open air: sky, something on the horizon, and the ground the object stands on. */
export function outdoors(scene: Scene, random: Random, horizon: number, ground: Ground, weather?: Weather): void {
  const chosen = weather ?? random.pick(['clear', 'clear', 'hazy', 'evening'] as const);
  sky(scene, random, horizon, chosen);
  const haze = chosen === 'evening' ? '#d7b598' : '#b8c7d3';
  if (ground === 'sand') {
    const dunes = `M0 ${horizon}Q${W * 0.3} ${horizon - 50} ${W * 0.55} ${horizon - 10}T${W} ${horizon - 25}V${horizon + 5}H0Z`;
    scene.add(path(dunes, shade(GROUNDS.sand, -0.1)));
  } else {
    let trees = '';
    for (let i = random.int(2, 4); i > 0; i--) {
      trees += palm(random.between(0, W), horizon + 4, random.between(110, 190), mix(haze, '#2f4a2a', 0.55));
    }
    scene.add(skyline(random, horizon, haze), trees);
  }
  const base = GROUNDS[ground];
  scene.add(rect(0, horizon, W, H - horizon, scene.linear(spread(shade(base, -0.08), shade(base, 0.06)))));
  const floor = new Floor(random, horizon);
  if (ground === 'grass') scene.add(floor.receding(220, shade(base, 0.08), 70));
  if (ground === 'paving')
    scene.add(floor.receding(60, shade(base, -0.2), 1.5), floor.across(0.16, shade(base, -0.2), 1.5));
  if (ground === 'asphalt')
    scene.add(rect(0, horizon, W, 10, '#b9b5ab'), rect(0, horizon + 10, W, 4, shade(base, -0.3)));
  scene.add(rect(0, horizon, W, H - horizon, scene.linear([`0 #ffffff 0.12`, `0.3 #ffffff 0`, `1 #000000 0.15`])));
}

/** A villa's driveway: the garage door and boundary wall behind, interlocking pavers in front. */
export function driveway(scene: Scene, random: Random, floorTop: number): void {
  sky(scene, random, 260, 'clear');
  const wall = random.pick(['#e8dcc6', '#efe9dd', '#d9c7a8', '#f1ede6']);
  const door = random.pick(['#8a6a4a', '#ece9e2', '#5c5f63', '#a08466']);
  let slats = '';
  for (let y = 230; y < floorTop - 10; y += 26) slats += rect(200, y, 800, 3, shade(door, -0.25));
  scene.add(
    palm(random.between(60, 160), floorTop - 60, 420, '#3d5a2e', '#7a6248'),
    rect(0, 150, W, floorTop - 150, scene.linear(spread(shade(wall, 0.06), shade(wall, -0.12)))),
    rect(0, 140, W, 16, shade(wall, -0.15)),
    rect(190, 205, 820, floorTop - 205, shade(wall, -0.3)),
    rect(200, 215, 800, floorTop - 215, scene.linear(spread(shade(door, 0.1), shade(door, -0.1)))),
    slats,
  );
  const paving = random.pick(['#b9aa92', '#a8a39a', '#c7b79b']);
  const floor = new Floor(random, floorTop);
  scene.add(
    rect(0, floorTop, W, H - floorTop, scene.linear(spread(shade(paving, -0.1), shade(paving, 0.05)))),
    floor.receding(48, shade(paving, -0.22), 1.4),
    floor.across(0.12, shade(paving, -0.22), 1.4),
  );
}
