import type { Category } from '@marketplace/contracts';
import type { AdminCategory, CategoryEdit } from '@marketplace/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { insertListing, insertUser } from './fixtures/back-office';
import { createCatalogueTestApp } from './fixtures/catalogue';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

/**
 * The back-office's categories (issue 29): the tree in both languages; an edit of a category's names,
 * place, parent and field labels through the catalogue, which the public pages show at once and the
 * seed leaves alone; the parents refused; the audit row; who may.
 */

let testApp: TestApp;
let admin: StaffClient;
let visitor: BrowserLikeClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  admin = await staffClient(testApp.app, 'admin');
  visitor = new BrowserLikeClient(testApp.app);
  await visitor.visit('/');
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;

const tree = async () => {
  const response = await admin.client.get('/api/admin/categories');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AdminCategory[] }>().data;
};
const category = async (slug: string) => {
  const found = (await tree()).find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no category ${slug}`);
  return found;
};
/** The edit that changes nothing: the category as it is, in its place (positions count from 1). */
async function unchanged(slug: string): Promise<CategoryEdit & { id: number }> {
  const all = await tree();
  const found = all.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no category ${slug}`);
  const siblings = all
    .filter((candidate) => candidate.parent_id === found.parent_id)
    .sort((a, b) => a.position - b.position || a.id - b.id);
  return {
    id: found.id,
    name: found.name,
    name_ar: found.name_ar,
    parent_id: found.parent_id,
    position: siblings.findIndex((sibling) => sibling.id === found.id) + 1,
    attributes: [],
  };
}
const edit = (id: number, body: unknown, headers: Record<string, string> = {}) =>
  admin.client.request('PUT', `/api/admin/categories/${id}`, body, { headers });
const publicCategories = async (language: 'en' | 'ar') => {
  const response = await visitor.request('GET', '/api/categories', undefined, {
    headers: { 'accept-language': language },
  });
  return response.json<{ data: Category[] }>().data;
};

describe('who may edit categories', () => {
  it('answers visitors and users 404, support and moderators 403, admins the tree', async () => {
    const { client: user } = await signedInClient(testApp.app);
    const nowhere = await user.get('/api/no-such-thing');
    for (const client of [visitor, user]) {
      for (const [method, url] of [
        ['GET', '/api/admin/categories'],
        ['PUT', '/api/admin/categories/1'],
      ] as const) {
        const response = await client.request(method, url, method === 'PUT' ? { name: 'x' } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).toBe(nowhere.body);
      }
    }
    for (const role of ['support', 'moderator'] as const) {
      const member = await staffClient(testApp.app, role);
      expect((await member.client.get('/api/admin/categories')).statusCode, role).toBe(403);
      expect((await member.client.put('/api/admin/categories/1', await unchanged('cameras'))).statusCode, role).toBe(
        403,
      );
    }
  });

  it('gives the tree with both languages’ names and each category’s own fields with both labels', async () => {
    const phones = await category('mobile-phones');
    const electronics = await category('electronics');
    expect(phones).toMatchObject({ name: 'Mobile phones', name_ar: 'هواتف محمولة', parent_id: electronics.id });
    expect(phones.attributes.find((attribute) => attribute.key === 'brand')).toMatchObject({
      type: 'enum',
      label: 'Brand',
      label_ar: 'العلامة التجارية',
      options: expect.arrayContaining([{ value: 'apple', label: 'Apple', label_ar: 'أبل' }]) as unknown,
    });
    expect(electronics.attributes).toEqual([]);
  });
});

