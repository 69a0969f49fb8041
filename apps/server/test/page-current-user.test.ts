import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** The user a page carries, as the web app reads it: the text of #current-user, parsed as JSON. */
function pageUser(body: string): unknown {
  const json = /<script id="current-user" type="application\/json">(.*?)<\/script>/s.exec(body)?.[1];
  if (json === undefined) throw new Error('the page has no #current-user element');
  return JSON.parse(json);
}

describe('the page tells the app who is signed in', () => {
  it('as null to a visitor', async () => {
    const page = await new BrowserLikeClient(testApp.app).visit('/profile');
    expect(page.statusCode).toBe(200);
    expect(pageUser(page.body)).toBeNull();
  });

  it('as exactly what GET /user answers, to the signed-in user, and null again after logout', async () => {
    const { client } = await signedInClient(testApp.app, { account_type: 'company', company_name: 'Palm Trading' });
    const fromApi = (await client.get('/user')).json<{ data: unknown }>().data;
    expect(pageUser((await client.visit('/profile')).body)).toEqual(fromApi);

    expect((await client.post('/logout')).statusCode).toBe(204);
    expect(pageUser((await client.visit('/profile')).body)).toBeNull();
  });

  it('so that a name written to break out of the script element stays text', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const { client } = await signedInClient(testApp.app, { first_name: name });
    const page = await client.visit('/');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body.match(/<\/script>/g)?.length).toBe(page.body.match(/<script\b/g)?.length);
    expect(pageUser(page.body)).toMatchObject({ first_name: name });
  });

  it('and never to another visitor, nor into a cache', async () => {
    await signedInClient(testApp.app, { first_name: 'Private' });
    const page = await new BrowserLikeClient(testApp.app).visit('/');
    expect(page.body).not.toContain('Private');
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
