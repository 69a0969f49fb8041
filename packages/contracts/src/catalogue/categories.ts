import { z } from 'zod/mini';
import { tradeKinds } from './trade-kinds';

export const attributeTypes = ['enum', 'number', 'text', 'boolean'] as const;
export type AttributeType = (typeof attributeTypes)[number];

/**
 * How a number field's values read, beyond a quantity (3 bedrooms, 12,500 km: the language's
 * digits and grouping, then the unit): a `year` is written without grouping (2022, not 2,022).
 */
export const attributeNumberFormats = ['year'] as const;
export type AttributeNumberFormat = (typeof attributeNumberFormats)[number];

/**
 * One of a category's own fields (a car's make, a flat's bedrooms), as the API gives it: labels in
 * the request's language. Listings of the category carry a value per key; `filterable` ones become
 * search filters.
 */
export const categoryAttributeSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(attributeTypes),
  /** km, m², GB: shown after a number. */
  unit: z.nullable(z.string()),
  /** A number that is not a quantity (a year); absent: a quantity. */
  number_format: z.optional(z.enum(attributeNumberFormats)),
  required: z.boolean(),
  filterable: z.boolean(),
  /** The choices of an enum, in the order shown. */
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  /** Bounds of a number; whole numbers only unless `decimal`. */
  min: z.nullable(z.number()),
  max: z.nullable(z.number()),
  decimal: z.boolean(),
});
export type CategoryAttribute = z.infer<typeof categoryAttributeSchema>;

/** A category in the tree; a listing goes in a leaf (a category with no children). */
export const categorySchema = z.object({
  id: z.int(),
  parent_id: z.nullable(z.int()),
  slug: z.string(),
  name: z.string(),
  /** The name of the drawing the web shows on its tile. */
  icon: z.string(),
  position: z.int(),
  /** Active listings in it and its sub-categories. */
  listing_count: z.int(),
  /** Its own fields and those of its ancestors, ancestors' first. */
  attributes: z.array(categoryAttributeSchema),
  /** How its listings trade (issue 32): Buy and delivery, a rent per period, or a sale by contact. */
  trade_kind: z.enum(tradeKinds),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesResponseSchema = z.object({ data: z.array(categorySchema) });

export * from './category-tree';
