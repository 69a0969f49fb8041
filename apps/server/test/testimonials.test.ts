import type { AdminTestimonial, Testimonial } from '@marketplace/contracts/testimonials';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTestimonials } from '../src/db/seed-demo-testimonials';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createCatalogueTestApp } from './fixtures/catalogue';
import { dataUrl, png, svg } from './fixtures/images';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

/**
 * The home page's testimonials (issue 31, decision 036): the public list (published only, in order,
 * in the reader's language, also as the home page's first data), and the back-office's editor: its
 * rules, its audit rows, its photos through the avatar pipeline, and its 404 to everyone else.
 */

let testApp: TestApp;
let admin: StaffClient;
let support: StaffClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  [admin, support] = await Promise.all([staffClient(testApp.app, 'admin'), staffClient(testApp.app, 'support')]);
});
afterAll(() => testApp.close());

const words = (overrides: Record<string, unknown> = {}) => ({
  quote: 'Sold my bike in a day.',
  quote_ar: 'بعت دراجتي في يوم.',
  name: 'Noor Saleh',
  name_ar: 'نور صالح',
  city: 'Dubai',
  city_ar: 'دبي',
  role: 'seller',
  position: 1,
  published: true,
  ...overrides,
});

const publicList = async (language: 'en' | 'ar') => {
  const client = new BrowserLikeClient(testApp.app, { 'accept-language': language });
  const response = await client.get('/api/testimonials');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Testimonial[] }>().data;
};

const create = async (body: Record<string, unknown>) => {
  const response = await admin.client.post('/api/admin/testimonials', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: AdminTestimonial }>().data;
};

const auditRows = (targetId: number) =>
  testApp.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after'])
    .where('target_type', '=', 'testimonial')
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();

describe('the public list', () => {
  it('shows only published testimonials, by position, in the reader’s language, and the home page carries it', async () => {
    await testApp.database.db.deleteFrom('testimonials').execute();
    const third = await create(words({ name: 'Third', name_ar: 'الثالث', position: 30 }));
    const first = await create(words({ name: 'First', name_ar: 'الأول', position: 10, role: 'buyer' }));
    await create(words({ name: 'Hidden', name_ar: 'مخفي', position: 20, published: false }));

    const english = await publicList('en');
    expect(english.map((one) => one.name)).toEqual(['First', 'Third']);
    expect(english[0]).toEqual({
      id: first.id,
      quote: 'Sold my bike in a day.',
      name: 'First',
      city: 'Dubai',
      role: 'buyer',
      photo: null,
    });
    const arabic = await publicList('ar');
    expect(arabic.map((one) => [one.id, one.name, one.city, one.quote])).toEqual([
      [first.id, 'الأول', 'دبي', 'بعت دراجتي في يوم.'],
      [third.id, 'الثالث', 'دبي', 'بعت دراجتي في يوم.'],
    ]);

    const home = await new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' }).visit('/');
    const json = /<script id="page-data" type="application\/json">([^<]*)<\/script>/.exec(home.body)?.[1] ?? '{}';
    expect((JSON.parse(json) as Record<string, unknown>)['/api/testimonials']).toEqual({ data: arabic });
  });

  it('seeds the demo’s testimonials once in both languages, however often it runs', async () => {
    await testApp.database.db.deleteFrom('testimonials').execute();
    await Promise.all([seedDemoTestimonials(testApp.database.db), seedDemoTestimonials(testApp.database.db)]);
    await seedDemoTestimonials(testApp.database.db);
    const [english, arabic] = [await publicList('en'), await publicList('ar')];
    expect(english).toHaveLength(5);
    expect(arabic.map((one) => one.id)).toEqual(english.map((one) => one.id));
    for (const one of arabic) expect(`${one.name} ${one.city} ${one.quote}`).not.toMatch(/[A-Za-z]/);
  });
});

