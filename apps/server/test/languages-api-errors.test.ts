import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient, validRegistration } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const arabicReader = { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' };

async function visitor(headers: Record<string, string> = {}) {
  const client = new BrowserLikeClient(testApp.app, headers);
  await client.visit('/login');
  return client;
}

describe('API errors in the request’s language', () => {
  it('answers a failed validation in Arabic to Accept-Language: ar', async () => {
    const client = await visitor({ 'accept-language': 'ar' });
    const response = await client.post('/login', { email: '', password: 'x' });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('البيانات المُدخلة غير صالحة.');
    expect(body.errors.email?.[0]).toBe('حقل البريد الإلكتروني مطلوب.');
  });

  it('answers the same failure in English without Accept-Language, and to any other language', async () => {
    for (const headers of [{}, { 'accept-language': 'fr-FR,fr;q=0.9' }, { 'accept-language': 'en-GB' }]) {
      const client = await visitor(headers);
      const response = await client.post('/login', { email: '', password: 'x' });
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toBe('The given data was invalid.');
      expect(body.errors.email?.[0]).toBe('The email field is required.');
    }
  });

  it('words registration’s rules in Arabic, with the plural that suits each number', async () => {
    const client = await visitor(arabicReader);
    const response = await client.post(
      '/register',
      validRegistration({ password: 'short', password_confirmation: 'other', account_type: 'company' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      password: ['يجب ألا يقل حقل كلمة المرور عن 8 أحرف.', 'تأكيد حقل كلمة المرور غير مطابق.'],
      company_name: ['حقل اسم الشركة مطلوب عندما يكون نوع الحساب شركة.'],
    });
  });

  it('translates failed logins and their throttle', async () => {
    const client = await visitor(arabicReader);
    const failed = await client.post('/login', { email: 'nobody@example.com', password: 'wrong password' });
    expect(failed.json()).toEqual({
      message: 'البيانات المُدخلة غير صالحة.',
      errors: { email: ['بيانات الدخول هذه لا تطابق سجلاتنا.'] },
    });
  });

  it('answers 401, 419 and the JSON 404 in Arabic', async () => {
    const client = await visitor(arabicReader);
    expect((await client.get('/user/profile')).json()).toEqual({ message: 'يجب تسجيل الدخول أولًا.' });
    const stale = await client.request('POST', '/logout', undefined, { csrf: false });
    expect(stale.statusCode).toBe(419);
    expect(stale.json()).toEqual({ message: 'انتهت صلاحية رمز حماية الصفحة. حدّث الصفحة وحاول مرة أخرى.' });
    expect((await client.get('/no/such/thing')).json()).toEqual({ message: 'غير موجود' });
  });

  it('takes the language cookie over Accept-Language', async () => {
    const client = await visitor({ 'accept-language': 'en' });
    expect((await client.put('/api/locale', { locale: 'ar' })).statusCode).toBe(204);
    expect((await client.get('/user/profile')).json()).toEqual({ message: 'يجب تسجيل الدخول أولًا.' });
  });

  it('takes the account’s language over the cookie and Accept-Language', async () => {
    const { client } = await signedInClient(testApp.app);
    expect((await client.put('/api/locale', { locale: 'ar' })).statusCode).toBe(204);
    client.cookies.delete('locale');
    const response = await client.put('/user/profile', {});
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string; errors: Record<string, string[]> }>()).toMatchObject({
      message: 'البيانات المُدخلة غير صالحة.',
      errors: { first_name: ['حقل الاسم الأول مطلوب'], 'address.phone': ['حقل رقم الهاتف مطلوب'] },
    });
  });

  it('refuses a language the app does not speak, in the reader’s language', async () => {
    const client = await visitor(arabicReader);
    const response = await client.put('/api/locale', { locale: 'fr' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'البيانات المُدخلة غير صالحة.',
      errors: { locale: ['قيمة اللغة المختارة غير صالحة.'] },
    });
  });

  it('gives a body that is not JSON a message in Arabic too', async () => {
    const client = await visitor(arabicReader);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        ...arabicReader,
        'content-type': 'application/json',
        'x-csrf-token': client.csrfToken ?? '',
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'تعذّرت معالجة الطلب.' });
  });
});
