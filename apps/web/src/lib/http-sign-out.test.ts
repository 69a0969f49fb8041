import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, isHttpError, sessionEnded } from './http';
import { browserTransport, type HttpResponse } from './http-transport';
import { pageNavigation } from './page-navigation';

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  http.transport = browserTransport;
  vi.restoreAllMocks();
});

/** A server whose answer (401) waits until the test lets it go. */
function heldServer() {
  let answer: () => void = () => undefined;
  http.transport = () =>
    new Promise<HttpResponse>((resolve) => {
      answer = () => resolve({ data: { message: 'Unauthenticated.' }, status: 401, headers: new Headers() });
    });
  return () => answer();
}

describe('a 401 after this tab signed out', () => {
  it('to a request sent before the sign-out is the old session’s answer: no trip to /login', async () => {
    const answer = heldServer();
    const pending = http.get('/api/notifications/unread-count').catch((error: unknown) => error);
    sessionEnded();
    answer();
    expect(isHttpError(await pending, 401)).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('to a request sent after it still sends the browser to log in', async () => {
    sessionEnded();
    const answer = heldServer();
    const pending = http.get('/api/notifications/unread-count').catch((error: unknown) => error);
    answer();
    expect(isHttpError(await pending, 401)).toBe(true);
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
