import { STAFF_ACTIONS, staffMay, type StaffAction, type StaffRole } from '@marketplace/contracts/staff';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { liveListing, seller } from './fixtures/catalogue';
import { grantRole, staffClient } from './fixtures/staff';
import { createTestApp, type TestApp } from './test-app';

/**
 * The permission matrix of the back-office (issue 29): every registered route under /api/admin ×
 * a visitor, a signed-in user, an admin whose session has not passed the second factor, and each
 * role. Whoever holds no role gets exactly what an address that does not exist answers; staff without
 * the second factor get 403 (but for their own session and the second factor's routes); each role
 * gets through where STAFF_RULES allows the route's action, and 403 elsewhere.
 *
 * "Gets through" is the guard's decision, seen two ways: the answer is neither 403 nor the site's
 * not-found body (the inputs below name things that exist), and a hook placed right after the
 * route's guard ran (it marks the reply). A route registered under /api/admin that the table below
 * does not name fails the test: a new route states the action it performs here.
 */

/** The action a route performs; 'desk': any staff member, second factor passed or not (their session, the second factor). */
type Gate = StaffAction | 'desk';

interface Targets {
  listingId: number;
  categoryBody: Record<string, unknown>;
  categoryId: number;
  /** An account with no role: looked up, granted a role, shown, sent a verification link, signed out. */
  plain: { id: number; email: string };
  /** A support member whose role the admin takes away. */
  leaving: number;
  /** A support member whose second factor the admin resets. */
  resetting: number;
  /** A user's support ticket. */
  ticketId: number;
  /** Canned answers, one taken (deleted) by each call that deletes one. */
  cannedIds: number[];
  /** A testimonial without a photo: removing its photo changes nothing. */
  testimonialId: number;
  /** A newsletter draft: sent to a list with nobody on it, then refused a change (409). */
  newsletterIssueId: number;
}

interface Call {
  url: string;
  body?: unknown;
}

