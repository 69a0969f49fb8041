import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach } from 'vitest';
import { http } from '../lib/http';

/**
 * Puts a fake server behind the app's HTTP client for the tests of one file, and the network back
 * after each test. `answerWith(...statuses)` answers the requests with those statuses in turn (the
 * last one repeats; 200 when none), each body `{data: n}` for the n-th request, and returns the
 * requests as they were sent.
 */
export function fakeApi(): (...statuses: number[]) => InternalAxiosRequestConfig[] {
  const network = http.defaults.adapter ?? ['xhr', 'fetch'];
  afterEach(() => {
    http.defaults.adapter = network;
  });
  return (...statuses) => {
    const sent: InternalAxiosRequestConfig[] = [];
    http.defaults.adapter = (config) => {
      sent.push(config);
      const status = statuses[Math.min(sent.length, statuses.length) - 1] ?? 200;
      const response = { data: { data: sent.length }, status, statusText: '', headers: {}, config };
      return status < 400
        ? Promise.resolve(response)
        : Promise.reject(new AxiosError(`status ${status}`, undefined, config, undefined, response));
    };
    return sent;
  };
}
