// The back-office's first visit, for bench/web-budget.mjs: a demo account made admin on the command
// line (as the first admin is made: npm run staff -- add), its second factor set up through the API
// with the code an authenticator app would show, so /admin opens on its first screen (the dashboard).
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { root } from './web-budget-server.mjs';

/** The demo company account (the individual one stays an ordinary user for the other pages). */
export const staffAccount = { email: 'omar@palmtrading.example', password: 'demo-password-2' };

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238: HMAC-SHA-1 over the 30-second step, 6 digits. */
function totp(secret, ms = Date.now()) {
  let bits = 0;
  let value = 0;
  const key = [];
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const digest = createHmac('sha1', Buffer.from(key)).update(counter).digest();
  const offset = digest[digest.length - 1] & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * Makes the account signed in with `cookie` an admin of the server at `server.base` (its DATA_DIR:
 * the command talks to the running app's database) and passes its session's second factor.
 */
export async function passStaffDesk(server, cookie) {
  const add = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/staff-cli.ts', 'add', staffAccount.email, 'admin'],
    { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
  );
  if (add.status !== 0) throw new Error(`npm run staff -- add failed: ${add.stderr}`);
  const session = `${cookie.name}=${cookie.value}`;
  const page = await fetch(`${server.base}/`, { headers: { accept: 'text/html', cookie: session } });
  const token = /name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error('the page carries no CSRF token');
  const post = async (url, body) => {
    const response = await fetch(`${server.base}${url}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-csrf-token': token,
        cookie: session,
      },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const { secret } = await post('/api/admin/second-factor/setup');
  await post('/api/admin/second-factor/confirm', { code: totp(secret) });
}
