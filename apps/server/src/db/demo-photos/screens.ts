import { hsl, shade } from './colours';
import { on, patch, type Face } from './perspective';
import type { Random } from './random';
import { polygon, spread, type Scene } from './scene';

// What a switched-on screen shows: an abstract wallpaper or a landscape, never text.

/** Points along a wave across a face, at height `v` ± `amplitude`, closed along the bottom. */
function wave(face: Face, v: number, amplitude: number, phase: number, frequency: number): number[] {
  const points: number[] = [...on(face, 0, 0)];
  for (let u = 0; u <= 1.001; u += 0.1)
    points.push(...on(face, u, v + amplitude * Math.sin((u * frequency + phase) * Math.PI * 2)));
  points.push(...on(face, 1, 0));
  return points;
}

/** A phone or laptop wallpaper: a two-colour gradient with soft translucent waves. */
export function wallpaper(scene: Scene, random: Random, face: Face): string {
  const hue = random.cycle([0, 60, 120, 180, 240, 300]) + random.between(-25, 25);
  const [from, to] = [hsl(hue, 0.7, 0.55), hsl(hue + random.between(40, 120), 0.75, 0.35)];
  let waves = '';
  for (let i = 0; i < 3; i++) {
    const v = random.between(0.25, 0.6) - i * 0.08;
    const tone = i % 2 ? shade(to, -0.3) : shade(from, 0.4);
    waves += polygon(
      wave(face, v, random.between(0.04, 0.1), random.next(), random.between(0.6, 1.4)),
      tone,
      'fill-opacity="0.35"',
    );
  }
  return patch(face, 0, 0, 1, 1, scene.linear(spread(from, to), 0, 0, 1, 1)) + waves;
}

/** A landscape as a television shows it: sky, a low sun, hills or dunes, water. */
export function landscape(scene: Scene, random: Random, face: Face): string {
  const evening = random.chance(0.5);
  const sky = evening ? spread('#36507e', '#e58f5a', '#f6c77d') : spread('#2d6fb8', '#8fc1e6', '#dcecf5');
  const hills = evening ? ['#6b4a5e', '#3d2f44'] : ['#5f8f5a', '#2f5a3a'];
  const [sunU, sunV] = [random.between(0.3, 0.7), random.between(0.45, 0.65)];
  const [sunX, sunY] = on(face, sunU, sunV);
  const sunSize = Math.abs(on(face, 0.06, 0)[0] - on(face, 0, 0)[0]);
  return (
    patch(face, 0, 0, 1, 1, scene.linear(sky)) +
    `<circle cx="${sunX}" cy="${sunY}" r="${sunSize}" fill="${evening ? '#fff1c9' : '#ffffff'}" fill-opacity="0.9"/>` +
    polygon(wave(face, 0.42, 0.07, random.next(), 1.2), hills[0] ?? '#555555') +
    polygon(wave(face, 0.3, 0.05, random.next(), 2), hills[1] ?? '#333333') +
    patch(face, 0, 0, 1, 0.18, scene.linear(evening ? spread('#c0795c', '#3b3047') : spread('#7fb1d6', '#2c4f6e')))
  );
}

/** An SVG path for a rounded rectangle, for cutting holes and drawing frames. */
export function roundedRectPath(x: number, y: number, width: number, height: number, r: number): string {
  return `M${x + r} ${y}H${x + width - r}A${r} ${r} 0 0 1 ${x + width} ${y + r}V${y + height - r}A${r} ${r} 0 0 1 ${x + width - r} ${y + height}H${x + r}A${r} ${r} 0 0 1 ${x} ${y + height - r}V${y + r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`;
}
