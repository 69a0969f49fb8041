import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeUserAgent } from '../src/modules/account/user-agent';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const UA = {
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
};

interface SessionView {
  id: string;
  device: string;
  browser: string | null;
  os: string | null;
  current: boolean;
  last_active_at: string;
  signed_in_at: string;
}

/** The user signed in on three devices: this laptop (Chrome on Windows), a phone and a tablet-less Android. */
async function threeDevices() {
  const { registration, user } = await signedInClient(testApp.app);
  const devices: BrowserLikeClient[] = [];
  for (const agent of [UA.windowsChrome, UA.iphoneSafari, UA.androidFirefox]) {
    const device = new BrowserLikeClient(testApp.app, { 'user-agent': agent });
    await device.visit('/login');
    expect(
      (await device.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);
    devices.push(device);
  }
  const [computer, phone, android] = devices as [BrowserLikeClient, BrowserLikeClient, BrowserLikeClient];
  return { registration, user, computer, phone, android };
}

const list = async (client: BrowserLikeClient) => {
  const response = await client.get('/api/account/sessions');
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SessionView[] }>().data;
};

describe('sessions on other devices', () => {
  it('lists the user’s signed-in sessions, this one first and marked, with device and browser from the User-Agent', async () => {
    const { computer } = await threeDevices();
    const sessions = await list(computer);
    // The registration's own session is there too: four in all.
    expect(sessions).toHaveLength(4);
    expect(sessions[0]).toMatchObject({ current: true, device: 'computer', browser: 'Chrome', os: 'Windows' });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map(({ device, browser, os }) => ({ device, browser, os }))).toEqual(
      expect.arrayContaining([
        { device: 'phone', browser: 'Safari', os: 'iOS' },
        { device: 'phone', browser: 'Firefox', os: 'Android' },
      ]),
    );
    for (const session of sessions) {
      expect(Number.isNaN(Date.parse(session.last_active_at))).toBe(false);
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    // The list gives away no session's id or cookie.
    const rows = await testApp.database.db.selectFrom('sessions').select('id').execute();
    const body = JSON.stringify(sessions);
    for (const row of rows) expect(body).not.toContain(row.id);
    expect(body).not.toContain(computer.sessionCookie);
  });

  it('signs one other device out: its next request is 401; the rest go on', async () => {
    const { computer, phone, android } = await threeDevices();
    const phoneSession = (await list(phone)).find((session) => session.current) as SessionView;
    expect((await computer.request('DELETE', `/api/account/sessions/${phoneSession.id}`)).statusCode).toBe(204);
    expect((await phone.get('/user')).statusCode).toBe(401);
    expect((await android.get('/user')).statusCode).toBe(200);
    expect((await computer.get('/user')).statusCode).toBe(200);
    expect((await list(computer)).map((session) => session.id)).not.toContain(phoneSession.id);
    // Twice: it is gone.
    expect((await computer.request('DELETE', `/api/account/sessions/${phoneSession.id}`)).statusCode).toBe(404);
  });

  it('signs out everywhere else in one go, and says how many', async () => {
    const { computer, phone, android } = await threeDevices();
    const response = await computer.request('DELETE', '/api/account/sessions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { signed_out: 3 } });
    expect((await phone.get('/user')).statusCode).toBe(401);
    expect((await android.get('/user')).statusCode).toBe(401);
    expect((await computer.get('/user')).statusCode).toBe(200);
    expect(await list(computer)).toHaveLength(1);
  });

  it('answers 404 for another user’s session, and ends nothing', async () => {
    const mine = await threeDevices();
    const stranger = await signedInClient(testApp.app);
    const strangerSession = (await list(stranger.client))[0] as SessionView;
    const response = await mine.computer.request('DELETE', `/api/account/sessions/${strangerSession.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'That session is not one of yours, or it has ended already.' });
    expect((await stranger.client.get('/user')).statusCode).toBe(200);
    expect((await mine.computer.request('DELETE', '/api/account/sessions/not-a-session')).statusCode).toBe(404);
  });

  it('refuses to end this session from the list (409): log out does that', async () => {
    const { computer } = await threeDevices();
    const current = (await list(computer)).find((session) => session.current) as SessionView;
    const response = await computer.request('DELETE', `/api/account/sessions/${current.id}`);
    expect(response.statusCode).toBe(409);
    expect((await computer.get('/user')).statusCode).toBe(200);
  });

  it('is for signed-in users, with the CSRF token for a change', async () => {
    const guest = new BrowserLikeClient(testApp.app);
    await guest.visit('/login');
    expect((await guest.get('/api/account/sessions')).statusCode).toBe(401);
    expect((await guest.request('DELETE', '/api/account/sessions')).statusCode).toBe(401);
    const { client } = await signedInClient(testApp.app);
    expect((await client.request('DELETE', '/api/account/sessions', undefined, { csrf: false })).statusCode).toBe(419);
  });
});

describe('reading a User-Agent', () => {
  it.each([
    [UA.windowsChrome, { device: 'computer', browser: 'Chrome', os: 'Windows' }],
    [UA.iphoneSafari, { device: 'phone', browser: 'Safari', os: 'iOS' }],
    [UA.androidFirefox, { device: 'phone', browser: 'Firefox', os: 'Android' }],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { device: 'computer', browser: 'Edge', os: 'macOS' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
      { device: 'tablet', browser: 'Samsung Internet', os: 'Android' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { device: 'tablet', browser: 'Safari', os: 'iPadOS' },
    ],
    ['curl/8.5.0', { device: 'unknown', browser: null, os: null }],
    [null, { device: 'unknown', browser: null, os: null }],
  ])('%s', (agent, expected) => {
    expect(describeUserAgent(agent)).toEqual(expected);
  });
});
