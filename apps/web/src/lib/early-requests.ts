import { http, type HttpResponse } from './http';

/** How long an early answer waits for its page; a page that comes later asks again. */
const FRESH_FOR_MS = 10_000;

const early = new Map<string, { response: Promise<HttpResponse>; startedAt: number }>();

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

let pageData: Map<string, unknown> | undefined;
/** When this page's script started: its first data is the page's for FRESH_FOR_MS, then asked afresh. */
let pageStartedAt = Date.now();

/**
 * The API answers the server put in the page it sent (#page-data, keyed by their address): a public
 * page's first data, so its first paint waits for no request.
 */
function pageAnswers(): Map<string, unknown> {
  if (Date.now() - pageStartedAt >= FRESH_FOR_MS) return new Map();
  if (!pageData) {
    pageData = new Map();
    const script = typeof document === 'undefined' ? null : document.getElementById('page-data');
    try {
      const parsed: unknown = JSON.parse(script?.textContent ?? '{}');
      if (typeof parsed === 'object' && parsed !== null) pageData = new Map(Object.entries(parsed));
    } catch {
      // A page without usable data asks the API like any other.
    }
  }
  return pageData;
}

function takePageData(url: string): unknown {
  const answers = pageAnswers();
  const answer = answers.get(url);
  answers.delete(url);
  return answer;
}

/**
 * The answer the page came with for `url`, left for the query's first fetch to take: a query's
 * `initialData`, so the page's first render already shows it. Without it a loading state (tiles,
 * cards, the FAQ) was painted for a moment and replaced, moving what was below (issue 34: CLS).
 */
export function sentWithPage(url: string): unknown {
  return pageAnswers().get(url);
}

/**
 * GET `url`, taking the answer the page came with, or the early answer when there is a fresh one
 * (each only once: a refetch asks the server). An early request that failed is asked again the
 * normal way, so a 401 still leads to the login page and any other error is the page's own.
 */
export function getEarly(url: string): Promise<HttpResponse> {
  const sent = takePageData(url);
  if (sent !== undefined) return Promise.resolve({ data: sent, status: 200, headers: new Headers() });
  const entry = early.get(url);
  early.delete(url);
  if (entry && Date.now() - entry.startedAt < FRESH_FOR_MS) return entry.response.catch(() => http.get(url));
  return http.get(url);
}

/**
 * Someone signed in or out: what the page came with, and what was asked early, was the previous
 * visitor's view (a listing as a visitor sees it, say). From now on every query asks the server.
 */
export function dropPageAnswers(): void {
  early.clear();
  pageData = new Map();
}

/** Tests start each case without early answers. */
export function forgetEarlyRequests(): void {
  early.clear();
  pageData = undefined;
  pageStartedAt = Date.now();
}
