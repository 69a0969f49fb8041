import { shade } from './colours';
import type { Random } from './random';
import { chrome, circle, group, polygon, roundLit, spread, type Scene } from './scene';

// Road wheels: a tyre with its sidewall, an alloy rim with spokes, the brake behind them.

export interface RimStyle {
  spokes: number;
  /** Spoke half-widths at the hub and at the rim, as parts of the rim radius. */
  hubWidth: number;
  rimWidth: number;
  /** Two thin spokes in place of each one. */
  twin: boolean;
  tint: string;
}

export function randomRim(random: Random): RimStyle {
  return {
    spokes: random.pick([5, 5, 6, 7, 10]),
    hubWidth: random.between(0.12, 0.2),
    rimWidth: random.between(0.1, 0.18),
    twin: random.chance(0.35),
    tint: random.pick(['#c8ccd2', '#c8ccd2', '#9aa0a6', '#3a3d41', '#d8d2c4']),
  };
}

function spoke(angle: number, radius: number, hubWidth: number, rimWidth: number, fill: string): string {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const at = (along: number, across: number) => [along * cos - across * sin, along * sin + across * cos];
  const corners = [...at(radius * 0.2, -hubWidth), ...at(radius, -rimWidth), ...at(radius, rimWidth)];
  return polygon([...corners, ...at(radius * 0.2, hubWidth)], fill);
}

/**
 * A wheel centred on (0, 0) with tyre radius `radius`: the caller places it with a transform,
 * and may squash it to show it at an angle.
 */
export function wheel(scene: Scene, radius: number, rim: RimStyle, caliper = '#3b3b3b'): string {
  const inner = radius * 0.66;
  const metal = chrome(scene, false, rim.tint);
  const metalAcross = chrome(scene, true, rim.tint);
  let spokes = '';
  for (let i = 0; i < rim.spokes; i++) {
    const angle = (i / rim.spokes) * Math.PI * 2 - Math.PI / 2;
    const [hub, edge] = [inner * rim.hubWidth, inner * rim.rimWidth];
    const [fill, other] = i % 2 ? [metal, metalAcross] : [metalAcross, metal];
    if (!rim.twin) spokes += spoke(angle, inner, hub, edge, fill);
    else
      spokes +=
        spoke(angle - 0.1, inner, hub / 2, edge / 2, fill) + spoke(angle + 0.1, inner, hub / 2, edge / 2, other);
  }
  const brake = polygon(
    [inner * 0.5, -inner * 0.3, inner * 0.8, -inner * 0.22, inner * 0.8, inner * 0.22, inner * 0.5, inner * 0.3],
    caliper,
  );
  return (
    circle(0, 0, radius, roundLit(scene, '#262626', 0.8)) +
    circle(0, 0, radius * 0.9, 'none', `stroke="#343434" stroke-width="${radius * 0.06}"`) +
    circle(0, 0, inner, scene.radial(spread('#2c2c2c', '#151515', '#0d0d0d'))) +
    circle(0, 0, inner * 0.55, 'none', `stroke="#6b6b6b" stroke-width="${inner * 0.18}" stroke-opacity="0.7"`) +
    group('rotate(25)', brake) +
    spokes +
    circle(0, 0, inner * 0.96, 'none', `stroke="${metal}" stroke-width="${inner * 0.1}"`) +
    circle(0, 0, inner * 0.24, roundLit(scene, rim.tint, 1.2)) +
    circle(0, 0, inner * 0.09, shade(rim.tint, -0.5))
  );
}