describe('editing a category', () => {
  it('renames it and its field labels; the public answer and category page show it at once; the seed keeps it', async () => {
    // The public pages have read (and kept) the tree before the edit.
    expect((await publicCategories('en')).find((c) => c.slug === 'mobile-phones')?.name).toBe('Mobile phones');
    const body = {
      ...(await unchanged('mobile-phones')),
      name: '  Phones and smartphones ',
      name_ar: 'هواتف ذكية',
      attributes: [
        {
          key: 'brand',
          label: 'Make',
          label_ar: 'الصانع',
          options: [{ value: 'apple', label: 'Apple Inc.', label_ar: 'شركة أبل' }],
        },
      ],
    };
    const response = await edit(body.id, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: AdminCategory }>().data).toMatchObject({
      name: 'Phones and smartphones',
      name_ar: 'هواتف ذكية',
      edited_at: expect.any(Number) as number,
    });

    const english = (await publicCategories('en')).find((c) => c.slug === 'mobile-phones');
    expect(english?.name).toBe('Phones and smartphones');
    const brand = english?.attributes.find((attribute) => attribute.key === 'brand');
    expect(brand?.label).toBe('Make');
    expect(brand?.options.find((option) => option.value === 'apple')?.label).toBe('Apple Inc.');
    // The other choices and fields are as they were.
    expect(brand?.options.find((option) => option.value === 'samsung')?.label).toBe('Samsung');
    expect(english?.attributes.find((attribute) => attribute.key === 'storage')?.label).toBe('Storage');
    const arabic = (await publicCategories('ar')).find((c) => c.slug === 'mobile-phones');
    expect(arabic?.name).toBe('هواتف ذكية');
    expect(arabic?.attributes.find((attribute) => attribute.key === 'brand')?.label).toBe('الصانع');
    const page = await new BrowserLikeClient(testApp.app).visit('/c/mobile-phones');
    expect(page.body).toContain('<title>Phones and smartphones · Marketplace</title>');

    const [audit] = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'category.edit')
      .where('target_id', '=', body.id)
      .execute();
    expect(audit).toMatchObject({ actor_id: admin.user.id, actor_role: 'admin', target_type: 'category' });
    expect(audit?.before).toMatchObject({ name: 'Mobile phones', name_ar: 'هواتف محمولة' });
    expect(audit?.after).toMatchObject({ name: 'Phones and smartphones', name_ar: 'هواتف ذكية' });
    const brandAfter = (audit?.after as { attributes: { key: string; label: string }[] }).attributes.find(
      (attribute) => attribute.key === 'brand',
    );
    expect(brandAfter?.label).toBe('Make');

    // The next start's seed leaves staff's names and labels, and still sets the others as it says.
    await db().updateTable('categories').set({ name: 'Not the seed' }).where('slug', '=', 'cameras').execute();
    await seedReferenceData(db());
    const reseeded = await category('mobile-phones');
    expect(reseeded.name).toBe('Phones and smartphones');
    expect(reseeded.attributes.find((attribute) => attribute.key === 'brand')?.label_ar).toBe('الصانع');
    expect((await category('cameras')).name).toBe('Cameras');
  });

  it('moves it among its siblings: the others keep their order around it', async () => {
    const all = await tree();
    const fashion = await category('fashion');
    const children = () =>
      tree().then((list) =>
        list
          .filter((candidate) => candidate.parent_id === fashion.id)
          .sort((a, b) => a.position - b.position || a.id - b.id)
          .map((candidate) => candidate.slug),
      );
    const before = await children();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const last = before.at(-1) ?? '';
    const moved = await edit(all.find((candidate) => candidate.slug === last)?.id ?? 0, {
      ...(await unchanged(last)),
      position: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await children()).toEqual([last, ...before.slice(0, -1)]);
    // Past the end is last.
    await edit((await category(last)).id, { ...(await unchanged(last)), position: 1000 });
    expect(await children()).toEqual(before);
  });

  it('moves it under another parent, and refuses one under itself, one holding listings, a clash of fields, too deep', async () => {
    const garden = await category('garden');
    const homeGarden = await category('home-garden');
    const property = await category('property');
    const moved = await edit(garden.id, { ...(await unchanged('garden')), parent_id: property.id, position: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await publicCategories('en')).find((c) => c.slug === 'garden')?.parent_id).toBe(property.id);
    await edit(garden.id, { ...(await unchanged('garden')), parent_id: homeGarden.id });

    // Under itself, or under one of its own sub-categories.
    const electronics = await category('electronics');
    const laptops = await category('laptops');
    for (const parent of [electronics.id, laptops.id]) {
      const cycle = await edit(electronics.id, { ...(await unchanged('electronics')), parent_id: parent });
      expect(cycle.statusCode).toBe(409);
      expect(cycle.json<{ message: string }>().message).toBe(
        'A category cannot move under itself or under one of its own sub-categories.',
      );
    }
    // In Arabic, for an Arabic reader.
    const arabic = await edit(
      electronics.id,
      { ...(await unchanged('electronics')), parent_id: laptops.id },
      { 'accept-language': 'ar' },
    );
    expect(arabic.json<{ message: string }>().message).toBe('لا يمكن نقل فئة تحت نفسها أو تحت إحدى فئاتها الفرعية.');

    // A parent with listings of its own could not hold sub-categories.
    const seller = await insertUser(db());
    await insertListing(db(), seller.id, { categorySlug: 'tvs-audio', status: 'expired' });
    const intoListings = await edit((await category('garden')).id, {
      ...(await unchanged('garden')),
      parent_id: (await category('tvs-audio')).id,
    });
    expect(intoListings.statusCode).toBe(409);
    expect(intoListings.json<{ message: string }>().message).toMatch(/^TVs and audio holds listings of its own/);

    // Laptops have a brand, as phones do: under phones, a laptop would have two.
    const clash = await edit(laptops.id, {
      ...(await unchanged('laptops')),
      parent_id: (await category('mobile-phones')).id,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ message: string }>().message).toMatch(/the field brand would be there twice/);

    // Home and garden (two levels) under furniture (two levels) is four; more would pass five.
    const furniture = await category('furniture');
    const deep = await edit(electronics.id, { ...(await unchanged('electronics')), parent_id: furniture.id });
    expect(deep.statusCode, deep.body).toBe(200);
    const tooDeep = await edit(property.id, {
      ...(await unchanged('property')),
      parent_id: (await category('laptops')).id,
    });
    expect(tooDeep.statusCode).toBe(409);
    expect(tooDeep.json<{ message: string }>().message).toMatch(/at most 5 levels/);
    await edit(electronics.id, { ...(await unchanged('electronics')), parent_id: null });

    // Nothing refused was written.
    expect((await category('electronics')).parent_id).toBeNull();
    expect((await category('laptops')).parent_id).toBe(electronics.id);
    expect((await category('property')).parent_id).toBeNull();
  });

  it('names each broken rule (422), in the reader’s language, and 404 for a category nobody has', async () => {
    const phones = await unchanged('mobile-phones');
    const errorsOf = async (body: unknown, headers: Record<string, string> = {}) => {
      const response = await edit(phones.id, body, headers);
      expect(response.statusCode, response.body).toBe(422);
      return response.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(await errorsOf({ ...phones, name: '  ', name_ar: 'x'.repeat(81) })).toEqual({
      name: ['The English name field is required'],
      name_ar: ['The Arabic name field may not be greater than 80 characters'],
    });
    expect((await errorsOf({ ...phones, name: '' }, { 'accept-language': 'ar' })).name).toEqual([
      'حقل الاسم بالإنجليزية مطلوب',
    ]);
    expect(await errorsOf({ ...phones, position: 0 })).toEqual({ position: ['Position must be at least 1.'] });
    expect(await errorsOf({ ...phones, parent_id: 2147483647 })).toEqual({
      parent_id: ['Choose a parent category from the list, or none for a top category.'],
    });
    expect(
      await errorsOf({
        ...phones,
        attributes: [
          { key: 'wheels', label: 'Wheels', label_ar: 'عجلات' },
          {
            key: 'brand',
            label: 'Brand',
            label_ar: 'الماركة',
            options: [{ value: 'tesla', label: 'T', label_ar: 'ت' }],
          },
          { key: 'storage', label: '', label_ar: 'السعة' },
        ],
      }),
    ).toEqual({
      'attributes.2.label': ['The English label field is required'],
    });
    expect(
      await errorsOf({
        ...phones,
        attributes: [
          { key: 'wheels', label: 'Wheels', label_ar: 'عجلات' },
          {
            key: 'brand',
            label: 'Brand',
            label_ar: 'الماركة',
            options: [{ value: 'tesla', label: 'T', label_ar: 'ت' }],
          },
        ],
      }),
    ).toEqual({
      'attributes.0.key': [
        'This category has no field with the key wheels: only the labels of its own fields can change.',
      ],
      'attributes.1.options.0.value': [
        'The field brand has no choice with the value tesla: only the labels of its choices can change.',
      ],
    });
    expect((await edit(2147483647, phones)).statusCode).toBe(404);
    expect((await edit(0, phones)).statusCode).toBe(404);
  });
});