/** Each admin route: what it does, and a request to it with inputs that name things that exist. */
const ROUTES: Readonly<Record<string, { gate: Gate; call: (targets: Targets) => Call }>> = {
  'GET /api/admin/session': { gate: 'desk', call: () => ({ url: '/api/admin/session' }) },
  'POST /api/admin/second-factor/setup': { gate: 'desk', call: () => ({ url: '/api/admin/second-factor/setup' }) },
  'POST /api/admin/second-factor/confirm': {
    gate: 'desk',
    call: () => ({ url: '/api/admin/second-factor/confirm', body: { code: '000000' } }),
  },
  'POST /api/admin/second-factor/verify': {
    gate: 'desk',
    call: () => ({ url: '/api/admin/second-factor/verify', body: { code: '000000' } }),
  },
  'GET /api/admin/staff': { gate: 'staff.manage', call: () => ({ url: '/api/admin/staff' }) },
  'GET /api/admin/staff/lookup': {
    gate: 'staff.manage',
    call: ({ plain }) => ({ url: `/api/admin/staff/lookup?email=${encodeURIComponent(plain.email)}` }),
  },
  'PUT /api/admin/staff/:userId': {
    gate: 'staff.manage',
    call: ({ plain }) => ({ url: `/api/admin/staff/${plain.id}`, body: { role: 'support' } }),
  },
  'DELETE /api/admin/staff/:userId': {
    gate: 'staff.manage',
    call: ({ leaving }) => ({ url: `/api/admin/staff/${leaving}` }),
  },
  'POST /api/admin/staff/:userId/second-factor/reset': {
    gate: 'staff.manage',
    call: ({ resetting }) => ({ url: `/api/admin/staff/${resetting}/second-factor/reset` }),
  },
  'GET /api/admin/audit': { gate: 'audit.view', call: () => ({ url: '/api/admin/audit?q=grant' }) },
  'GET /api/admin/audit/facets': { gate: 'audit.view', call: () => ({ url: '/api/admin/audit/facets' }) },
  'GET /api/admin/dashboard': { gate: 'dashboard.view', call: () => ({ url: '/api/admin/dashboard' }) },
  'GET /api/admin/moderation': { gate: 'reports.view', call: () => ({ url: '/api/admin/moderation' }) },
  'GET /api/admin/moderation/:type/:id': {
    gate: 'reports.view',
    call: ({ listingId }) => ({ url: `/api/admin/moderation/listing/${listingId}` }),
  },
  'POST /api/admin/moderation/:type/:id/actions': {
    gate: 'reports.act',
    call: ({ listingId }) => ({
      url: `/api/admin/moderation/listing/${listingId}/actions`,
      body: { action: 'dismiss', reason: 'no_violation', note: 'Permission matrix.' },
    }),
  },
  'GET /api/admin/users': { gate: 'users.view', call: ({ plain }) => ({ url: `/api/admin/users?q=${plain.id}` }) },
  'GET /api/admin/users/:id': { gate: 'users.view', call: ({ plain }) => ({ url: `/api/admin/users/${plain.id}` }) },
  'GET /api/admin/users/:id/:list': {
    gate: 'users.view',
    call: ({ plain }) => ({ url: `/api/admin/users/${plain.id}/reports_against` }),
  },
  'POST /api/admin/users/:id/verification': {
    gate: 'users.support',
    call: ({ plain }) => ({ url: `/api/admin/users/${plain.id}/verification` }),
  },
  'DELETE /api/admin/users/:id/sessions': {
    gate: 'users.support',
    call: ({ plain }) => ({ url: `/api/admin/users/${plain.id}/sessions` }),
  },
  'GET /api/admin/listings': { gate: 'listings.view', call: () => ({ url: '/api/admin/listings?reported=1' }) },
  'GET /api/admin/categories': { gate: 'categories.edit', call: () => ({ url: '/api/admin/categories' }) },
  'PUT /api/admin/categories/:id': {
    gate: 'categories.edit',
    call: ({ categoryId, categoryBody }) => ({ url: `/api/admin/categories/${categoryId}`, body: categoryBody }),
  },
  // The help centre's editors (issue 30): bodies that break a rule, so a passing call changes nothing.
  'GET /api/admin/help': { gate: 'help.edit', call: () => ({ url: '/api/admin/help' }) },
  'POST /api/admin/help/topics': { gate: 'help.edit', call: () => ({ url: '/api/admin/help/topics', body: {} }) },
  'PUT /api/admin/help/topics/:id': { gate: 'help.edit', call: () => ({ url: '/api/admin/help/topics/1', body: {} }) },
  'POST /api/admin/help/questions': { gate: 'help.edit', call: () => ({ url: '/api/admin/help/questions', body: {} }) },
  'PUT /api/admin/help/questions/:id': {
    gate: 'help.edit',
    call: () => ({ url: '/api/admin/help/questions/1', body: {} }),
  },
  'GET /api/admin/help/pages': { gate: 'help.edit', call: () => ({ url: '/api/admin/help/pages' }) },
  'GET /api/admin/help/pages/:slug': { gate: 'help.edit', call: () => ({ url: '/api/admin/help/pages/terms' }) },
  'PUT /api/admin/help/pages/:slug': {
    gate: 'help.edit',
    call: () => ({ url: '/api/admin/help/pages/terms', body: {} }),
  },
  'POST /api/admin/help/pages/:slug/versions/:version/restore': {
    gate: 'help.edit',
    call: () => ({ url: '/api/admin/help/pages/terms/versions/1/restore' }),
  },
  // The home page's testimonials (issue 31): bodies that break a rule, so a passing call changes nothing.
  'GET /api/admin/testimonials': { gate: 'testimonials.edit', call: () => ({ url: '/api/admin/testimonials' }) },
  'POST /api/admin/testimonials': {
    gate: 'testimonials.edit',
    call: () => ({ url: '/api/admin/testimonials', body: {} }),
  },
  'PUT /api/admin/testimonials/:id': {
    gate: 'testimonials.edit',
    call: ({ testimonialId }) => ({ url: `/api/admin/testimonials/${testimonialId}`, body: {} }),
  },
  'PUT /api/admin/testimonials/:id/photo': {
    gate: 'testimonials.edit',
    call: ({ testimonialId }) => ({ url: `/api/admin/testimonials/${testimonialId}/photo`, body: {} }),
  },
  'DELETE /api/admin/testimonials/:id/photo': {
    gate: 'testimonials.edit',
    call: ({ testimonialId }) => ({ url: `/api/admin/testimonials/${testimonialId}/photo` }),
  },
  'POST /api/admin/testimonials/:id/move': {
    gate: 'testimonials.edit',
    call: ({ testimonialId }) => ({ url: `/api/admin/testimonials/${testimonialId}/move`, body: {} }),
  },
  // The welcome video (issue 31, decision 041): bytes that are no video; putting back what was never replaced.
  'GET /api/admin/welcome-video': { gate: 'welcome-video.edit', call: () => ({ url: '/api/admin/welcome-video' }) },
  'PUT /api/admin/welcome-video/:part': {
    gate: 'welcome-video.edit',
    call: () => ({ url: '/api/admin/welcome-video/webm', body: {} }),
  },
  'DELETE /api/admin/welcome-video/:part': {
    gate: 'welcome-video.edit',
    call: () => ({ url: '/api/admin/welcome-video/captions_ar' }),
  },
  // The newsletter (issue 31, decision 040): bodies that break a rule; the draft goes to an empty list.
  'GET /api/admin/newsletter/issues': {
    gate: 'newsletter.send',
    call: () => ({ url: '/api/admin/newsletter/issues' }),
  },
  'POST /api/admin/newsletter/issues': {
    gate: 'newsletter.send',
    call: () => ({ url: '/api/admin/newsletter/issues', body: {} }),
  },
  'GET /api/admin/newsletter/issues/:id': {
    gate: 'newsletter.send',
    call: ({ newsletterIssueId }) => ({ url: `/api/admin/newsletter/issues/${newsletterIssueId}` }),
  },
  'PUT /api/admin/newsletter/issues/:id': {
    gate: 'newsletter.send',
    call: ({ newsletterIssueId }) => ({ url: `/api/admin/newsletter/issues/${newsletterIssueId}`, body: {} }),
  },
  'GET /api/admin/newsletter/issues/:id/preview': {
    gate: 'newsletter.send',
    call: ({ newsletterIssueId }) => ({ url: `/api/admin/newsletter/issues/${newsletterIssueId}/preview` }),
  },
  'POST /api/admin/newsletter/issues/:id/test': {
    gate: 'newsletter.send',
    call: ({ newsletterIssueId }) => ({ url: `/api/admin/newsletter/issues/${newsletterIssueId}/test`, body: {} }),
  },
  'POST /api/admin/newsletter/issues/:id/send': {
    gate: 'newsletter.send',
    call: ({ newsletterIssueId }) => ({ url: `/api/admin/newsletter/issues/${newsletterIssueId}/send` }),
  },
  'POST /api/admin/newsletter/issues/:id/cancel': {
    gate: 'newsletter.send',
    call: ({ newsletterIssueId }) => ({ url: `/api/admin/newsletter/issues/${newsletterIssueId}/cancel` }),
  },
  // The support desk (issue 30): bodies that break a rule, so a passing call changes nothing, but the deletion.
  'GET /api/admin/support': { gate: 'support.view', call: () => ({ url: '/api/admin/support' }) },
  'GET /api/admin/support/tickets/:id': {
    gate: 'support.view',
    call: ({ ticketId }) => ({ url: `/api/admin/support/tickets/${ticketId}` }),
  },
  'POST /api/admin/support/tickets/:id/messages': {
    gate: 'support.reply',
    call: ({ ticketId }) => ({ url: `/api/admin/support/tickets/${ticketId}/messages`, body: {} }),
  },
  'POST /api/admin/support/tickets/:id/state': {
    gate: 'support.reply',
    call: ({ ticketId }) => ({ url: `/api/admin/support/tickets/${ticketId}/state`, body: {} }),
  },
  'POST /api/admin/support/tickets/:id/assignee': {
    gate: 'support.reply',
    call: ({ ticketId }) => ({ url: `/api/admin/support/tickets/${ticketId}/assignee`, body: {} }),
  },
  'GET /api/admin/support/canned': { gate: 'support.view', call: () => ({ url: '/api/admin/support/canned' }) },
  'POST /api/admin/support/canned': {
    gate: 'support.canned',
    call: () => ({ url: '/api/admin/support/canned', body: {} }),
  },
  'PUT /api/admin/support/canned/:id': {
    gate: 'support.canned',
    call: ({ cannedIds }) => ({ url: `/api/admin/support/canned/${cannedIds[0] ?? 1}`, body: {} }),
  },
  'DELETE /api/admin/support/canned/:id': {
    gate: 'support.canned',
    call: ({ cannedIds }) => ({ url: `/api/admin/support/canned/${cannedIds.pop() ?? 1}` }),
  },
};

