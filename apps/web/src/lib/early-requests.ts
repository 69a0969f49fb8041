import type { AxiosResponse } from 'axios';
import { http } from './http';

/** How long an early answer waits for its page; a page that comes later asks again. */
const FRESH_FOR_MS = 10_000;

const early = new Map<string, { response: Promise<AxiosResponse>; startedAt: number }>();

/**
 * Starts a GET before the page that needs it has its code, so that on a first visit the page's data
 * and its script download together instead of one after the other. The page's first `getEarly(url)`
 * takes the answer.
 */
export function requestEarly(url: string): void {
  if (early.has(url)) return;
  // A failure is the page's business (it asks again in getEarly); nobody may be listening yet.
  const response = http.get(url, { skipAuthRedirect: true });
  response.catch(() => undefined);
  early.set(url, { response, startedAt: Date.now() });
}

/**
 * GET `url`, taking the early answer when there is a fresh one (only once: a refetch asks the
 * server). An early request that failed is asked again the normal way, so a 401 still leads to
 * the login page and any other error is the page's own.
 */
export function getEarly(url: string): Promise<AxiosResponse> {
  const entry = early.get(url);
  early.delete(url);
  if (entry && Date.now() - entry.startedAt < FRESH_FOR_MS) return entry.response.catch(() => http.get(url));
  return http.get(url);
}

/** Tests start each case without early answers. */
export function forgetEarlyRequests(): void {
  early.clear();
}