describe('the back-office’s editor', () => {
  it('adds, edits, reorders, publishes and unpublishes, each with its audit row', async () => {
    const made = await create(words({ published: false, position: 5 }));
    expect(made).toMatchObject({ name: 'Noor Saleh', name_ar: 'نور صالح', published: false, photo: null });

    const edit = (body: Record<string, unknown>) => support.client.put(`/api/admin/testimonials/${made.id}`, body);
    expect((await edit(words({ quote: 'Sold it in an hour.', published: false, position: 2 }))).statusCode).toBe(200);
    expect((await edit(words({ quote: 'Sold it in an hour.', position: 2 }))).statusCode).toBe(200);
    expect((await publicList('en')).find((one) => one.id === made.id)?.quote).toBe('Sold it in an hour.');
    const unpublished = await edit(words({ quote: 'Sold it in an hour.', position: 2, published: false }));
    expect(unpublished.json<{ data: AdminTestimonial }>().data.published).toBe(false);
    expect((await publicList('en')).some((one) => one.id === made.id)).toBe(false);

    const rows = await auditRows(made.id);
    expect(rows.map((row) => row.action)).toEqual([
      'testimonial.create',
      'testimonial.edit',
      'testimonial.publish',
      'testimonial.unpublish',
    ]);
    expect(rows[0]?.actor_id).toBe(admin.user.id);
    expect(rows[1]?.actor_id).toBe(support.user.id);
    expect(rows[1]?.before).toMatchObject({ quote: 'Sold my bike in a day.', position: 5 });
    expect(rows[1]?.after).toMatchObject({ quote: 'Sold it in an hour.', position: 2 });

    const list = await admin.client.get('/api/admin/testimonials');
    const all = list.json<{ data: AdminTestimonial[] }>().data;
    expect(all.map((one) => one.position)).toEqual([...all.map((one) => one.position)].sort((a, b) => a - b));
  });

  it('takes a photo by its bytes, re-encoded as WebP, replaces and removes it, each audited', async () => {
    const made = await create(words({ position: 1 }));
    const upload = (image: string) => admin.client.put(`/api/admin/testimonials/${made.id}/photo`, { image });
    const first = await upload(dataUrl(await png(300, 300)));
    expect(first.statusCode, first.body).toBe(200);
    const photo = first.json<{ data: AdminTestimonial }>().data.photo;
    expect(photo).toMatch(/^\/media\/avatars\/[\w-]{22}\.webp$/);
    const served = await new BrowserLikeClient(testApp.app).get(photo ?? '');
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await publicList('en')).find((one) => one.id === made.id)?.photo).toBe(photo);

    const second = (await upload(dataUrl(await png(64, 64, '#ff0000')))).json<{ data: AdminTestimonial }>().data.photo;
    expect(second).not.toBe(photo);
    expect((await new BrowserLikeClient(testApp.app).get(photo ?? '')).statusCode).toBe(404);

    const lying = await upload(dataUrl(svg, 'image/png'));
    expect(lying.statusCode).toBe(422);
    expect(lying.json<{ errors: Record<string, string[]> }>().errors.image?.[0]).toBe(
      'The Image field must be an image',
    );

    const removed = await admin.client.request('DELETE', `/api/admin/testimonials/${made.id}/photo`);
    expect(removed.json<{ data: AdminTestimonial }>().data.photo).toBeNull();
    expect((await auditRows(made.id)).map((row) => row.action)).toEqual([
      'testimonial.create',
      'testimonial.photo.set',
      'testimonial.photo.set',
      'testimonial.photo.remove',
    ]);
  });

  it('moves one up or down past its neighbour, audited, and refuses to move the first up or the last down (409)', async () => {
    await testApp.database.db.deleteFrom('testimonials').execute();
    const [a, b, c] = [
      await create(words({ name: 'A', position: 10 })),
      await create(words({ name: 'B', position: 20 })),
      await create(words({ name: 'C', position: 20 })),
    ];
    const move = (id: number, direction: string) =>
      support.client.post(`/api/admin/testimonials/${id}/move`, { direction });
    const order = (response: LightMyRequestResponse) =>
      response.json<{ data: AdminTestimonial[] }>().data.map((one) => `${one.name}${one.position}`);

    const down = await move(a.id, 'down');
    expect(down.statusCode, down.body).toBe(200);
    expect(order(down)).toEqual(['B10', 'A20', 'C20']);
    // A and C share a place: the order is renumbered so the move shows.
    expect(order(await move(c.id, 'up'))).toEqual(['B1', 'C2', 'A3']);
    expect((await publicList('en')).map((one) => one.name)).toEqual(['B', 'C', 'A']);

    const first = await move(b.id, 'up');
    expect(first.statusCode).toBe(409);
    expect(first.json<{ message: string }>().message).toMatch(/already first/);
    expect((await move(a.id, 'down')).statusCode).toBe(409);
    expect((await move(a.id, 'sideways')).statusCode).toBe(422);
    expect((await move(2147483647, 'up')).statusCode).toBe(404);

    const rows = await auditRows(a.id);
    expect(rows.map((row) => row.action)).toEqual(['testimonial.create', 'testimonial.move']);
    expect(rows[1]).toMatchObject({
      actor_id: support.user.id,
      before: { position: 10, neighbour: b.id, neighbour_position: 20 },
      after: { position: 20, neighbour: b.id, neighbour_position: 10, direction: 'down' },
    });
    expect((await auditRows(c.id)).map((row) => row.action)).toEqual(['testimonial.create', 'testimonial.move']);
  });

  it('refuses input that breaks a rule with 422 naming the rule and the field, and writes nothing', async () => {
    const before = await testApp.database.db.selectFrom('testimonials').select('id').execute();
    const refused = async (body: Record<string, unknown>, field: string, rule: RegExp) => {
      const response = await admin.client.post('/api/admin/testimonials', body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]?.[0]).toMatch(rule);
    };
    await refused(words({ quote: 'x'.repeat(401) }), 'quote', /Quote in English.*400/);
    await refused(words({ name_ar: '  ' }), 'name_ar', /Name in Arabic.*required/);
    await refused(words({ position: 0 }), 'position', /at least 1/);
    await refused(words({ position: 1001 }), 'position', /1000/);
    await refused(words({ position: 1.5 }), 'position', /whole/);
    await refused(words({ role: 'broker' }), 'role', /^The selected role is invalid\.$/);
    expect(await testApp.database.db.selectFrom('testimonials').select('id').execute()).toHaveLength(before.length);
    expect((await admin.client.put('/api/admin/testimonials/2147483647', words())).statusCode).toBe(404);
  });

  it('is a 404 to visitors and users, and refused (403) to a moderator, whose role does not include it', async () => {
    const { client: user } = await signedInClient(testApp.app);
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    for (const client of [visitor, user]) {
      expect((await client.get('/api/admin/testimonials')).statusCode).toBe(404);
      expect((await client.post('/api/admin/testimonials', words())).statusCode).toBe(404);
    }
    const moderator = await staffClient(testApp.app, 'moderator');
    expect((await moderator.client.get('/api/admin/testimonials')).statusCode).toBe(403);
  });
});
