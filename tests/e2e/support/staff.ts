import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${text}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The code an authenticator app shows for `secret` at `ms` (RFC 6238: HMAC-SHA-1, 30-second steps,
 * 6 digits), as a moderator's phone would compute it. Written here, not imported from the server,
 * so the test checks the server's TOTP against the RFC rather than against itself.
 */
export function totp(secret: string, ms = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Makes the account signed in on `page` a staff member (`POST /api/test/staff-role`, NODE_ENV=test only). */
export async function grantStaffRole(page: Page, role: 'admin' | 'moderator' | 'support'): Promise<void> {
  // The session's CSRF token from a page's HTML, without drawing the page.
  const html = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text();
  const csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
  const response = await page.request.post('/api/test/staff-role', {
    data: { role },
    headers: {
      'x-csrf-token': csrfToken,
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
    },
  });
  if (response.status() !== 200) throw new Error(`staff role: ${response.status()} ${await response.text()}`);
}

/**
 * A staff member's first visit to the back-office: the set-up screen's key typed into "the app" (the
 * code computed here), the recovery codes acknowledged, and the back-office's sections on screen.
 */
export async function setUpSecondFactor(page: Page): Promise<void> {
  // The set-up screen asks for a new key as it opens: its answer is what the screen then shows.
  const setUp = page.waitForResponse((response) => response.url().endsWith('/api/admin/second-factor/setup'));
  await page.goto('/admin');
  expect((await setUp).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Set up your second factor' })).toBeVisible();
  const key = (await page.locator('.staff-secret code').textContent()) ?? '';
  await page.getByRole('textbox', { name: 'The code your app shows' }).fill(totp(key));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await page.getByRole('button', { name: 'Continue to the back-office' }).click();
  await expect(page.getByRole('navigation', { name: 'Back-office sections' })).toBeVisible();
}
