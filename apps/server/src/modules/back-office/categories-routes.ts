import { ADMIN_CATEGORIES_ROUTES, type AdminCategory } from '@marketplace/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { route } from '../../plugins/api-route';
import { editCategory } from '../catalogue';
import { auditActor, recordAudit } from '../staff';

/**
 * Every category as stored (read fresh, not from the public pages' copy), with the public pages'
 * count of active listings (kept a few seconds by the catalogue).
 */
async function readCategories(app: FastifyInstance, db: Kysely<Database>): Promise<AdminCategory[]> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('categories')
      .select([
        'id',
        'parent_id',
        'slug',
        'icon',
        'name',
        'name_ar',
        'position',
        'attributes',
        'edited_at',
        'trade_kind',
      ])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    app.catalogue.categories.list('en'),
  ]);
  const active = new Map(counted.map((category) => [category.id, category.listing_count]));
  return rows.map((row) => ({
    id: row.id,
    parent_id: row.parent_id,
    slug: row.slug,
    icon: row.icon,
    name: row.name,
    name_ar: row.name_ar,
    position: row.position,
    active_listings: active.get(row.id) ?? 0,
    attributes: row.attributes.map((attribute) => ({
      key: attribute.key,
      type: attribute.type,
      label: attribute.label,
      label_ar: attribute.label_ar,
      options: (attribute.options ?? []).map(({ value, label, label_ar }) => ({ value, label, label_ar })),
    })),
    edited_at: row.edited_at === null ? null : row.edited_at.getTime(),
    trade_kind: row.trade_kind,
  }));
}

/**
 * Categories for staff (issue 29, categories.edit): the tree, and an edit of one category through
 * the catalogue (its table's owner), with the audit row in the same transaction. The public pages
 * show the edit at once: the catalogue drops its copy of the tree when the edit commits.
 */
export function categoriesRoutes(app: FastifyInstance): Promise<void> {
  const guard = { onRequest: app.staffDesk.may('categories.edit') };

  route(app, ADMIN_CATEGORIES_ROUTES.categories, guard, async () => ({ data: await readCategories(app, app.db) }));

  route(app, ADMIN_CATEGORIES_ROUTES.editCategory, guard, async (request) => {
    const { id } = request.params;
    const actor = auditActor(request);
    await app.events.run(async (unit) => {
      const { before, after } = await editCategory(unit, id, request.body);
      await recordAudit(unit.db, actor, {
        action: 'category.edit',
        targetType: 'category',
        targetId: id,
        before: { ...before },
        after: { ...after },
      });
    });
    const edited = (await readCategories(app, app.db)).find((category) => category.id === id);
    if (!edited) throw new Error(`category ${id} vanished after its edit`);
    return { data: edited };
  });

  return Promise.resolve();
}
