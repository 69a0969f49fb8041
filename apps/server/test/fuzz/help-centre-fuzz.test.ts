import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BrowserLikeClient } from '../browser-like-client';
import { createCatalogueTestApp } from '../fixtures/catalogue';
import { staffClient } from '../fixtures/staff';
import type { TestApp } from '../test-app';
import { hostileIdText, hostileUrlPart, hostileValue } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes the help centre's routes (issue 30) answer 5xx: the search's query string, a
 * question's and a page's address, a vote's body, and every editor's body and address, from a
 * visitor and from staff who may edit. Its cases, and how to replay one, as in fuzz-settings.ts.
 */

let testApp: TestApp;
let visitor: BrowserLikeClient;
let editor: BrowserLikeClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  visitor = new BrowserLikeClient(testApp.app);
  await visitor.visit('/');
  editor = (await staffClient(testApp.app, 'support')).client;
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
}

const pathPart = fc.oneof(hostileUrlPart, hostileIdText, fc.constantFrom('terms', 'safety', 'how-do-i-pay', '1', '0'));

describe('no input makes the help centre answer 5xx', () => {
  it('GET the FAQ, its search, a question and a page with any address', async () => {
    await fc.assert(
      fc.asyncProperty(hostileUrlPart, pathPart, async (q, part) => {
        for (const url of [
          `/api/help/search?q=${q}`,
          `/api/help/search?q=${q}&q=${q}`,
          `/api/help/questions/${part}`,
          `/api/help/pages/${part}`,
          `/help/${part}`,
          `/help?q=${q}`,
        ]) {
          const response = url.startsWith('/api') ? await visitor.get(url) : await visitor.visit(url);
          noServerError(response, `GET ${url}`);
        }
      }),
      fuzzSettings(),
    );
  });

  it('POST a vote with any body to any question', async () => {
    await fc.assert(
      fc.asyncProperty(pathPart, hostileValue, async (id, body) => {
        noServerError(await visitor.post(`/api/help/questions/${id}/vote`, body), `POST vote ${id}`);
      }),
      fuzzSettings(),
    );
  });

  it('send the editors any body at any address', async () => {
    const topic = fc.record({ name: hostileValue, name_ar: hostileValue, position: hostileValue });
    const question = fc.record({
      topic_id: hostileValue,
      question: hostileValue,
      question_ar: hostileValue,
      answer: hostileValue,
      answer_ar: hostileValue,
      position: hostileValue,
      published: hostileValue,
    });
    const page = fc.record({ title: hostileValue, title_ar: hostileValue, body: hostileValue, body_ar: hostileValue });
    await fc.assert(
      fc.asyncProperty(
        pathPart,
        pathPart,
        fc.oneof(topic, question, page, hostileValue),
        async (first, second, body) => {
          const calls: [string, string][] = [
            ['POST', '/api/admin/help/topics'],
            ['PUT', `/api/admin/help/topics/${first}`],
            ['POST', '/api/admin/help/questions'],
            ['PUT', `/api/admin/help/questions/${first}`],
            ['GET', `/api/admin/help/pages/${first}`],
            ['PUT', `/api/admin/help/pages/${first}`],
            ['POST', `/api/admin/help/pages/${first}/versions/${second}/restore`],
          ];
          for (const [method, url] of calls) {
            noServerError(
              await editor.request(method as 'POST', url, method === 'GET' ? undefined : body),
              `${method} ${url}`,
            );
          }
        },
      ),
      fuzzSettings(),
    );
  });
});
