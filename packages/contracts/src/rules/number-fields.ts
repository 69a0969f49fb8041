import { z } from 'zod/mini';
import { encodeMessage, message, type Message, type MessageKey, type MessageValue } from '../i18n/message';
import { FILS_PER_DIRHAM } from '../catalogue/listing-text';
import { roundCoordinate } from './column-ranges';

/** The bounds of a number field, and what kind of number it takes. */
export interface NumberBounds {
  min?: number | undefined;
  max?: number | undefined;
  /** Whole numbers only (a quantity, a year); money is always whole (fils). */
  whole?: boolean;
  /** An amount in fils: its messages speak in AED, as the forms show money. */
  fils?: boolean;
}

/**
 * What is wrong with `value` for a number field named `field` (a label's message, or its text), as
 * a person reads it: which rule it breaks (a number, whole, at least, at most) and the bound. The
 * API's 422 and the forms show the same message. Undefined when nothing is.
 */
export function numberProblem(value: unknown, field: MessageValue, bounds: NumberBounds): Message | undefined {
  const { min, max, whole = false, fils = false } = bounds;
  if (typeof value !== 'number' || !Number.isFinite(value)) return message('number.notANumber', { field });
  if (fils && !Number.isInteger(value)) return message('money.wholeFils', { field });
  if (whole && !Number.isInteger(value)) return message('number.whole', { field });
  if (min !== undefined && value < min) {
    return fils
      ? message('money.atLeast', { field, min: min / FILS_PER_DIRHAM })
      : message('number.atLeast', { field, min });
  }
  if (max !== undefined && value > max) {
    return fils
      ? message('money.atMost', { field, max: max / FILS_PER_DIRHAM })
      : message('number.atMost', { field, max });
  }
  return undefined;
}

/** A JSON number checked by numberProblem; a missing one is "required", anything else "must be a number". */
function checkedNumber(label: MessageKey, bounds: NumberBounds) {
  const field = message(label);
  return z
    .number({
      error: (issue) =>
        encodeMessage(
          issue.input === undefined ? message('rule.required', { field }) : message('number.notANumber', { field }),
        ),
    })
    .check(
      z.superRefine((value, context) => {
        const problem = numberProblem(value, field, bounds);
        if (problem) context.addIssue({ code: 'custom', message: encodeMessage(problem), input: value });
      }),
    );
}

/** A whole number from `min` to `max` (a quantity, stars, an amount of fils with `fils`). */
export const boundedWholeNumber = (label: MessageKey, bounds: Omit<NumberBounds, 'whole'>) =>
  checkedNumber(label, { ...bounds, whole: true });

/** A latitude (±90) or longitude (±180), kept to COORDINATE_DECIMALS. */
export const coordinate = (label: MessageKey, limit: 90 | 180) =>
  z.pipe(checkedNumber(label, { min: -limit, max: limit }), z.transform(roundCoordinate));
