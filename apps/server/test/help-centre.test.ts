import type {
  AdminHelpPage,
  AdminHelpQuestion,
  AdminHelpTopic,
  ContentPage,
  HelpIndex,
  HelpQuestion,
  HelpSearchAnswer,
  HelpVotes,
} from '@marketplace/contracts/help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createCatalogueTestApp } from './fixtures/catalogue';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

/**
 * The help centre (issue 30, decision 031): the seeded FAQ in both languages, its search with typos,
 * one vote per person or browser and its throttle, the pages staff edit with their versions, the
 * editors' rules and audit rows, and Markdown that never becomes HTML.
 */

let testApp: TestApp;
let admin: StaffClient;
let support: StaffClient;
let moderator: StaffClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  [admin, support, moderator] = await Promise.all([
    staffClient(testApp.app, 'admin'),
    staffClient(testApp.app, 'support'),
    staffClient(testApp.app, 'moderator'),
  ]);
});
afterAll(() => testApp.close());

const visitor = async (language: 'en' | 'ar' = 'en') => {
  const client = new BrowserLikeClient(testApp.app, { 'accept-language': language });
  await client.visit('/');
  return client;
};
const search = async (q: string, language: 'en' | 'ar' = 'en') => {
  const response = await (await visitor(language)).get(`/api/help/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HelpSearchAnswer>();
};
const question = async (client: BrowserLikeClient, slug: string) => {
  const response = await client.get(`/api/help/questions/${slug}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: HelpQuestion }>().data;
};
const auditRows = (action: string) =>
  testApp.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('the FAQ', () => {
  it('lists the seeded topics in their order, each with its questions, in the reader’s language', async () => {
    const english = (await (await visitor('en')).get('/api/help')).json<HelpIndex>().data.topics;
    expect(english.map((topic) => topic.slug)).toEqual([
      'buying',
      'selling',
      'offers-and-orders',
      'chat-and-safety',
      'account-and-privacy',
    ]);
    expect(english[2]?.questions.map((entry) => entry.question)).toContain('How do offers and counter-offers work?');
    const arabic = (await (await visitor('ar')).get('/api/help')).json<HelpIndex>().data.topics;
    expect(arabic[0]?.name).toBe('الشراء');
    expect(arabic[2]?.questions.map((entry) => entry.question)).toContain('كيف تعمل العروض والعروض المضادة؟');
  });

  it('answers a question at its own address with the answer read into blocks, and 404 for none', async () => {
    const client = await visitor('en');
    const offers = await question(client, 'how-do-offers-and-counter-offers-work');
    expect(offers.topic).toEqual({ slug: 'offers-and-orders', name: 'Offers and orders' });
    expect(offers.answer[0]).toMatchObject({ type: 'p' });
    expect(JSON.stringify(offers.answer)).toContain('3 prices in all');
    expect(offers.related.length).toBeGreaterThan(0);
    const states = await question(client, 'what-does-each-order-state-mean');
    expect(states.answer[0]?.type).toBe('ul');
    expect((await client.get('/api/help/questions/no-such-question')).statusCode).toBe(404);
    expect((await client.get('/api/help/questions/Not%20A%20Slug')).statusCode).toBe(404);
  });

  it('sends /faq to /help for good, and /help with its meta, FAQPage JSON-LD and first data', async () => {
    const client = await visitor('en');
    const redirect = await client.get('/faq?q=offer');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/help?q=offer');
    const page = await client.visit('/help?q=offer');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"@type":"FAQPage"');
    expect(page.body).toContain('How do offers and counter-offers work?');
    expect(page.body).toContain('<link rel="canonical" href="');
    expect(page.body).toContain('"/api/help/search?q=offer"');
    const one = await client.visit('/help/how-do-i-delete-my-account');
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('<meta property="og:title" content="How do I delete my account? · Marketplace">');
    expect((await client.visit('/help/no-such-question')).statusCode).toBe(404);
  });
});

