import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, statusOf } from './raw-http';
import { createTestApp, listenOnLoopback, type TestApp } from './test-app';

// Short limits so the test takes seconds; the defaults' values are checked below.
const HEADERS_S = 1;
const IDLE_S = 2;
const REQUEST_S = 3;

let testApp: TestApp;
let port: number;
let session: Record<string, string>;
beforeAll(async () => {
  testApp = await createTestApp({
    HTTP_HEADERS_TIMEOUT_SECONDS: String(HEADERS_S),
    HTTP_IDLE_TIMEOUT_SECONDS: String(IDLE_S),
    HTTP_REQUEST_TIMEOUT_SECONDS: String(REQUEST_S),
  });
  port = await listenOnLoopback(testApp.app);
  // A visitor's session and CSRF token, so that the app reads the body (without them it answers 419 at once).
  const page = await fetch(`http://127.0.0.1:${port}/login`, { headers: { accept: 'text/html' } });
  session = {
    Cookie: page.headers.getSetCookie()[0]?.split(';')[0] ?? '',
    'X-CSRF-TOKEN': /<meta name="csrf-token" content="([^"]+)">/.exec(await page.text())?.[1] ?? '',
  };
});
afterAll(() => testApp.close());

const jsonHead = (length: number) =>
  [
    'POST /login HTTP/1.1',
    'Host: localhost',
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...Object.entries(session).map(([name, value]) => `${name}: ${value}`),
    '\r\n',
  ].join('\r\n');
const every = (ms: number, data: string, times: number) => Array.from({ length: times }, () => ({ afterMs: ms, data }));
// A little early is the timer's rounding; never a whole second early.
const notBefore = (seconds: number) => seconds * 1000 - 100;
// Node checks its time-outs every second (http-limits.ts); ten seconds more spares a loaded machine's
// timers and still tells a limit kept from the keep-alive time-out (72 s) that once held such sockets.
const notAfter = (seconds: number) => seconds * 1000 + 10_000;

describe('slow clients', () => {
  it('answers 408 and closes when the headers have not all arrived in time', async () => {
    const { received, closedAfterMs } = await rawExchange(port, [
      { afterMs: 0, data: 'GET /up HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' },
      ...every(200, 'a', 30),
    ]);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThan(notBefore(HEADERS_S));
    expect(closedAfterMs).toBeLessThan(notAfter(HEADERS_S));
  });

  it('closes a connection that goes quiet in the middle of a body, without an answer', async () => {
    const { received, closedAfterMs } = await rawExchange(port, [{ afterMs: 0, data: `${jsonHead(200)}{"email":` }]);
    expect(received).toBe('');
    expect(closedAfterMs).toBeGreaterThan(notBefore(IDLE_S));
    expect(closedAfterMs).toBeLessThan(notAfter(IDLE_S));
  });

  it('answers 408 and closes when a body trickles in, never quiet, past the time for the whole request', async () => {
    const { received, closedAfterMs } = await rawExchange(port, [
      { afterMs: 0, data: `${jsonHead(200)}{"email":"` },
      ...every(250, 'a', 100),
    ]);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThan(notBefore(REQUEST_S));
    expect(closedAfterMs).toBeLessThan(notAfter(REQUEST_S));
  });

  it.each([
    ['a change without its CSRF token (419)', ['POST /login HTTP/1.1', 'Content-Type: application/json']],
    ['a GET that carries a body', ['GET /up HTTP/1.1']],
  ])('ends the connection after answering %s before its body has all arrived', async (_case, lines) => {
    const head = [...lines, 'Host: localhost', 'Content-Length: 200', '\r\n'].join('\r\n');
    const { received, closedAfterMs } = await rawExchange(port, [{ afterMs: 0, data: `${head}{"email":` }]);
    expect(received).toMatch(/^HTTP\/1\.1 (419|200) /);
    expect(received.toLowerCase()).toContain('connection: close');
    // Not held for the rest of the body until the keep-alive time-out (72 s), past every limit.
    expect(closedAfterMs).toBeLessThan(notAfter(0));
  });

  it('answers a request that arrives in time as usual', async () => {
    expect(await statusOf(port, '/up')).toBe(200);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'a pass phrase' });
    const { received } = await rawExchange(port, [
      { afterMs: 0, data: jsonHead(Buffer.byteLength(body)) },
      { afterMs: 500, data: body },
    ]);
    // The app read the body and checked the credentials: its own answer, not a 408.
    expect(received).toMatch(/^HTTP\/1\.1 422 /);
    expect(received).toContain('These credentials do not match our records.');
  });
});

describe('the default limits', () => {
  it('are 30 s for the headers, 60 s for the whole request (10 minutes for an upload) and 60 s of silence', async () => {
    const defaults = await createTestApp();
    try {
      const { server } = defaults.app;
      expect(server.headersTimeout).toBe(30_000);
      // Node holds uploads to theirs; the app holds every other route to 60 s (requestTimeLimit).
      expect(server.requestTimeout).toBe(600_000);
      expect(defaults.config.httpLimits.requestTimeoutMs).toBe(60_000);
      expect(server.timeout).toBe(60_000);
    } finally {
      await defaults.close();
    }
  });
});