const PASSED = 'x-permission-matrix';

/** Every /api/admin route as it is registered, and a mark on the reply of any request its guard let through. */
function watchAdminRoutes(registered: Set<string>) {
  return (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/admin')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
      const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [
        ...hooks,
        async (_request, reply) => {
          reply.header(PASSED, 'through');
        },
      ];
    });
  };
}

type Who = 'visitor' | 'user' | 'admin without second factor' | StaffRole;

let testApp: TestApp;
const registered = new Set<string>();
let clients: Record<Who, BrowserLikeClient>;
let targets: Targets;

beforeAll(async () => {
  testApp = await createTestApp({}, watchAdminRoutes(registered));
  await seedReferenceData(testApp.database.db);
  const app = testApp.app;
  const visitor = new BrowserLikeClient(app);
  await visitor.visit('/');
  const [user, pending, support, moderator, admin, plain, leaving, resetting, owner, reporter] = await Promise.all([
    signedInClient(app),
    staffClient(app, 'admin', { secondFactor: false }),
    staffClient(app, 'support'),
    staffClient(app, 'moderator'),
    staffClient(app, 'admin'),
    signedInClient(app, {}, { verified: false }),
    signedInClient(app),
    staffClient(app, 'support'),
    seller(testApp),
    signedInClient(app),
  ]);
  await grantRole(app, leaving.user.id, 'support');
  const listing = await liveListing(owner);
  const reported = await reporter.client.request('POST', `/api/listings/${listing.id}/report`, { reason: 'scam' });
  if (reported.statusCode !== 201) throw new Error(`report: ${reported.body}`);
  const category = await app.db
    .selectFrom('categories')
    .selectAll()
    .where('slug', '=', 'mobile-phones')
    .executeTakeFirstOrThrow();
  const siblings = await app.db
    .selectFrom('categories')
    .select('id')
    .where('parent_id', category.parent_id === null ? 'is' : '=', category.parent_id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  clients = {
    visitor,
    user: user.client,
    'admin without second factor': pending.client,
    support: support.client,
    moderator: moderator.client,
    admin: admin.client,
  };
  targets = {
    listingId: listing.id,
    categoryId: category.id,
    // The category as it is (its place among its siblings counted from 1): an edit that changes nothing.
    categoryBody: {
      name: category.name,
      name_ar: category.name_ar,
      parent_id: category.parent_id,
      position: siblings.findIndex((sibling) => sibling.id === category.id) + 1,
      attributes: [],
    },
    plain: { id: plain.user.id, email: plain.registration.email },
    leaving: leaving.user.id,
    resetting: resetting.user.id,
    ...(await supportTargets(app, user.client, admin.client)),
    testimonialId: await testimonialTarget(admin.client),
    newsletterIssueId: await newsletterTarget(admin.client),
  };
});

/** A user's ticket, and a canned answer for each request that deletes one (a visitor's and a user's are refused first). */
async function supportTargets(app: FastifyInstance, user: BrowserLikeClient, admin: BrowserLikeClient) {
  const ticket = await user.post('/api/support/tickets', {
    topic: 'other',
    message: 'A ticket for the permission matrix.',
    form_token: app.support.deps.forms.issue(new Date(Date.now() - 60_000)),
  });
  if (ticket.statusCode !== 201) throw new Error(`ticket: ${ticket.body}`);
  const cannedIds: number[] = [];
  for (let index = 0; index < 8; index += 1) {
    const canned = await admin.post('/api/admin/support/canned', {
      title_en: `Saved ${index}`,
      title_ar: 'رد محفوظ',
      body_en: 'A saved reply.',
      body_ar: 'رد محفوظ.',
    });
    if (canned.statusCode !== 201) throw new Error(`canned: ${canned.body}`);
    cannedIds.push(canned.json<{ data: { id: number } }>().data.id);
  }
  return { ticketId: ticket.json<{ data: { id: number } }>().data.id, cannedIds };
}
/** An unpublished testimonial, for the editor's calls. */
async function testimonialTarget(admin: BrowserLikeClient) {
  const made = await admin.post('/api/admin/testimonials', {
    quote: 'A quote for the permission matrix.',
    quote_ar: 'اقتباس لمصفوفة الصلاحيات.',
    name: 'Matrix',
    name_ar: 'مصفوفة',
    city: 'Dubai',
    city_ar: 'دبي',
    role: 'buyer',
    position: 1,
    published: false,
  });
  if (made.statusCode !== 201) throw new Error(`testimonial: ${made.body}`);
  return made.json<{ data: { id: number } }>().data.id;
}
/** A newsletter draft, for the issue routes' calls. */
async function newsletterTarget(admin: BrowserLikeClient) {
  const made = await admin.post('/api/admin/newsletter/issues', {
    subject: 'For the permission matrix',
    subject_ar: 'لمصفوفة الصلاحيات',
    body: 'Nothing to read.',
    body_ar: 'لا شيء هنا.',
    listing_ids: [],
  });
  if (made.statusCode !== 201) throw new Error(`newsletter issue: ${made.body}`);
  return made.json<{ data: { id: number } }>().data.id;
}
afterAll(() => testApp.close());

const isNotFoundBody = (response: LightMyRequestResponse, nowhere: LightMyRequestResponse) =>
  response.statusCode === 404 && response.body === nowhere.body;

async function send(client: BrowserLikeClient, method: string, { url, body }: Call) {
  return client.request(method as 'GET', url, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}));
}

