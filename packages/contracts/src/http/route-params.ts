import { z } from 'zod/mini';
import { isBigintIdText, isInt4IdText } from '../rules/column-ranges';

/**
 * Path parameters. A value that does not parse names nothing, so the server answers 404 (what is
 * not yours, or not there, is a 404), never 422: these schemas carry no messages of their own.
 */

/** An `integer` column's id in a path: 1 up to 2^31 − 1, in plain decimal digits. */
export const int4IdParam = z.pipe(z.string().check(z.refine(isInt4IdText)), z.transform(Number));

/** A `bigint` column's id in a path, as far as JavaScript reads it exactly. */
export const bigintIdParam = z.pipe(z.string().check(z.refine(isBigintIdText)), z.transform(Number));

/** `/…/:id`, the id of an `integer` column. */
export const idParamsSchema = z.object({ id: int4IdParam });

/** `/…/:id`, the id of a `bigint` column (notifications). */
export const bigintIdParamsSchema = z.object({ id: bigintIdParam });

/** `/…/:file`: a stored file's name; the storage tells whether it is one. */
export const fileParamsSchema = z.object({ file: z.string() });
