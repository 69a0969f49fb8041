import { createHash } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../src/modules/notifications/mail/mail-transport';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { startSmtpServer, type TestSmtpServer } from './smtp-support';
import { createTestApp, type TestApp } from './test-app';

const PUBLIC_URL = 'https://market.example';

let smtp: TestSmtpServer;
let testApp: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({ PUBLIC_URL }, undefined, { mailTransport: smtpTransport(smtp.url) });
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

const db = () => testApp.database.db;

/** Sends what the outbox holds, and answers the e-mails that reached `email`. */
async function mailsTo(email: string): Promise<ParsedMail[]> {
  await testApp.app.account.background.settled();
  await testApp.app.notifications.worker.runOnce();
  return smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email);
}

/** A second browser of the same user, signed in with the password. */
async function anotherDevice(email: string, password: string) {
  const device = new BrowserLikeClient(testApp.app);
  await device.visit('/login');
  expect((await device.post('/login', { email, password })).statusCode).toBe(200);
  return device;
}

async function visitor() {
  const client = new BrowserLikeClient(testApp.app);
  await client.visit('/forgot-password');
  return client;
}

const NEW_PASSWORD = 'a brand new pass phrase';
const change = (client: BrowserLikeClient, current: string, password = NEW_PASSWORD, confirmation = password) =>
  client.put('/api/account/password', {
    current_password: current,
    password,
    password_confirmation: confirmation,
  });

/** The reset link of an e-mail, and its token. */
function resetLinkOf(mail: ParsedMail): { link: string; token: string } {
  const link = /https:\/\/market\.example\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!link?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return { link: link[0], token: link[1] };
}

async function askForLink(email: string, from?: BrowserLikeClient) {
  const client = from ?? (await visitor());
  const response = await client.post('/api/password/forgot', { email });
  return { client, response };
}

