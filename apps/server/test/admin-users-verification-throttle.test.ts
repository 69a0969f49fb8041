import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { staffClient, type StaffClient } from './fixtures/staff';
import { createTestApp, type TestApp } from './test-app';

/**
 * Staff resending a verification e-mail (issue 29) is throttled per account as a user's own Resend
 * is (EMAIL_VERIFICATION_MAX_SENDS in EMAIL_VERIFICATION_DECAY_SECONDS), whoever at the desk sends
 * it: the rule protects the inbox. Beyond it a 429 with Retry-After and a message naming the rule;
 * every send that went has its audit row.
 */
let testApp: TestApp;
let support: StaffClient;
let otherSupport: StaffClient;

beforeAll(async () => {
  testApp = await createTestApp({ EMAIL_VERIFICATION_MAX_SENDS: '2', EMAIL_VERIFICATION_DECAY_SECONDS: '3600' });
  support = await staffClient(testApp.app, 'support');
  otherSupport = await staffClient(testApp.app, 'support');
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;
const resend = (client: BrowserLikeClient, id: number) => client.post(`/api/admin/users/${id}/verification`);
const unverified = async () => signedInClient(testApp.app, {}, { verified: false });

const sentTo = async (userId: number) =>
  (
    await db()
      .selectFrom('mail_outbox')
      .select('template')
      .where('user_id', '=', userId)
      .where('template', '=', 'account.verifyEmail')
      .execute()
  ).length;

const auditRows = (userId: number) =>
  db()
    .selectFrom('audit_log')
    .select(['actor_id', 'action'])
    .where('action', '=', 'user.resend-verification')
    .where('target_id', '=', userId)
    .orderBy('id')
    .execute();

describe('staff resending a verification e-mail', () => {
  it('sends two an hour to one account, whoever asks, then answers 429 naming the rule, with Retry-After', async () => {
    const { user, client: own } = await unverified();
    const before = await sentTo(user.id);
    expect((await resend(support.client, user.id)).statusCode).toBe(204);
    // Another member of staff, the same account: the same count.
    expect((await resend(otherSupport.client, user.id)).statusCode).toBe(204);

    const refused = await resend(support.client, user.id);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const { message } = refused.json<{ message: string }>();
    expect(message).toMatch(
      /^One account gets at most 2 verification e-mails from staff every 60 minutes\. Try again in [\d,]+ seconds\.$/,
    );
    const arabic = new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' });
    arabic.cookies = new Map(otherSupport.client.cookies);
    arabic.csrfToken = otherSupport.client.csrfToken;
    const inArabic = await resend(arabic, user.id);
    expect(inArabic.statusCode).toBe(429);
    expect(inArabic.json<{ message: string }>().message).toMatch(
      /^لا يتلقى الحساب الواحد من فريق العمل أكثر من رسالتَي تحقق كل /,
    );

    // Two e-mails went, each with its audit row; the refused ones sent and recorded nothing.
    expect(await sentTo(user.id)).toBe(before + 2);
    expect(await auditRows(user.id)).toEqual([
      { actor_id: support.user.id, action: 'user.resend-verification' },
      { actor_id: otherSupport.user.id, action: 'user.resend-verification' },
    ]);

    // Per account: another person's e-mail still goes; and the person's own Resend keeps its own allowance.
    const { user: another } = await unverified();
    expect((await resend(support.client, another.id)).statusCode).toBe(204);
    expect((await own.post('/api/account/email/verification')).statusCode).toBe(202);
  });

  it('counts sends at once exactly: of five together, two go', async () => {
    const { user } = await unverified();
    const before = await sentTo(user.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => resend(index % 2 === 0 ? support.client : otherSupport.client, user.id)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 204, 429, 429, 429]);
    expect(await sentTo(user.id)).toBe(before + 2);
    expect(await auditRows(user.id)).toHaveLength(2);
  });
});
