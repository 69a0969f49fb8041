import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, uniqueEmail, validRegistration } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function visitor(headers: Record<string, string> = {}) {
  const client = new BrowserLikeClient(testApp.app, headers);
  await client.visit('/');
  return client;
}

const localeOf = async (client: BrowserLikeClient) =>
  (await client.get('/user')).json<{ data: { locale: string | null } }>().data.locale;

describe('PUT /api/locale', () => {
  it('remembers a visitor’s choice in a cookie for a year', async () => {
    const client = await visitor();
    const response = await client.put('/api/locale', { locale: 'ar' });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find(({ name }) => name === 'locale');
    expect(cookie).toMatchObject({ value: 'ar', path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 31536000 });
  });

  it('keeps a signed-in user’s choice on the account, which GET /user reports', async () => {
    const client = await visitor();
    await client.post('/register', validRegistration());
    expect(await localeOf(client)).toBeNull();
    await client.put('/api/locale', { locale: 'ar' });
    expect(await localeOf(client)).toBe('ar');
    await client.put('/api/locale', { locale: 'en' });
    expect(await localeOf(client)).toBe('en');
  });

  it('needs the page’s CSRF token, like every change', async () => {
    const client = await visitor();
    const response = await client.request('PUT', '/api/locale', { locale: 'ar' }, { csrf: false });
    expect(response.statusCode).toBe(419);
  });
});

describe('the language at sign-in', () => {
  it('registers an account in the language chosen before, and not in Accept-Language’s alone', async () => {
    const chose = await visitor();
    await chose.put('/api/locale', { locale: 'ar' });
    await chose.post('/register', validRegistration());
    expect(await localeOf(chose)).toBe('ar');

    const didNotChoose = await visitor({ 'accept-language': 'ar' });
    await didNotChoose.post('/register', validRegistration());
    expect(await localeOf(didNotChoose)).toBeNull();
  });

  it('gives this browser the account’s language at login', async () => {
    const email = uniqueEmail();
    const first = await visitor();
    await first.put('/api/locale', { locale: 'ar' });
    await first.post('/register', validRegistration({ email }));

    const elsewhere = await visitor();
    const login = await elsewhere.post('/login', { email, password: 'correct horse battery' });
    expect(login.json<{ data: { locale: string } }>().data.locale).toBe('ar');
    expect(elsewhere.cookies.get('locale')).toBe('ar');
  });

  it('keeps on an account that never chose the language chosen on this browser before login', async () => {
    const email = uniqueEmail();
    const registered = await visitor();
    await registered.post('/register', validRegistration({ email }));
    await registered.post('/logout');
    await registered.put('/api/locale', { locale: 'ar' });
    const login = await registered.post('/login', { email, password: 'correct horse battery' });
    expect(login.json<{ data: { locale: string } }>().data.locale).toBe('ar');
    expect(await localeOf(registered)).toBe('ar');
  });
});

describe('the first HTML', () => {
  it('is in Arabic, right to left, for an Arabic reader', async () => {
    const client = new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' });
    const page = await client.visit('/login');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('<title>تسجيل الدخول · السوق</title>');
    expect(page.body).toContain('href="/assets/bootstrap.rtl.min-test.css"');
    expect(page.body).not.toContain('href="/assets/bootstrap.min-test.css"');
    expect(page.body).toContain('<link rel="modulepreload" href="/js/chunks/messages-ar-test.js">');
    expect(page.body).not.toContain('messages-en-test.js">');
    expect(page.headers.vary).toMatch(/Accept-Language/);
  });

  it('is in English, left to right, otherwise, with the not-found title for an unknown address', async () => {
    const client = new BrowserLikeClient(testApp.app);
    const page = await client.visit('/no/such/page');
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('<title>Page not found · Marketplace</title>');
    expect(page.body).toContain('href="/assets/bootstrap.min-test.css"');
    expect(page.body).toContain('<link rel="modulepreload" href="/js/chunks/messages-en-test.js">');
  });

  it('fetches the page’s own code and styles with the app’s, and no other page’s', async () => {
    const login = (await new BrowserLikeClient(testApp.app).visit('/login')).body;
    expect(login).toContain('<link rel="modulepreload" href="/js/chunks/login-page-test.js">');
    expect(login).toContain('<link rel="modulepreload" href="/js/chunks/text-field-test.js">');
    expect(login).not.toContain('home-page-test.js');
    const home = (await new BrowserLikeClient(testApp.app).visit('/')).body;
    expect(home).toContain('<link rel="stylesheet" href="/assets/listing-grid-test.css">');
    expect(home).toContain('<link rel="modulepreload" href="/js/chunks/home-page-test.js">');
    expect(home).not.toContain('login-page-test.js');
    expect((await new BrowserLikeClient(testApp.app).visit('/no/such/page')).body).not.toContain('-page-test.js');
  });

  it('follows the language chosen on the switch', async () => {
    const client = await visitor();
    await client.put('/api/locale', { locale: 'ar' });
    const page = await client.visit('/');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('<meta name="description" content="بِع واشترِ السلع مع أفراد وشركات بالقرب منك."');
  });
});