describe('the back-office permission matrix', () => {
  it('names every registered /api/admin route, and only those', () => {
    expect(registered.size).toBeGreaterThan(0);
    expect(
      [...registered].filter((route) => !(route in ROUTES)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((route) => !registered.has(route)),
      'routes in the table not registered',
    ).toEqual([]);
  });

  it.each(['visitor', 'user'] as const)('answers a %s exactly as an address that does not exist', async (who) => {
    const client = clients[who];
    for (const route of [...registered].sort()) {
      const [method = 'GET'] = route.split(' ');
      const spec = ROUTES[route];
      if (!spec) continue;
      const call = spec.call(targets);
      const nowhere = await send(client, method, {
        ...call,
        url: `/api/no-such-thing${call.url.slice('/api/admin'.length)}`,
      });
      expect(nowhere.statusCode).toBe(404);
      const response = await send(client, method, call);
      expect(response.statusCode, route).toBe(404);
      expect(response.body, route).toBe(nowhere.body);
      expect(response.headers['content-type'], route).toBe(nowhere.headers['content-type']);
      expect(response.headers[PASSED], route).toBeUndefined();
    }
  });

  it('refuses staff whose session has not passed the second factor, but for their session and the second factor', async () => {
    const client = clients['admin without second factor'];
    for (const route of [...registered].sort()) {
      const [method = 'GET'] = route.split(' ');
      const spec = ROUTES[route];
      if (!spec) continue;
      const response = await send(client, method, spec.call(targets));
      if (spec.gate === 'desk') {
        expect(response.headers[PASSED], route).toBe('through');
        expect(response.statusCode, route).not.toBe(403);
      } else {
        expect(response.statusCode, route).toBe(403);
        expect(response.json(), route).toMatchObject({ second_factor: 'setup_required' });
        expect(response.headers[PASSED], route).toBeUndefined();
      }
    }
  });

  it.each(['support', 'moderator', 'admin'] as const)(
    'lets %s staff through exactly where the rules allow',
    async (role) => {
      const client = clients[role];
      const nowhere = await client.get('/api/no-such-thing');
      const outcomes: Record<string, 'through' | 'refused'> = {};
      const expected: Record<string, 'through' | 'refused'> = {};
      for (const route of [...registered].sort()) {
        const [method = 'GET'] = route.split(' ');
        const spec = ROUTES[route];
        if (!spec) continue;
        const response = await send(client, method, spec.call(targets));
        expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(500);
        const through = response.headers[PASSED] === 'through';
        if (through) {
          expect(response.statusCode, `${route}: ${response.body}`).not.toBe(403);
          expect(isNotFoundBody(response, nowhere), `${route} answered the not-found body`).toBe(false);
        } else {
          expect(response.statusCode, route).toBe(403);
        }
        outcomes[route] = through ? 'through' : 'refused';
        expected[route] = spec.gate === 'desk' || staffMay(role, spec.gate) ? 'through' : 'refused';
      }
      expect(outcomes).toEqual(expected);
    },
  );

  it('gives every action of the rules at least one route, so none is untested', () => {
    const gates = new Set(Object.values(ROUTES).map((spec) => spec.gate));
    expect(STAFF_ACTIONS.filter((action) => !gates.has(action))).toEqual([]);
  });
});
