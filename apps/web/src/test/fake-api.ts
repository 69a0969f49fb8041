import { afterEach } from 'vitest';
import { http, type HttpRequest } from '../lib/http';

/**
 * Puts a fake server behind the app's HTTP client for the tests of one file, and the network back
 * after each test. `answerWith(...statuses)` answers the requests with those statuses in turn (the
 * last one repeats; 200 when none), each body `{data: n}` for the n-th request, and returns the
 * requests as they were sent.
 */
export function fakeApi(): (...statuses: number[]) => HttpRequest[] {
  const network = http.transport;
  afterEach(() => {
    http.transport = network;
  });
  return (...statuses) => {
    const sent: HttpRequest[] = [];
    http.transport = (request) => {
      sent.push(request);
      const status = statuses[Math.min(sent.length, statuses.length) - 1] ?? 200;
      return Promise.resolve({ data: { data: sent.length }, status, headers: new Headers() });
    };
    return sent;
  };
}
