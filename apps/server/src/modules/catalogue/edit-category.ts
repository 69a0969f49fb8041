import { API_MESSAGES, encodeMessage, message, type FieldErrors, type TradeKind } from '@marketplace/contracts';
import { CATEGORY_EDIT_LIMITS, type CategoryEditValues } from '@marketplace/contracts/staff';
import { sql } from 'kysely';
import type { StoredCategoryAttribute } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';

/** What an edit may change of a category, as the audit log records it before and after. */
export interface CategorySnapshot {
  name: string;
  name_ar: string;
  parent_id: number | null;
  position: number;
  /** How its listings trade (issue 32). */
  trade_kind: TradeKind;
  attributes: {
    key: string;
    label: string;
    label_ar: string;
    options?: { value: string; label: string; label_ar: string }[];
  }[];
}

interface Row {
  id: number;
  parent_id: number | null;
  name: string;
  name_ar: string;
  position: number;
  attributes: StoredCategoryAttribute[];
  trade_kind: TradeKind;
}

const snapshot = (row: Row): CategorySnapshot => ({
  name: row.name,
  name_ar: row.name_ar,
  parent_id: row.parent_id,
  position: row.position,
  trade_kind: row.trade_kind,
  attributes: row.attributes.map((attribute) => ({
    key: attribute.key,
    label: attribute.label,
    label_ar: attribute.label_ar,
    ...(attribute.options && {
      options: attribute.options.map(({ value, label, label_ar }) => ({ value, label, label_ar })),
    }),
  })),
});

/**
 * A back-office edit of one category (issue 29), in the caller's unit of work (which also writes the
 * audit row): its names, how its listings trade (issue 32), its parent, its place among its new siblings (renumbered 0, 1, 2… in the
 * order shown), and the labels of its own fields and their choices. Keys, types and choices
 * themselves stay: listings keep their values by key. Refused: an unknown category (404); an unknown
 * parent or field (422); a parent that is the category itself or under it, one that holds listings,
 * one whose fields share a key with the branch moved, or one that makes the tree too deep (409).
 * Every category whose place or names changed is marked edited, so the seed leaves it as staff left it.
 * Every process reads the tree again once the unit commits (`category.changed`).
 */
export async function editCategory(
  unit: UnitOfWork,
  id: number,
  edit: CategoryEditValues,
): Promise<{ before: CategorySnapshot; after: CategorySnapshot }> {
  const db = unit.db;
  // Every row, locked: two moves at once could otherwise make a cycle neither would see alone.
  const rows: Row[] = await db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'name_ar', 'position', 'attributes', 'trade_kind'])
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const target = byId.get(id);
  if (!target) throw new HttpError(404, message(API_MESSAGES.notFound));

  const parentId = edit.parent_id;
  if (parentId !== target.parent_id) await checkParent(db, rows, byId, target, parentId);
  const attributes = relabel(target.attributes, edit.attributes);

  // Its place among its new siblings: 1 is first; past the last is last.
  const siblings = rows.filter((row) => row.parent_id === parentId && row.id !== id);
  const at = Math.min(edit.position - 1, siblings.length);
  const order = [...siblings.slice(0, at), target, ...siblings.slice(at)];
  const now = new Date();
  for (const [position, sibling] of order.entries()) {
    if (sibling === target || sibling.position === position) continue;
    await db.updateTable('categories').set({ position, edited_at: now }).where('id', '=', sibling.id).execute();
  }
  const after: Row = {
    ...target,
    name: edit.name,
    name_ar: edit.name_ar,
    parent_id: parentId,
    position: at,
    attributes,
    trade_kind: edit.trade_kind ?? target.trade_kind,
  };
  await db
    .updateTable('categories')
    .set({
      name: after.name,
      name_ar: after.name_ar,
      parent_id: after.parent_id,
      position: after.position,
      attributes: JSON.stringify(after.attributes),
      trade_kind: after.trade_kind,
      edited_at: now,
    })
    .where('id', '=', id)
    .execute();
  await unit.emit('category.changed', { categoryId: id });
  return { before: snapshot(target), after: snapshot(after) };
}

