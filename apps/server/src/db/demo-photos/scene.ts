import { shade } from './colours';
import type { Random } from './random';

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 900;

/** A gradient stop, `'offset colour'` or `'offset colour opacity'`: `'0.4 #ffffff 0.5'`. */
export type Stop = `${number} ${string}`;
/** Draws one kind of thing, with its setting, into a scene; the randomness picks this variant's looks. */
export type Drawing = (scene: Scene, random: Random) => void;

const round = (value: number) => Math.round(value * 10) / 10;

function stopsSvg(stops: readonly Stop[]): string {
  return stops
    .map((stop) => {
      const [offset, colour, opacity] = stop.split(' ');
      const alpha = opacity === undefined ? '' : ` stop-opacity="${opacity}"`;
      return `<stop offset="${offset}" stop-color="${colour}"${alpha}/>`;
    })
    .join('');
}

/** Stops for a colour at an opacity that changes across the shape. */
export function fade(colour: string, ...opacities: number[]): Stop[] {
  const last = Math.max(1, opacities.length - 1);
  return opacities.map(
    (opacity, i) => `${round((i / last) * 1000) / 1000} ${colour} ${round(opacity * 100) / 100}` as const,
  );
}

/** Stops for colours spread evenly across the shape. */
export function spread(...colours: string[]): Stop[] {
  const last = Math.max(1, colours.length - 1);
  return colours.map((colour, i) => `${round((i / last) * 1000) / 1000} ${colour}` as const);
}

/**
 * One photo's SVG being put together: layers in paint order and the gradients they use.
 * Objects are drawn lit from their left; in a mirrored scene they are flipped, so the light comes
 * from the right and the settings light their walls to match.
 */
export class Scene {
  private readonly defs: string[] = [];
  private readonly layers: string[] = [];
  private nextId = 0;

  constructor(readonly mirrored: boolean) {}

  /** Where the light comes from on the canvas: -1 from the left, 1 from the right. */
  get lightSide(): -1 | 1 {
    return this.mirrored ? 1 : -1;
  }

  /** Adds what is not flipped: backgrounds. */
  add(...svg: string[]): void {
    this.layers.push(...svg);
  }

  /** Adds the object, drawn lit from its left, flipped when the scene is mirrored. */
  addObject(...svg: string[]): void {
    const flip = this.mirrored ? ` transform="matrix(-1 0 0 1 ${PHOTO_WIDTH} 0)"` : '';
    this.layers.push(`<g${flip}>${svg.join('')}</g>`);
  }

  /** A gradient across each shape it fills, from (x1, y1) to (x2, y2) in the shape's box. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = `p${this.nextId++}`;
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsSvg(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A repeating tile, `width` × `height` pixels, drawn by `content`: stripes, checks, dots. */
  pattern(width: number, height: number, content: string, transform = ''): string {
    const id = `p${this.nextId++}`;
    const turn = transform ? ` patternTransform="${transform}"` : '';
    this.defs.push(
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${width}" height="${height}"${turn}>${content}</pattern>`,
    );
    return `url(#${id})`;
  }

  /** A gradient fixed to the canvas, from (x1, y1) to (x2, y2) in pixels. */
  linearAt(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = `p${this.nextId++}`;
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}">${stopsSvg(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient in each shape's box; the focus (fx, fy) moves the bright point off-centre. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const id = `p${this.nextId++}`;
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopsSvg(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  toSvg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}"><defs>${this.defs.join('')}</defs>${this.layers.join('')}</svg>`;
  }
}

// Shapes, as SVG text. `more` carries extra attributes (stroke, opacity, transform).

export function rect(x: number, y: number, width: number, height: number, fill: string, more = ''): string {
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" fill="${fill}" ${more}/>`;
}

export function roundedRect(
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
  fill: string,
  more = '',
): string {
  return rect(x, y, width, height, fill, `rx="${round(radius)}" ${more}`);
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, more = ''): string {
  return `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${round(ry)}" fill="${fill}" ${more}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, more = ''): string {
  return ellipse(cx, cy, r, r, fill, more);
}

export function path(d: string, fill: string, more = ''): string {
  return `<path d="${d}" fill="${fill}" ${more}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, more = ''): string {
  return `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${stroke}" stroke-width="${width}" ${more}/>`;
}

