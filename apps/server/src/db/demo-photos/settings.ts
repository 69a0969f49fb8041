import { shade } from './colours';
import type { Random } from './random';
import { circle, fade, line, path, PHOTO_HEIGHT, PHOTO_WIDTH, polygon, rect, spread, type Scene } from './scene';

// The indoor places a seller photographs things in, drawn behind the object.

const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

/** A floor seen from eye height: its lines converge on a point well above where it meets the wall. */
export class Floor {
  readonly vanishing: readonly [number, number];

  constructor(
    random: Random,
    readonly top: number,
  ) {
    this.vanishing = [W / 2 + random.between(-120, 120), top - random.between(260, 420)];
  }

  /** Where the line from `x` at the bottom of the photo towards the vanishing point is at height `y`. */
  towards(x: number, y: number): number {
    const [vx, vy] = this.vanishing;
    return vx + (x - vx) * ((y - vy) / (H - vy));
  }

  /** Where lines running away from the camera, `spacing` apart at the bottom, start. */
  starts(spacing: number): number[] {
    const starts: number[] = [];
    for (let x = W / 2 - spacing * 12.5; x < W + spacing * 12; x += spacing) starts.push(x);
    return starts;
  }

  receding(spacing: number, stroke: string, width: number): string {
    return this.starts(spacing)
      .map((x) => line(x, H, this.towards(x, this.top), this.top, stroke, width))
      .join('');
  }

  /** Lines across the floor, closer together with distance. */
  across(depthStep: number, stroke: string, width: number): string {
    let lines = '';
    for (let i = 0; i < 40; i++) {
      const y = this.vanishing[1] + (H - this.vanishing[1]) / (1 + i * depthStep);
      if (y <= this.top + 2) break;
      lines += line(0, y, W, y, stroke, (width * (y - this.top)) / (H - this.top) + 0.5);
    }
    return lines;
  }
}

export const WALL_COLOURS = ['#e9e4da', '#dfe3e4', '#efe9e1', '#d9d2c5', '#e6dfd3', '#cfd8d3', '#eae2d5', '#c9d1d8'];
export const WOOD_COLOURS = ['#a77a4f', '#c49a6c', '#8a5a36', '#d2b48c', '#6f4a30', '#b98b5e'];

function planks(scene: Scene, random: Random, floor: Floor, wood: string): void {
  const spacing = random.between(70, 95);
  let boards = '';
  for (const x of floor.starts(spacing)) {
    const x2 = x + spacing;
    const far = [floor.towards(x2, floor.top), floor.top, floor.towards(x, floor.top), floor.top];
    boards += polygon([x, H, x2, H, ...far], shade(wood, random.between(-0.12, 0.1)));
    const seam = floor.top + (H - floor.top) * random.between(0.1, 0.9);
    boards += line(floor.towards(x, seam), seam, floor.towards(x2, seam), seam, shade(wood, -0.4), 1.2);
  }
  scene.add(rect(0, floor.top, W, H - floor.top, wood), boards, floor.receding(spacing, shade(wood, -0.45), 1.5));
}

export type RoomFloor = 'wood' | 'tiles' | 'carpet';

/** A room: a painted wall with light from a window, a skirting board and a floor of planks, tiles or carpet. */
export function room(
  scene: Scene,
  random: Random,
  floorTop: number,
  kind: RoomFloor,
  wall = random.pick(WALL_COLOURS),
) {
  scene.add(rect(0, 0, W, floorTop, scene.linear(spread(shade(wall, -0.14), shade(wall, 0.04)))));
  const floor = new Floor(random, floorTop);
  if (kind === 'wood') planks(scene, random, floor, random.pick(WOOD_COLOURS));
  else if (kind === 'tiles') {
    const tile = random.pick(['#d8d4cc', '#c9c4bb', '#e4e1dc', '#b8b2a8', '#9a958e']);
    const spacing = random.between(130, 190);
    scene.add(
      rect(0, floorTop, W, H - floorTop, scene.linear(spread(shade(tile, -0.08), shade(tile, 0.06)))),
      floor.receding(spacing, shade(tile, -0.25), 2),
      floor.across(spacing / 300, shade(tile, -0.25), 2.2),
    );
  } else {
    const carpet = random.pick(['#8f8678', '#6f7479', '#a39583', '#5f6b5c']);
    scene.add(rect(0, floorTop, W, H - floorTop, scene.linear(spread(shade(carpet, -0.1), shade(carpet, 0.08)))));
  }
  scene.add(
    rect(0, floorTop - 16, W, 18, shade(wall, 0.1)),
    rect(0, floorTop, W, 3, shade(wall, -0.35)),
    rect(0, floorTop, W, H - floorTop, scene.linear(fade('#000000', 0.2, 0, 0.12))),
  );
}