/** The rules of a new parent (none: a top category); throws the first one broken. */
async function checkParent(
  db: UnitOfWork['db'],
  rows: readonly Row[],
  byId: ReadonlyMap<number, Row>,
  target: Row,
  parentId: number | null,
): Promise<void> {
  const branch = [target];
  for (let index = 0; index < branch.length; index += 1) {
    for (const row of rows) if (row.parent_id === branch[index]?.id) branch.push(row);
  }
  if (parentId === null) return;
  const parent = byId.get(parentId);
  if (!parent) throw ValidationError.forField('parent_id', encodeMessage(message('admin.categories.parentInvalid')));
  if (branch.some((row) => row.id === parentId)) throw new HttpError(409, message('admin.categories.cycle'));

  const lineage: Row[] = [];
  for (let at: Row | undefined = parent; at && lineage.length <= rows.length;) {
    lineage.push(at);
    at = at.parent_id === null ? undefined : byId.get(at.parent_id);
  }
  const levelOf = (row: Row) => {
    let level = 0;
    for (let at: Row | undefined = row; at && at !== target; at = byId.get(at.parent_id ?? 0)) level += 1;
    return level;
  };
  const branchDepth = Math.max(...branch.map(levelOf)) + 1;
  if (lineage.length + branchDepth > CATEGORY_EDIT_LIMITS.depthMax) {
    throw new HttpError(409, message('admin.categories.tooDeep', { depth: CATEGORY_EDIT_LIMITS.depthMax }));
  }

  const holdsListings = await db
    .selectFrom('listings')
    .select(sql<number>`1`.as('one'))
    .where('category_id', '=', parentId)
    .limit(1)
    .executeTakeFirst();
  if (holdsListings) throw new HttpError(409, message('admin.categories.parentHasListings', { name: parent.name }));

  const inherited = new Set(lineage.flatMap((row) => row.attributes.map((attribute) => attribute.key)));
  for (const row of branch) {
    const clash = row.attributes.find((attribute) => inherited.has(attribute.key));
    if (clash) throw new HttpError(409, message('admin.categories.keyClash', { name: parent.name, key: clash.key }));
  }
}

/** The category's own fields with the labels the edit gives; an unknown key or choice is a 422 naming it. */
function relabel(
  stored: readonly StoredCategoryAttribute[],
  given: CategoryEditValues['attributes'],
): StoredCategoryAttribute[] {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const byKey = new Map(given.map((attribute) => [attribute.key, attribute]));
  given.forEach((attribute, index) => {
    const own = stored.find((candidate) => candidate.key === attribute.key);
    if (!own) {
      errors[`attributes.${index}.key`] = [
        encodeMessage(message('admin.categories.unknownAttribute', { key: attribute.key })),
      ];
      return;
    }
    if (seen.has(attribute.key)) {
      errors[`attributes.${index}.key`] = [
        encodeMessage(message('admin.categories.duplicateAttribute', { key: attribute.key })),
      ];
      return;
    }
    seen.add(attribute.key);
    (attribute.options ?? []).forEach((option, optionIndex) => {
      if (!own.options?.some((candidate) => candidate.value === option.value)) {
        errors[`attributes.${index}.options.${optionIndex}.value`] = [
          encodeMessage(message('admin.categories.unknownOption', { key: attribute.key, value: option.value })),
        ];
      }
    });
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return stored.map((attribute) => {
    const edit = byKey.get(attribute.key);
    if (!edit) return attribute;
    const options = attribute.options?.map((option) => {
      const labels = edit.options?.find((candidate) => candidate.value === option.value);
      return labels ? { ...option, label: labels.label, label_ar: labels.label_ar } : option;
    });
    return { ...attribute, label: edit.label, label_ar: edit.label_ar, ...(options && { options }) };
  });
}
