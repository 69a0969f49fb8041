import { polygon } from './scene';

// Flat things seen at an angle: a wall, a keyboard, a screen, given by their four corners.

export type Point = readonly [number, number];
/** A wall seen in perspective, by its corners: bottom left, bottom right, top right, top left. */
export type Face = readonly [Point, Point, Point, Point];

/** The point at (u, v) on a face: u across from its left edge, v up from its bottom. */
export function on(face: Face, u: number, v: number): [number, number] {
  const [bl, br, tr, tl] = face;
  const [bottomX, bottomY] = [bl[0] + (br[0] - bl[0]) * u, bl[1] + (br[1] - bl[1]) * u];
  const [topX, topY] = [tl[0] + (tr[0] - tl[0]) * u, tl[1] + (tr[1] - tl[1]) * u];
  return [bottomX + (topX - bottomX) * v, bottomY + (topY - bottomY) * v];
}

/** A patch of a face, from (u1, v1) to (u2, v2). */
export function patch(face: Face, u1: number, v1: number, u2: number, v2: number, fill: string, more = ''): string {
  return polygon([...on(face, u1, v1), ...on(face, u2, v1), ...on(face, u2, v2), ...on(face, u1, v2)], fill, more);
}