/** A closed shape through points given as x, y, x, y, ... */
export function polygon(points: readonly number[], fill: string, more = ''): string {
  let d = '';
  for (let i = 0; i + 1 < points.length; i += 2)
    d += `${i ? 'L' : 'M'}${round(points[i] ?? 0)} ${round(points[i + 1] ?? 0)}`;
  return path(`${d}Z`, fill, more);
}

export function group(transform: string, ...svg: string[]): string {
  return `<g transform="${transform}">${svg.join('')}</g>`;
}

// Light: objects are lit from their left and a little from above.

/** A surface facing the camera, brighter on the lit side. */
export function sideLit(scene: Scene, colour: string, strength = 1): string {
  const stops: Stop[] = [
    `0 ${shade(colour, 0.22 * strength)}`,
    `0.45 ${colour}`,
    `1 ${shade(colour, -0.35 * strength)}`,
  ];
  return scene.linear(stops, 0, 0.2, 1, 0.8);
}

/** A surface lit from above: the top catches the light, the bottom falls into shade. */
export function topLit(scene: Scene, colour: string, strength = 1): string {
  return scene.linear(spread(shade(colour, 0.2 * strength), colour, shade(colour, -0.3 * strength)));
}

/** A round body (a tyre, a ball, a cushion): bright off-centre towards the light, dark at the rim. */
export function roundLit(scene: Scene, colour: string, strength = 1): string {
  const stops: Stop[] = [
    `0 ${shade(colour, 0.3 * strength)}`,
    `0.55 ${colour}`,
    `1 ${shade(colour, -0.45 * strength)}`,
  ];
  return scene.radial(stops, 0.45, 0.45, 0.6, 0.3, 0.3);
}

/** A cylinder: a highlight band near the lit edge, a dark far edge. Vertical cylinders shade across. */
export function cylinderLit(scene: Scene, colour: string, vertical = true, strength = 1): string {
  const stops: Stop[] = [
    `0 ${shade(colour, -0.25 * strength)}`,
    `0.22 ${shade(colour, 0.35 * strength)}`,
    `0.4 ${colour}`,
    `0.85 ${shade(colour, -0.4 * strength)}`,
    `1 ${shade(colour, -0.25 * strength)}`,
  ];
  return vertical ? scene.linear(stops, 0, 0, 1, 0) : scene.linear(stops);
}

/** Polished metal: alternating bright and dark bands, as chrome mirrors its surroundings. */
export function chrome(scene: Scene, vertical = true, tint = '#c8ccd2'): string {
  const stops: Stop[] = [
    `0 ${shade(tint, -0.5)}`,
    `0.2 ${shade(tint, 0.7)}`,
    `0.35 ${tint}`,
    `0.55 ${shade(tint, -0.45)}`,
    `0.75 ${shade(tint, 0.4)}`,
    `1 ${shade(tint, -0.3)}`,
  ];
  return vertical ? scene.linear(stops, 0, 0, 1, 0) : scene.linear(stops);
}

/** A soft white reflection of a light source on a glossy surface. */
export function highlight(scene: Scene, cx: number, cy: number, rx: number, ry: number, opacity = 0.7, more = '') {
  return ellipse(cx, cy, rx, ry, scene.radial(fade('#ffffff', opacity, 0)), more);
}

/** A soft dark patch, as under a sofa or in a fold. */
export function shadowPatch(scene: Scene, cx: number, cy: number, rx: number, ry: number, opacity = 0.5) {
  return ellipse(cx, cy, rx, ry, scene.radial(fade('#000000', opacity, opacity * 0.45, 0)));
}

/**
 * The shadow an object casts where it stands: a broad soft shadow and a dark core where it touches,
 * both pushed away from the light.
 */
export function contactShadow(scene: Scene, cx: number, y: number, width: number, opacity = 0.55): string {
  return (
    shadowPatch(scene, cx + width * 0.08, y + width * 0.01, width * 0.62, width * 0.075, opacity * 0.55) +
    shadowPatch(scene, cx + width * 0.02, y, width * 0.52, width * 0.025, opacity)
  );
}