describe('searching the FAQ', () => {
  it('finds answers in English and in Arabic, whatever the reader’s language', async () => {
    const english = await search('counter offer');
    expect(english.data[0]?.slug).toBe('how-do-offers-and-counter-offers-work');
    expect(english.corrected_query).toBeNull();
    const arabic = await search('حذف الحساب', 'ar');
    expect(arabic.data.map((entry) => entry.slug)).toContain('how-do-i-delete-my-account');
    expect(arabic.data.find((entry) => entry.slug === 'how-do-i-delete-my-account')?.question).toBe('كيف أحذف حسابي؟');
    // Arabic words, read in English.
    expect((await search('الاحتيال', 'en')).data.map((entry) => entry.slug)).toContain('how-do-i-spot-a-scam');
  });

  it('corrects misspelt words that find nothing, in both languages, and says so', async () => {
    const english = await search('cancle my ordr');
    expect(english.corrected_query).toBe('cancel my order');
    expect(english.data.map((entry) => entry.slug)).toContain('can-i-cancel-an-order');
    const arabic = await search('الاحتيل', 'ar');
    expect(arabic.corrected_query).toBe('الاحتيال');
    expect(arabic.data.map((entry) => entry.slug)).toContain('how-do-i-spot-a-scam');
  });

  it('finds nothing for words nowhere near, and refuses an over-long search with a 422', async () => {
    expect(await search('zzzzqqqq')).toEqual({ data: [], corrected_query: null });
    expect(await search('  !!  ')).toEqual({ data: [], corrected_query: null });
    const long = await (await visitor()).get(`/api/help/search?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('q');
  });
});

describe('Was this helpful?', () => {
  it('counts one vote per browser or person, which a second vote changes', async () => {
    const id = (await question(await visitor(), 'how-do-i-pay')).id;
    const vote = async (client: BrowserLikeClient, helpful: boolean) => {
      const response = await client.post(`/api/help/questions/${id}/vote`, { helpful });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: HelpVotes }>().data;
    };
    const first = await visitor();
    const before = (await question(first, 'how-do-i-pay')).votes;
    expect(before.mine).toBeNull();
    expect(await vote(first, true)).toEqual({ ...before, helpful_yes: before.helpful_yes + 1, mine: true });
    expect(await vote(first, true)).toEqual({ ...before, helpful_yes: before.helpful_yes + 1, mine: true });
    expect(await vote(first, false)).toEqual({ ...before, helpful_no: before.helpful_no + 1, mine: false });
    expect((await question(first, 'how-do-i-pay')).votes.mine).toBe(false);

    // A signed-in person votes as their account: counted besides the visitor's.
    const { client: member } = await signedInClient(testApp.app);
    expect(await vote(member, true)).toEqual({
      helpful_yes: before.helpful_yes + 1,
      helpful_no: before.helpful_no + 1,
      mine: true,
    });
  });

  it('forgets a deleted account’s vote', async () => {
    const id = (await question(await visitor(), 'how-do-i-block-someone')).id;
    const before = (await question(await visitor(), 'how-do-i-block-someone')).votes;
    const { client, registration } = await signedInClient(testApp.app);
    expect((await client.post(`/api/help/questions/${id}/vote`, { helpful: true })).statusCode).toBe(200);
    expect((await question(await visitor(), 'how-do-i-block-someone')).votes.helpful_yes).toBe(before.helpful_yes + 1);
    const deleted = await client.post('/api/account/delete', { password: registration.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await question(await visitor(), 'how-do-i-block-someone')).votes).toEqual(before);
  });

  it('is a 404 for a question that is not there or not published, and a 422 for a body that is not a yes or no', async () => {
    const client = await visitor();
    expect((await client.post('/api/help/questions/999999/vote', { helpful: true })).statusCode).toBe(404);
    expect((await client.post('/api/help/questions/1/vote', { helpful: 'yes' })).statusCode).toBe(422);
    expect((await client.post('/api/help/questions/1/vote', null)).statusCode).toBe(422);
  });

  it('is throttled per address: 30 votes in 10 minutes, then a 429 with Retry-After', async () => {
    const client = await visitor();
    const id = (await question(client, 'how-do-reviews-work')).id;
    for (let n = 0; n < 30; n += 1) {
      expect((await client.post(`/api/help/questions/${id}/vote`, { helpful: n % 2 === 0 })).statusCode).toBe(200);
    }
    const refused = await client.post(`/api/help/questions/${id}/vote`, { helpful: true });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('helpful');
  });
});

describe('the pages staff edit', () => {
  it('shows /safety, /terms, /privacy and /about in both languages, and 404 for any other', async () => {
    for (const slug of ['safety', 'terms', 'privacy', 'about']) {
      const english = (await (await visitor('en')).get(`/api/help/pages/${slug}`)).json<{ data: ContentPage }>().data;
      const arabic = (await (await visitor('ar')).get(`/api/help/pages/${slug}`)).json<{ data: ContentPage }>().data;
      expect(english.slug).toBe(slug);
      expect(english.body.length).toBeGreaterThan(0);
      expect(arabic.title).not.toBe(english.title);
      expect(arabic.title).toMatch(/\p{Script=Arabic}/u);
    }
    expect((await (await visitor()).get('/api/help/pages/cookies')).statusCode).toBe(404);
    const html = await (await visitor()).visit('/privacy');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('"dateModified"');
  });
});

describe('the editors (help.edit: admin and support)', () => {
  const newQuestion = (topicId: number, overrides: Record<string, unknown> = {}) => ({
    topic_id: topicId,
    question: 'Can I swap items instead of paying?',
    question_ar: 'هل يمكنني مبادلة المنتجات بدل الدفع؟',
    answer: 'Yes: agree on a **swap** in the conversation and mark the order handed over.',
    answer_ar: 'نعم: اتفقا على **المبادلة** في المحادثة.',
    position: 9,
    published: true,
    ...overrides,
  });

  it('are a 404 to visitors and signed-in users, and a 403 to moderators', async () => {
    const client = await visitor();
    expect((await client.get('/api/admin/help')).statusCode).toBe(404);
    const { client: user } = await signedInClient(testApp.app);
    expect((await user.get('/api/admin/help/pages/terms')).statusCode).toBe(404);
    expect((await user.put('/api/admin/help/pages/terms', {})).statusCode).toBe(404);
    expect((await moderator.client.get('/api/admin/help')).statusCode).toBe(403);
    expect((await moderator.client.post('/api/admin/help/questions', {})).statusCode).toBe(403);
  });

  it('add a question that the FAQ and its search show at once, unpublish it, with an audit row each', async () => {
    const faq = (await support.client.get('/api/admin/help')).json<{
      data: { topics: AdminHelpTopic[]; questions: AdminHelpQuestion[] };
    }>().data;
    const buying = faq.topics.find((topic) => topic.slug === 'buying');
    if (!buying) throw new Error('no buying topic');
    const created = await support.client.post('/api/admin/help/questions', newQuestion(buying.id));
    expect(created.statusCode, created.body).toBe(201);
    const added = created.json<{ data: AdminHelpQuestion }>().data;
    expect(added.slug).toBe('can-i-swap-items-instead-of-paying');
    expect((await search('swap')).data.map((entry) => entry.slug)).toContain(added.slug);
    expect((await search('المبادلة', 'ar')).data.map((entry) => entry.slug)).toContain(added.slug);
    // The same English words again get an address of their own.
    const twin = await admin.client.post('/api/admin/help/questions', newQuestion(buying.id, { published: false }));
    expect(twin.json<{ data: AdminHelpQuestion }>().data.slug).toBe('can-i-swap-items-instead-of-paying-2');
    expect((await (await visitor()).get('/api/help/questions/can-i-swap-items-instead-of-paying-2')).statusCode).toBe(
      404,
    );

    const hidden = await support.client.put(
      `/api/admin/help/questions/${added.id}`,
      newQuestion(buying.id, { published: false }),
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await (await visitor()).get(`/api/help/questions/${added.slug}`)).statusCode).toBe(404);
    expect((await search('swap')).data).toEqual([]);
    const [create] = await auditRows('help.question.create');
    expect(create).toMatchObject({ actor_id: support.user.id, actor_role: 'support', target_id: added.id });
    const [unpublish] = await auditRows('help.question.unpublish');
    expect(unpublish).toMatchObject({ target_id: added.id, before: { published: true }, after: { published: false } });

    const unknownTopic = await admin.client.post('/api/admin/help/questions', newQuestion(999999));
    expect(unknownTopic.statusCode).toBe(422);
    expect(unknownTopic.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('topic_id');
    const empty = await admin.client.post('/api/admin/help/questions', newQuestion(buying.id, { answer_ar: '  ' }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('answer_ar');
  });

  it('add and rename topics, in their order', async () => {
    const created = await admin.client.post('/api/admin/help/topics', {
      name: 'Companies',
      name_ar: 'الشركات',
      position: 6,
    });
    expect(created.statusCode, created.body).toBe(201);
    const topic = created.json<{ data: AdminHelpTopic }>().data;
    expect(topic.slug).toBe('companies');
    const renamed = await support.client.put(`/api/admin/help/topics/${topic.id}`, {
      name: 'Company accounts',
      name_ar: 'حسابات الشركات',
      position: 6,
    });
    expect(renamed.json<{ data: AdminHelpTopic }>().data).toMatchObject({
      name: 'Company accounts',
      slug: 'companies',
    });
    expect((await auditRows('help.topic.edit')).at(-1)).toMatchObject({ after: { name: 'Company accounts' } });
    expect(
      (await admin.client.put('/api/admin/help/topics/999999', { name: 'x', name_ar: 'س', position: 1 })).statusCode,
    ).toBe(404);
  });

  it('write a page’s new version, which the public page shows with its date, and restore an earlier one', async () => {
    const read = async () =>
      (await admin.client.get('/api/admin/help/pages/terms')).json<{ data: AdminHelpPage }>().data;
    const start = await read();
    const edit = {
      title: 'Terms of use',
      title_ar: 'شروط الاستخدام',
      body: '## Changed\nNew terms from today.',
      body_ar: '## تغيير\nشروط جديدة من اليوم.',
    };
    const written = await support.client.put('/api/admin/help/pages/terms', edit);
    expect(written.statusCode, written.body).toBe(200);
    const after = written.json<{ data: AdminHelpPage }>().data;
    expect(after.version).toBe(start.version + 1);
    expect(after.versions[0]).toMatchObject({ version: after.version, body: edit.body });
    expect(after.versions[0]?.created_by).toMatch(/\S/);
    expect(after.versions.at(-1)?.created_by).toBeNull();
    const shown = (await (await visitor()).get('/api/help/pages/terms')).json<{ data: ContentPage }>().data;
    expect(shown.body).toEqual([
      { type: 'h2', spans: [{ text: 'Changed' }] },
      { type: 'p', spans: [{ text: 'New terms from today.' }] },
    ]);
    expect(shown.updated_at).toBeGreaterThanOrEqual(start.updated_at);
    expect((await auditRows('help.page.edit')).at(-1)).toMatchObject({
      actor_id: support.user.id,
      target_type: 'help_page',
      after: { slug: 'terms', version: after.version },
    });

    const restored = await admin.client.post(`/api/admin/help/pages/terms/versions/${start.version}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const back = restored.json<{ data: AdminHelpPage }>().data;
    expect(back.version).toBe(after.version + 1);
    expect(back.body).toBe(start.body);
    expect((await auditRows('help.page.restore')).at(-1)).toMatchObject({ after: { restored_from: start.version } });
    expect((await admin.client.post('/api/admin/help/pages/terms/versions/999/restore')).statusCode).toBe(404);

    // The seed at the next start leaves staff's words as they are.
    await support.client.put('/api/admin/help/pages/terms', edit);
    await seedReferenceData(testApp.database.db);
    expect((await read()).body).toBe(edit.body);
  });

  it('never let a script or a javascript: link out of the Markdown, in the API or in the page', async () => {
    const hostile = {
      title: 'About <script>alert(1)</script>',
      title_ar: 'عن السوق',
      body: 'Hello <script>alert("x")</script> and <img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) [ok](/help) [out](https://example.com/a)',
      body_ar: 'مرحبا',
    };
    expect((await admin.client.put('/api/admin/help/pages/about', hostile)).statusCode).toBe(200);
    const page = (await (await visitor()).get('/api/help/pages/about')).json<{ data: ContentPage }>().data;
    expect(page.body).toEqual([
      { type: 'p', spans: [{ text: 'Hello <script>alert("x")</script> and <img src=x onerror=alert(2)>' }] },
      {
        type: 'p',
        spans: [
          { text: '[click](javascript:alert(3)) ' },
          { text: 'ok', href: '/help' },
          { text: ' ' },
          { text: 'out', href: 'https://example.com/a' },
        ],
      },
    ]);
    const html = (await (await visitor()).visit('/about')).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('\\u003cscript>alert');
  });
});
