import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, StartupError } from '../src/config';
import { createTestApp, type TestApp } from './test-app';

const hosted = {
  PUSHER_HOST: 'api-eu.pusher.com',
  PUSHER_APP_ID: '1234567',
  PUSHER_APP_KEY: 'abcdef0123456789abcd',
  PUSHER_APP_SECRET: 'secret-that-never-leaves',
};
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function pageOf(env: Record<string, string>) {
  const testApp = await createTestApp(env);
  apps.push(testApp);
  const page = await testApp.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  const json = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1] ?? '{}';
  return { page, appConfig: JSON.parse(json) as { realtime?: unknown } };
}

describe('real-time configuration', () => {
  it('runs the embedded server by default, with a fixed public key and a fresh secret per start', () => {
    const first = loadConfig({}).realtime;
    const second = loadConfig({}).realtime;
    expect(first).toMatchObject({ driver: 'embedded', key: 'marketplace', appId: 'marketplace' });
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.secret).not.toBe(first.secret);
  });

  it('sends events to Pusher Channels in the cluster of PUSHER_HOST, over TLS only', () => {
    expect(loadConfig(hosted).realtime).toMatchObject({ driver: 'pusher', cluster: 'eu' });
    expect(() => loadConfig({ ...hosted, PUSHER_SCHEME: 'http' })).toThrow(/TLS only/);
  });

  it('sends events to any other Pusher-compatible server at its host, port and scheme', () => {
    const env = { ...hosted, PUSHER_HOST: 'soketi.internal', PUSHER_PORT: '6001', PUSHER_SCHEME: 'http' };
    expect(loadConfig(env).realtime).toMatchObject({
      driver: 'self-hosted',
      host: 'soketi.internal',
      port: 6001,
      scheme: 'http',
    });
    expect(loadConfig({ ...hosted, PUSHER_HOST: 'soketi.example.com' }).realtime).toMatchObject({ port: 443 });
  });

  it('stops start-up with what to set when a provider is named without its credentials', () => {
    expect(() => loadConfig({ PUSHER_HOST: 'soketi.internal' })).toThrow(StartupError);
    expect(() => loadConfig({ PUSHER_HOST: 'soketi.internal' })).toThrow(
      /PUSHER_APP_ID, PUSHER_APP_KEY and PUSHER_APP_SECRET/,
    );
    expect(() => loadConfig({ PUSHER_PORT: 'abc' })).toThrow(/PUSHER_PORT/);
  });

  it('gives the page the public settings and never the secret', async () => {
    const embedded = await pageOf({ PUSHER_APP_SECRET: 'embedded-secret-value' });
    expect(embedded.appConfig.realtime).toEqual({ driver: 'embedded', key: 'marketplace' });
    expect(embedded.page.body).not.toContain('embedded-secret-value');

    const pusher = await pageOf(hosted);
    expect(pusher.appConfig.realtime).toEqual({ driver: 'pusher', key: hosted.PUSHER_APP_KEY, cluster: 'eu' });
    expect(pusher.page.body).not.toContain(hosted.PUSHER_APP_SECRET);
    expect(pusher.page.headers['content-security-policy']).toContain('wss://ws-eu.pusher.com');
  });
});
