import fs from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { MailOutbox } from '../src/modules/notifications/mail/mail-outbox';
import { smtpTransport } from '../src/modules/notifications/mail/mail-transport';
import type { NotificationEvent } from '../src/modules/notifications/notify';
import { signedInClient } from './browser-like-client';
import { startSmtpServer, type TestSmtpServer } from './smtp-support';
import { createTestApp, type TestApp } from './test-app';

const PUBLIC_URL = 'https://market.example';

let smtp: TestSmtpServer;
let testApp: TestApp;
const extraServers: TestSmtpServer[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({ PUBLIC_URL, MAIL_FROM: 'Marketplace <no-reply@market.example>' }, undefined, {
    mailTransport: smtpTransport(smtp.url),
  });
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});
afterEach(async () => {
  await Promise.all(extraServers.splice(0).map((server) => server.close()));
  smtp.received.length = 0;
  // Each test sends only what it queued itself.
  await testApp.database.db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '!=', 'sent').execute();
});

const db = () => testApp.database.db;
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');
const outboxRow = (id: number) =>
  db().selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function member(locale?: 'en' | 'ar') {
  const { client, user } = await signedInClient(testApp.app, { first_name: 'Layla' });
  if (locale) expect((await client.put('/api/locale', { locale })).statusCode).toBe(204);
  return { client, id: user.id };
}

