import { z } from 'zod/mini';
import { attributeTypes } from '../catalogue/categories';
import { tradeKinds, type TradeKind } from '../catalogue/trade-kinds';
import { defineRoute } from '../http/api-route';
import { idParamsSchema } from '../http/route-params';
import { encodeMessage, message, type MessageKey } from '../i18n/message';
import { INT4_MAX } from '../rules/column-ranges';
import { boundedWholeNumber } from '../rules/number-fields';
import { ruledText } from '../rules/zod-fields';

/**
 * The back-office's categories (issue 29): the tree with both languages' names, and an edit of one
 * category: its names, its place among its siblings, its parent, and the labels of its own fields.
 * A field's key, type and options stay: listings keep their values by key.
 */

export const CATEGORY_EDIT_LIMITS = {
  /** categories.name and name_ar are varchar(80). */
  nameMax: 80,
  labelMax: 80,
  /** A place among siblings, from 1. */
  positionMax: 1000,
  attributesMax: 50,
  optionsMax: 500,
  keyMax: 60,
  /** Levels from a top category down (categoryPath reads ten at most). */
  depthMax: 5,
} as const;

const invalid = () => encodeMessage(message('laravel.invalidValue'));
const parentInvalid = () => encodeMessage(message('admin.categories.parentInvalid'));

const name = (label: 'admin.field.categoryName' | 'admin.field.categoryNameAr') =>
  ruledText({ label, rules: { required: true, max: CATEGORY_EDIT_LIMITS.nameMax } });
const label = (field: 'admin.field.labelEn' | 'admin.field.labelAr') =>
  ruledText({ label: field, rules: { required: true, max: CATEGORY_EDIT_LIMITS.labelMax } });
const key = z.string({ error: invalid }).check(z.maxLength(CATEGORY_EDIT_LIMITS.keyMax, { error: invalid }));

/** One of the category's own fields: its key (unchanged) and its labels, with its options' if it has any. */
export const attributeLabelsSchema = z.object(
  {
    key,
    label: label('admin.field.labelEn'),
    label_ar: label('admin.field.labelAr'),
    options: z.optional(
      z
        .array(z.object({ value: key, label: label('admin.field.labelEn'), label_ar: label('admin.field.labelAr') }), {
          error: invalid,
        })
        .check(z.maxLength(CATEGORY_EDIT_LIMITS.optionsMax, { error: invalid })),
    ),
  },
  { error: invalid },
);
export type AttributeLabels = z.input<typeof attributeLabelsSchema>;

/**
 * PUT /api/admin/categories/:id. `position` is the place among the siblings under `parent_id`
 * (1: first; past the last: last). `attributes` names fields of the category by key; those left out
 * keep their labels.
 */
export const categoryEditSchema = z.object(
  {
    name: name('admin.field.categoryName'),
    name_ar: name('admin.field.categoryNameAr'),
    parent_id: z.nullable(
      z
        .int({ error: parentInvalid })
        .check(z.gte(1, { error: parentInvalid }), z.lte(INT4_MAX, { error: parentInvalid })),
    ),
    position: boundedWholeNumber('admin.field.position', { min: 1, max: CATEGORY_EDIT_LIMITS.positionMax }),
    attributes: z
      .array(attributeLabelsSchema, { error: invalid })
      .check(z.maxLength(CATEGORY_EDIT_LIMITS.attributesMax, { error: invalid })),
    /** How its listings trade (issue 32); left out: as it is. */
    trade_kind: z.optional(z.enum(tradeKinds, { error: () => encodeMessage(message('laravel.invalidValue')) })),
  },
  { error: invalid },
);
export type CategoryEdit = z.input<typeof categoryEditSchema>;
/** The edit as the server reads it: names trimmed. */
export type CategoryEditValues = z.output<typeof categoryEditSchema>;

/** A category as the back-office shows it: both languages, and its own fields only (not its ancestors'). */
export const adminCategorySchema = z.object({
  id: z.number(),
  parent_id: z.nullable(z.number()),
  slug: z.string(),
  icon: z.string(),
  name: z.string(),
  name_ar: z.string(),
  /** Its order among its siblings (smaller first; ties by id). */
  position: z.number(),
  /** Active listings in it and its sub-categories, as the public pages count them (kept a few seconds). */
  active_listings: z.number(),
  attributes: z.array(
    z.object({
      key: z.string(),
      type: z.enum(attributeTypes),
      label: z.string(),
      label_ar: z.string(),
      options: z.array(z.object({ value: z.string(), label: z.string(), label_ar: z.string() })),
    }),
  ),
  /** When staff last edited it (ms since 1970); null: as seeded. */
  edited_at: z.nullable(z.number()),
  /** How its listings trade (issue 32). */
  trade_kind: z.enum(tradeKinds),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** Each trade kind's name in the category form. */
export const TRADE_KIND_NAMES = {
  items: 'admin.categories.tradeKind.items',
  rent: 'admin.categories.tradeKind.rent',
  sale_contact: 'admin.categories.tradeKind.sale_contact',
} as const satisfies Record<TradeKind, MessageKey>;

export const adminCategoriesSchema = z.object({ data: z.array(adminCategorySchema) });
export const adminCategoryResponseSchema = z.object({ data: adminCategorySchema });

export const ADMIN_CATEGORIES_ROUTES = {
  categories: defineRoute({
    method: 'GET',
    path: '/api/admin/categories',
    response: { 200: adminCategoriesSchema },
  }),
  /**
   * 422 for a field that breaks its rule (an unknown parent or attribute key included); 409 for a
   * parent the category cannot go under: itself, one of its sub-categories, or one holding listings.
   */
  editCategory: defineRoute({
    method: 'PUT',
    path: '/api/admin/categories/:id',
    params: idParamsSchema,
    body: categoryEditSchema,
    response: { 200: adminCategoryResponseSchema },
  }),
} as const;