export const STUDIO_TONES = ['#e8e8e6', '#d9dde2', '#ece4da', '#cfd3d6', '#e3e9ee', '#dcd6cc', '#b9bec4'];

/** A seamless paper sweep: no horizon, just a glow behind the object fading to the edges. */
export function studio(scene: Scene, random: Random, tone = random.pick(STUDIO_TONES)): void {
  scene.add(rect(0, 0, W, H, scene.linear([`0 ${shade(tone, -0.22)}`, `0.55 ${tone}`, `1 ${shade(tone, 0.06)}`])));
}

export type Surface = 'wood' | 'marble' | 'linen';

/** A table top close up, the room behind it out of focus. */
export function tabletop(scene: Scene, random: Random, edge: number, surface: Surface): void {
  const back = random.pick(['#cfc6b8', '#b7bcc0', '#d8cfc2', '#a9a49b', '#c2c9c4']);
  scene.add(rect(0, 0, W, edge, scene.linear(spread(shade(back, -0.2), shade(back, 0.05)))));
  for (let i = random.int(4, 7); i > 0; i--) {
    const bokeh = scene.radial(fade('#fff8ea', random.between(0.15, 0.4), 0.1, 0));
    scene.add(circle(random.between(0, W), random.between(40, edge - 60), random.between(30, 90), bokeh));
  }
  const top =
    surface === 'wood'
      ? random.pick(['#9c6b43', '#c49a6c', '#6b4529', '#b08760'])
      : surface === 'marble'
        ? '#e9e7e3'
        : random.pick(['#d9cfbf', '#b9c2c6', '#e2d8cc']);
  scene.add(rect(0, edge, W, H - edge, scene.linear(spread(shade(top, -0.1), shade(top, 0.08)))));
  const floor = new Floor(random, edge);
  let texture = '';
  if (surface === 'wood') {
    const middle = (edge + H) / 2;
    for (let i = 0; i < 26; i++) {
      const x = random.between(-W, 2 * W);
      const bend = floor.towards(x, middle) + random.between(-30, 30);
      const stroke = `stroke="${shade(top, random.between(-0.3, 0.15))}" stroke-width="${random.between(1, 4)}"`;
      texture += path(
        `M${x} ${H}Q${bend} ${middle} ${floor.towards(x, edge)} ${edge}`,
        'none',
        `${stroke} stroke-opacity="0.5"`,
      );
    }
  } else if (surface === 'marble') {
    for (let i = 0; i < 7; i++) {
      const y = random.between(edge, H);
      const [a, b, c, d] = [random.between(-200, 400), random.between(200, 600), random.between(500, 900), 1100];
      const vein = `M${a} ${y}C${b} ${y - 80} ${c} ${y + 90} ${d} ${y + random.between(-60, 60)}`;
      texture += path(vein, 'none', `stroke="#9a9ca0" stroke-width="${random.between(1, 3)}" stroke-opacity="0.35"`);
    }
  }
  scene.add(texture, rect(0, edge, W, H - edge, scene.linear(fade('#000000', 0.15, 0, 0.1))));
}

/** A car showroom: tall windows on the back wall, their light mirrored in a polished floor. */
export function showroom(scene: Scene, random: Random, floorTop: number): void {
  const wall = random.pick(['#3a3e44', '#d9dadb', '#2b2f35', '#e8e6e1']);
  const floorTone = random.pick(['#8e9094', '#b4b3ae', '#5d6066']);
  scene.add(rect(0, 0, W, floorTop, scene.linear(spread(shade(wall, -0.2), wall))));
  // Sky, then the street outside, seen through the glass.
  const pane = scene.linear(['0 #d4e3ef', '0.62 #b9d0e1', '0.74 #e6ecef', '0.76 #a7abae', '1 #c9cbcb']);
  const glow = scene.linear(fade('#ffffff', 0.35, 0));
  const width = random.between(150, 210);
  let windows = '';
  for (let x = random.between(-100, 0); x < W; x += width + 26) {
    windows += rect(x, 40, width, floorTop - 70, pane) + rect(x, floorTop, width, (H - floorTop) * 0.8, glow);
  }
  const floor = new Floor(random, floorTop);
  scene.add(
    rect(0, floorTop, W, H - floorTop, scene.linear(spread(shade(floorTone, -0.1), shade(floorTone, 0.05)))),
    windows,
    rect(0, floorTop - 8, W, 8, shade(wall, -0.3)),
    floor.receding(220, shade(floorTone, -0.25), 1.5),
    floor.across(0.5, shade(floorTone, -0.25), 1.5),
    rect(0, 0, W, 30, shade(wall, -0.35)),
  );
}