/** Queues `count` e-mails for a user in one transaction, as a feature would. */
async function queue(userId: number, event: Partial<NotificationEvent> = {}, count = 1): Promise<number[]> {
  const results = await testApp.app.notifications.transaction(async (_trx, notify) => {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const notified = await notify({ userId, category: 'orders', type: 'test', path: '/orders/7', ...event });
      if (notified.outboxId !== null) ids.push(notified.outboxId);
    }
    return ids;
  });
  expect(results).toHaveLength(count);
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the mail worker, through a real SMTP server', () => {
  it('sends an e-mail in the user’s language, HTML and plain text, with its links and one-click unsubscribe', async () => {
    const { id } = await member('ar');
    const [outboxId] = await queue(id);
    expect(await testApp.app.notifications.worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as ParsedMail;
    expect(mail.subject).toBe('إشعار تجريبي: الطلبات');
    expect(mail.from?.value).toEqual([{ name: 'Marketplace', address: 'no-reply@market.example' }]);
    expect(header(mail, 'Content-Language')).toBe('ar');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('مرحبًا <bdi>Layla</bdi>،');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/orders/7"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/account/notifications"`);
    expect(mail.text).toContain('إشعار تجريبي: الطلبات');
    expect(mail.text).toContain(`${PUBLIC_URL}/orders/7`);
    expect(mail.text).toContain(`${PUBLIC_URL}/account/notifications`);

    const unsubscribe = header(mail, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?token=${id}\\.orders\\.[A-Za-z0-9_-]{43}&lang=ar>$`),
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain((unsubscribe ?? '').slice(1, -1));

    const row = await outboxRow(outboxId as number);
    expect(mail.messageId).toBe(row.message_id);
    expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@market\.example>$/);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('writes English for a user who chose it, and escapes what the data holds', async () => {
    const { id } = await member('en');
    await queue(id, {
      category: 'listings',
      type: 'listing.expired',
      data: { title: '<b>Bike</b> & "helmet"' },
      path: '/items/1/bike',
    });
    await testApp.app.notifications.worker.runOnce();
    const mail = smtp.received[0] as ParsedMail;
    expect(mail.subject).toBe('Your listing “\u2068<b>Bike</b> & "helmet"\u2069” has expired');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain('<bdi>&lt;b&gt;Bike&lt;/b&gt; &amp; &quot;helmet&quot;</bdi>');
    expect(mail.html).not.toContain('<b>Bike</b>');
    expect(mail.text).toContain('Renew it from My listings to show it again.');
  });

  it('isolates names and titles people wrote: <bdi> in the HTML, FSI … PDI in the text, as stored in the data', async () => {
    const { id } = await member('ar');
    await queue(id, {
      category: 'messages',
      type: 'message.unread',
      data: { conversation_id: 3, name: 'Omar K.', title: 'iPhone 13 (128 GB)', count: 2 },
      path: '/messages/3',
    });
    await testApp.app.notifications.worker.runOnce();
    const mail = smtp.received[0] as ParsedMail;
    const title = 'أرسل إليك \u2068Omar K.\u2069 رسالتين بشأن «\u2068iPhone 13 (128 GB)\u2069»';
    expect(mail.subject).toBe(title);
    expect(mail.text).toContain('مرحبًا \u2068Layla\u2069،');
    expect(mail.text).toContain(title);
    expect(mail.html).toContain('أرسل إليك <bdi>Omar K.</bdi> رسالتين بشأن «<bdi>iPhone 13 (128 GB)</bdi>»');
    // The HTML's <title> holds no markup: the isolates there are the characters.
    expect(mail.html).toContain(`<title>${title}</title>`);
    expect(mail.html).not.toMatch(/[\uE000\uE001]/u);
    // The notification as stored and as the API words it stays as written.
    const stored = await db()
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({ name: 'Omar K.', title: 'iPhone 13 (128 GB)' });
  });

  it('isolates a reason the user typed, without the marker characters it carried', async () => {
    const { id } = await member('en');
    await queue(id, {
      category: 'orders',
      type: 'order.cancelled',
      data: { order_id: 1, title: 'Sofa', reason: 'Sold elsewhere \uE000x\uE001' },
      path: '/orders/1',
    });
    await testApp.app.notifications.worker.runOnce();
    const mail = smtp.received[0] as ParsedMail;
    // What people typed loses any marker characters it carried, so it never stands for markup.
    expect(mail.text).toContain('Reason given: \u2068Sold elsewhere x\u2069');
    expect(mail.html).toContain('Reason given: <bdi>Sold elsewhere x</bdi>');
  });

  it('writes to a user who never chose a language in the language of the request that caused it', async () => {
    const { client } = await signedInClient(testApp.app, { first_name: 'Noor' });
    client.headers['accept-language'] = 'ar-AE,ar;q=0.9';
    expect((await client.post('/api/test/notifications', { category: 'messages' })).statusCode).toBe(201);
    await testApp.app.notifications.worker.runOnce();
    expect((smtp.received[0] as ParsedMail).subject).toBe('إشعار تجريبي: الرسائل');
  });

  it('gives account e-mails no unsubscribe: they reach the user whatever the settings', async () => {
    const { id } = await member();
    await queue(id, { category: 'account' });
    await testApp.app.notifications.worker.runOnce();
    const mail = smtp.received[0] as ParsedMail;
    expect(header(mail, 'List-Unsubscribe')).toBeUndefined();
    expect(header(mail, 'List-Unsubscribe-Post')).toBeUndefined();
    expect(mail.text).toContain('We send account e-mails for your security, whatever your notification settings.');
  });

  it('tries again with backoff when the server refuses, and sends once when it accepts', async () => {
    const refusing = await startSmtpServer({ refuse: 2 });
    extraServers.push(refusing);
    const worker = testApp.app.notifications.newWorker({ transport: smtpTransport(refusing.url), retryBaseMs: 300 });
    const { id } = await member();
    const [outboxId] = await queue(id);

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const afterFirst = await outboxRow(outboxId as number);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFirst.last_error).toContain('451');
    // Not due again before its backoff.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await sleep(350);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    // The second wait is twice the first.
    await sleep(300);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await sleep(350);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(refusing.attempts()).toBe(3);
    expect(refusing.received).toHaveLength(1);
    expect(await outboxRow(outboxId as number)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('gives up after its last attempt and keeps the reason', async () => {
    const refusing = await startSmtpServer({ refuse: 100 });
    extraServers.push(refusing);
    const worker = testApp.app.notifications.newWorker({
      transport: smtpTransport(refusing.url),
      retryBaseMs: 10,
      maxAttempts: 2,
    });
    const { id } = await member();
    const [outboxId] = await queue(id);
    // Tried once per run, however soon its retry comes due.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    await sleep(30);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const row = await outboxRow(outboxId as number);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.last_error).toContain('451');
    await sleep(30);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(refusing.received).toHaveLength(0);
  });
});

describe('the outbox when a process dies', () => {
  it('sends, after a restart, an e-mail committed just before the process died: once', async () => {
    const { id } = await member();
    const [outboxId] = await queue(id);
    // The process that committed it dies before its worker runs; another start of the server, on
    // the same database, finds it.
    const restarted = await buildApp({
      config: testApp.config,
      db: testApp.database.db,
      mailTransport: smtpTransport(smtp.url),
    });
    try {
      expect(await restarted.notifications.worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(await restarted.notifications.worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await restarted.close();
    }
    expect(await testApp.app.notifications.worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([(await outboxRow(outboxId as number)).message_id]);
  });

  it('leaves a claimed row alone until its lease runs out, then another worker sends it once', async () => {
    const { id } = await member();
    const [outboxId] = await queue(id);
    const outbox = new MailOutbox(db());
    // A worker claims the row, then its process dies before it sends or records anything.
    const claimed = await outbox.claim('dead-worker', 500);
    expect(claimed?.id).toBe(outboxId);

    const survivor = testApp.app.notifications.newWorker({ name: 'survivor' });
    expect(await survivor.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    await sleep(600);
    expect(await survivor.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await survivor.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(outboxId as number)).toMatchObject({ status: 'sent', attempts: 2, locked_by: 'survivor' });
    // Had the dead worker come back, it could not record the row as its own.
    expect(await outbox.markSent(outboxId as number, 'dead-worker')).toBe(false);
  });

  it('shares 50 rows between two workers racing for them: each e-mail sent exactly once', async () => {
    const { id } = await member();
    const ids = await queue(id, {}, 50);
    const first = testApp.app.notifications.newWorker({ name: 'process-a', concurrency: 3 });
    const second = testApp.app.notifications.newWorker({ name: 'process-b', concurrency: 3 });
    const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(a.sent + b.sent).toBe(50);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);

    const rows = await db()
      .selectFrom('mail_outbox')
      .select(['message_id', 'status', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const arrived = smtp.received.map((mail) => mail.messageId).sort();
    expect(arrived).toHaveLength(50);
    expect(new Set(arrived).size).toBe(50);
    expect(arrived).toEqual(rows.map((row) => row.message_id).sort());
  });
});

describe('the worker’s life', () => {
  it('sends what a commit queued at once, without waiting for its next look at the outbox', async () => {
    const { worker } = testApp.app.notifications;
    worker.start();
    try {
      await sleep(200);
      const { id } = await member();
      const startedAt = Date.now();
      // announce() after the commit wakes the worker; its next poll would be 5 s away.
      await queue(id);
      while (smtp.received.length === 0 && Date.now() - startedAt < 4000) await sleep(20);
      expect(smtp.received).toHaveLength(1);
      expect(Date.now() - startedAt).toBeLessThan(4000);
    } finally {
      await worker.stop();
    }
  });

  it('finishes the send under way when stopped, and records it', async () => {
    const slow = await startSmtpServer({ delayMs: 400 });
    extraServers.push(slow);
    const { id } = await member();
    const [outboxId] = await queue(id);
    const worker = testApp.app.notifications.newWorker({ transport: smtpTransport(slow.url) });
    worker.start();
    const deadline = Date.now() + 5000;
    while (slow.attempts() === 0 && Date.now() < deadline) await sleep(20);
    expect(slow.received).toHaveLength(0);
    await worker.stop();
    expect(slow.received).toHaveLength(1);
    expect(await outboxRow(outboxId as number)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('the outbox’s upkeep', () => {
  it('forgets e-mails sent more than 30 days ago, and keeps the rest', async () => {
    const { id } = await member();
    const [old, recent, failed] = await queue(id, {}, 3);
    const at = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    await db()
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: at(31) })
      .where('id', '=', old as number)
      .execute();
    await db()
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: at(29) })
      .where('id', '=', recent as number)
      .execute();
    await db()
      .updateTable('mail_outbox')
      .set({ status: 'failed' })
      .where('id', '=', failed as number)
      .execute();
    expect(await testApp.app.notifications.pruneOutbox()).toBeGreaterThanOrEqual(1);
    const left = await db().selectFrom('mail_outbox').select('id').where('user_id', '=', id).orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([recent, failed]);
  });
});

describe('without SMTP_URL', () => {
  it('writes each e-mail as an .eml file under DATA_DIR/mail', async () => {
    const local = await createTestApp();
    try {
      const { id } = (await signedInClient(local.app)).user;
      const outboxId = await local.app.notifications.transaction(
        async (_trx, notify) => (await notify({ userId: id, category: 'messages', type: 'test' })).outboxId,
      );
      expect(await local.app.notifications.worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      const file = path.join(local.dataDir, 'mail', `${String(outboxId).padStart(6, '0')}.eml`);
      const written = fs.readFileSync(file, 'utf8');
      expect(written).toContain('Subject: Test notification: Messages');
      expect(written).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(fs.readdirSync(path.join(local.dataDir, 'mail'))).toEqual([path.basename(file)]);
      expect(local.app.notifications.transport.description).toBe(`.eml files in ${path.join(local.dataDir, 'mail')}`);
    } finally {
      await local.close();
    }
  });
});
