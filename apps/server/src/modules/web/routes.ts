import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_MESSAGES, isPagePath, type User } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ensureSession } from '../../plugins/sessions';

export interface WebRoutesOptions {
  /** The built web app (apps/web/dist); without it only the API is served. */
  distDir: string;
  /** Public settings the page reads at start-up; never secrets. */
  publicConfig: Record<string, unknown>;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** JSON inside a <script> element must not be able to close it. */
const escapeScriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built single-page app: hashed assets with long caching, and index.html for every page
 * address, carrying the session's CSRF token in <meta name="csrf-token"> and the public config.
 */
export async function webRoutes(app: FastifyInstance, options: WebRoutesOptions): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  if (template) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      // index.html is only ever sent rendered, with its CSRF token.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz copies of its scripts and styles (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = /[\\/](assets|js)[\\/]/.test(filePath);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) {
      return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    }
    const session = await ensureSession(request, reply);
    // The signed-in user (what GET /user answers), so the page neither waits for nor spends a request
    // on asking who is signed in. Only this user's own page carries it, and the page is never cached.
    const user: User | null = request.user;
    const head =
      `<meta name="csrf-token" content="${escapeAttribute(session.csrfToken)}">\n` +
      `    <script id="app-config" type="application/json">${escapeScriptJson(options.publicConfig)}</script>\n` +
      `    <script id="current-user" type="application/json">${escapeScriptJson(user)}</script>`;
    // The app shows its own not-found page for an unknown address; the status says so to crawlers and tools.
    const status = isPagePath(request.url.split('?')[0] ?? '/') ? 200 : 404;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(template.replace('<!--app-head-->', head));
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsHtml(request) && !request.url.startsWith('/js/') && !request.url.startsWith('/assets/')) {
      return renderPage(request, reply);
    }
    return reply.code(404).send({ message: API_MESSAGES.notFound });
  });
}