describe('changing the password with the current one', () => {
  it('refuses a wrong current password with 422 and a message under it, and changes nothing', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    const response = await change(client, 'not my password');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { current_password: ['The current password is not correct.'] },
    });
    await anotherDevice(registration.email, registration.password);
  });

  it('takes a new password only under the registration rules, in the reader’s language', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    const short = await change(client, registration.password, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      password: ['The password field must be at least 8 characters.'],
    });
    const mismatch = await change(client, registration.password, NEW_PASSWORD, 'something else entirely');
    expect(mismatch.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      password: ['The password field confirmation does not match.'],
    });
    client.headers['accept-language'] = 'ar';
    const inArabic = await change(client, '', 'short');
    expect(inArabic.statusCode).toBe(422);
    expect(Object.keys(inArabic.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'current_password',
      'password',
    ]);
    expect(inArabic.json<{ errors: Record<string, string[]> }>().errors.current_password?.[0]).toMatch(
      /[\u0600-\u06ff]/,
    );
  });

  it('ends every other session of the user, renews this one, and e-mails that the password changed', async () => {
    const { client, registration, user } = await signedInClient(testApp.app, { first_name: 'Huda' });
    const phone = await anotherDevice(registration.email, registration.password);
    const stranger = await signedInClient(testApp.app);
    const cookieBefore = client.sessionCookie;
    const tokenBefore = client.csrfToken;

    const response = await change(client, registration.password);
    expect(response.statusCode).toBe(204);
    // This browser stays signed in, on a new session id and CSRF token, as after a login.
    expect(client.sessionCookie).not.toBe(cookieBefore);
    expect(client.csrfToken).not.toBe(tokenBefore);
    expect((await client.get('/user')).statusCode).toBe(200);
    // The attack this stops: a session someone else holds (a stolen cookie, a shared computer) ends.
    expect((await phone.get('/user')).statusCode).toBe(401);
    const replayed = new BrowserLikeClient(testApp.app);
    replayed.cookies.set('marketplace_session', cookieBefore ?? '');
    expect((await replayed.get('/user')).statusCode).toBe(401);
    // Someone else's sessions are untouched.
    expect((await stranger.client.get('/user')).statusCode).toBe(200);

    const login = new BrowserLikeClient(testApp.app);
    await login.visit('/login');
    expect(
      (await login.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(422);
    expect((await login.post('/login', { email: registration.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const [mail, ...more] = await mailsTo(registration.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your password was changed');
    expect(mail?.text).toContain('Hello \u2068Huda\u2069,');
    expect(mail?.text).toContain(`${PUBLIC_URL}/forgot-password`);
    const stored = await db().selectFrom('notifications').select('type').where('user_id', '=', user.id).execute();
    expect(stored).toEqual([{ type: 'account.passwordChanged' }]);
  });

  it('counts guesses at the current password with the login’s: the 6th from one address is 429, even right', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await change(client, `guess ${attempt}`)).statusCode).toBe(422);
    }
    const sixth = await change(client, registration.password);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json<{ errors: Record<string, string[]> }>().errors.current_password?.[0]).toMatch(
      /^Too many password attempts\. Please try again in \d+ seconds?\.$/,
    );
    // One allowance per account and address: the login form from the same address is locked too.
    const login = new BrowserLikeClient(testApp.app, {}, client.remoteAddress);
    await login.visit('/login');
    expect(
      (await login.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(429);
  });

  it('is for signed-in users with the page’s CSRF token only', async () => {
    const guest = await visitor();
    expect((await change(guest, 'whatever')).statusCode).toBe(401);
    const { client, registration } = await signedInClient(testApp.app);
    const forged = await client.request(
      'PUT',
      '/api/account/password',
      { current_password: registration.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(419);
  });
});

describe('forgot password: a link by e-mail', () => {
  it('answers the same whether or not the address has an account; only an account gets an e-mail', async () => {
    const { registration } = await signedInClient(testApp.app);
    const unknown = `nobody.${Date.now()}@example.com`;
    const known = await askForLink(registration.email);
    const none = await askForLink(unknown);
    expect(known.response.statusCode).toBe(202);
    expect(none.response.statusCode).toBe(202);
    const text = (email: string) => ({
      message: `If an account uses ${email}, we have sent it a link to set a new password. The link works once, for 60 minutes.`,
    });
    expect(known.response.json()).toEqual(text(registration.email));
    expect(none.response.json()).toEqual(text(unknown));
    expect(Object.keys(known.response.headers).sort()).toEqual(Object.keys(none.response.headers).sort());

    expect(await mailsTo(unknown)).toEqual([]);
    const [mail] = await mailsTo(registration.email);
    expect(mail?.subject).toBe('Set a new password');
    expect(mail?.text).toContain('The link works once, for 60 minutes.');
  });

  it('sends a link with a random token, kept only hashed, that names no user', async () => {
    const { registration, user } = await signedInClient(testApp.app);
    await askForLink(registration.email);
    const [mail] = await mailsTo(registration.email);
    const { link, token } = resetLinkOf(mail as ParsedMail);
    // The link names no user: its only parameter is the token, which is random.
    expect([...new URL(link).searchParams.keys()]).toEqual(['token']);
    expect(new URL(link).pathname).toBe('/reset-password');
    const rows = await db()
      .selectFrom('account_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'password_reset')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Not a notification in the app: the secret belongs in the inbox only.
    const notifications = await db()
      .selectFrom('notifications')
      .select('path')
      .where('user_id', '=', user.id)
      .execute();
    expect(notifications).toEqual([]);
    const minutes = await sql<{ minutes: number }>`
      select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from account_tokens
      where user_id = ${user.id} and purpose = 'password_reset'`.execute(db());
    expect(minutes.rows).toEqual([{ minutes: 60 }]);
  });

  it('answers before any work that depends on the address: an account’s work held back does not hold its answer', async () => {
    const { registration } = await signedInClient(testApp.app);
    // Issuing a token (what only an account gets) waits for this lock; looking the address up does not.
    const release = await holdTableLock('account_tokens');
    try {
      const known = await askForLink(registration.email);
      expect(known.response.statusCode).toBe(202);
    } finally {
      await release();
    }
    expect(await mailsTo(registration.email)).toHaveLength(1);
  });

  it('takes as long for an address with an account as for one without: no difference in ranks over 24 requests each', async () => {
    const { registration } = await signedInClient(testApp.app);
    const client = await visitor();
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    // Warm-up, then the two kinds in turn, each after the previous one's e-mail work is done.
    for (let round = 0; round < 26; round += 1) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? registration.email : `nobody.${round}.${Date.now()}@example.com`;
        await db().deleteFrom('rate_limits').where('key', 'like', 'password-reset%').execute();
        const started = process.hrtime.bigint();
        const response = await client.post('/api/password/forgot', { email });
        const took = Number(process.hrtime.bigint() - started);
        expect(response.statusCode).toBe(202);
        if (round >= 2) timings[kind].push(took);
        await testApp.app.account.background.settled();
      }
    }
    // Mann-Whitney U: with no difference, |z| exceeds 3.29 once in a thousand runs.
    expect(Math.abs(mannWhitneyZ(timings.known, timings.unknown))).toBeLessThan(3.29);
  });

  it('throttles per address (3 an hour) and per client address (20 an hour), the same way for every address', async () => {
    const { registration } = await signedInClient(testApp.app);
    const unknown = `nobody.throttle.${Date.now()}@example.com`;
    for (const email of [registration.email, unknown]) {
      for (let request = 1; request <= 3; request += 1) {
        expect((await askForLink(email)).response.statusCode).toBe(202);
      }
      const fourth = (await askForLink(email)).response;
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json<{ errors: Record<string, string[]> }>().errors.email?.[0]).toMatch(
        /^Too many requests for a link\. Please try again in [\d,]+ seconds\.$/,
      );
    }
    expect(await mailsTo(registration.email)).toHaveLength(3);

    const client = await visitor();
    for (let request = 1; request <= 20; request += 1) {
      const response = await client.post('/api/password/forgot', {
        email: `spray.${request}.${Date.now()}@example.com`,
      });
      expect(response.statusCode).toBe(202);
    }
    expect(
      (await client.post('/api/password/forgot', { email: `spray.21.${Date.now()}@example.com` })).statusCode,
    ).toBe(429);
  });
});

describe('setting a new password from the link', () => {
  const reset = (client: BrowserLikeClient, token: string, password = NEW_PASSWORD) =>
    client.post('/api/password/reset', { token, password, password_confirmation: password });

  async function linkFor(email: string) {
    await askForLink(email);
    const mails = await mailsTo(email);
    smtp.received.length = 0;
    return resetLinkOf(mails.at(-1) as ParsedMail).token;
  }

  it('sets the password, signs this browser in and ends every other session', async () => {
    const { client: laptop, registration } = await signedInClient(testApp.app);
    const token = await linkFor(registration.email);
    const browser = await visitor();
    const response = await reset(browser, token);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { email: string } }>().data.email).toBe(registration.email);
    expect((await browser.get('/user')).statusCode).toBe(200);
    expect((await laptop.get('/user')).statusCode).toBe(401);
    await anotherDevice(registration.email, NEW_PASSWORD);
    const mails = await mailsTo(registration.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your password was changed']);
  });

  it('works once: the same link again is 422 with a message, and the password stays', async () => {
    const { registration } = await signedInClient(testApp.app);
    const token = await linkFor(registration.email);
    expect((await reset(await visitor(), token)).statusCode).toBe(200);
    const again = await reset(await visitor(), token, 'the attacker’s password');
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.token?.[0]).toContain('This link does not work');
    await anotherDevice(registration.email, NEW_PASSWORD);
  });

  it('spends a link once when two requests race with it', async () => {
    const { registration } = await signedInClient(testApp.app);
    const token = await linkFor(registration.email);
    const answers = await Promise.all([
      reset(await visitor(), token, 'first racing password'),
      reset(await visitor(), token, 'second racing password'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  it('stops working after 60 minutes', async () => {
    const { registration, user } = await signedInClient(testApp.app);
    const token = await linkFor(registration.email);
    await db()
      .updateTable('account_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    const late = await reset(await visitor(), token);
    expect(late.statusCode).toBe(422);
    await anotherDevice(registration.email, registration.password);
  });

  it('ends the links asked for before a password change or another reset', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    const first = await linkFor(registration.email);
    const second = await linkFor(registration.email);
    expect((await change(client, registration.password)).statusCode).toBe(204);
    expect((await reset(await visitor(), first)).statusCode).toBe(422);
    expect((await reset(await visitor(), second)).statusCode).toBe(422);
  });

  it('refuses a token that is no link of ours, and a weak password, with messages', async () => {
    const browser = await visitor();
    const forged = await reset(browser, 'A'.repeat(43));
    expect(forged.statusCode).toBe(422);
    const malformed = await browser.post('/api/password/reset', {
      token: '../../etc',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(Object.keys(malformed.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'password',
      'token',
    ]);
  });
});

/** Takes `table` in EXCLUSIVE mode on a connection of its own (reads go on, writes wait) until released. */
async function holdTableLock(table: string): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked: () => void = () => undefined;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = db()
    .transaction()
    .execute(async (trx) => {
      await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx);
      locked();
      await released;
    });
  await isLocked;
  return async () => {
    release();
    await holding;
  };
}

/** The z score of the Mann-Whitney U test comparing two samples (normal approximation, ties averaged). */
function mannWhitneyZ(first: number[], second: number[]): number {
  const all = [...first.map((value) => ({ value, group: 0 })), ...second.map((value) => ({ value, group: 1 }))].sort(
    (a, b) => a.value - b.value,
  );
  const ranks = new Array<number>(all.length);
  for (let start = 0; start < all.length;) {
    let end = start;
    while (end + 1 < all.length && all[end + 1]?.value === all[start]?.value) end += 1;
    for (let index = start; index <= end; index += 1) ranks[index] = (start + end) / 2 + 1;
    start = end + 1;
  }
  const rankSum = all.reduce((sum, item, index) => (item.group === 0 ? sum + (ranks[index] ?? 0) : sum), 0);
  const n1 = first.length;
  const n2 = second.length;
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  return (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
}
