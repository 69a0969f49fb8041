import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_MESSAGES, matchPage, type PageMatch, type User } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ensureSession } from '../../plugins/sessions';
import type { PageExtras } from '../catalogue';
import { escapeAttribute, pageTemplates } from './page-template';
import { isStaffAreaPath, STAFF_AREA_PATH } from './staff-area';

export interface WebRoutesOptions {
  /** The built web app (apps/web/dist); without it only the API is served. */
  distDir: string;
  /** Public settings the page reads at start-up; never secrets. */
  publicConfig: Record<string, unknown>;
  /** The public address of the site (PUBLIC_URL), for canonical links; else the request's own. */
  publicUrl?: string | undefined;
  /** A page's head for crawlers and link previews, and its first data (modules/catalogue/catalogue-pages.ts). */
  pageExtras?: (request: FastifyRequest, match: PageMatch, origin: string) => Promise<PageExtras | undefined>;
  /** Whether the signed-in user is staff: their pages, and theirs only, are told of the back-office. */
  isStaff?: (request: FastifyRequest) => Promise<boolean>;
}

/** The head tags of a page's extras: canonical address, Open Graph, JSON-LD; all escaped. */
function extraHead(extras: PageExtras | undefined, title: string | undefined): string {
  if (!extras) return '';
  const tags: string[] = [];
  if (extras.noindex) tags.push('<meta name="robots" content="noindex">');
  if (extras.canonical) {
    tags.push(`<link rel="canonical" href="${escapeAttribute(extras.canonical)}">`);
    tags.push(`<meta property="og:url" content="${escapeAttribute(extras.canonical)}">`);
  }
  // rel="next" only: keyset cursors go forward, so a cursor page does not know the page before it.
  if (extras.next) tags.push(`<link rel="next" href="${escapeAttribute(extras.next)}">`);
  if (title) tags.push(`<meta property="og:title" content="${escapeAttribute(title)}">`);
  if (extras.description)
    tags.push(`<meta property="og:description" content="${escapeAttribute(extras.description)}">`);
  if (extras.image) {
    tags.push(`<meta property="og:image" content="${escapeAttribute(extras.image)}">`);
    tags.push('<meta name="twitter:card" content="summary_large_image">');
  }
  if (extras.leadImage) {
    tags.push(`<link rel="preload" as="image" href="${escapeAttribute(extras.leadImage)}" fetchpriority="high">`);
  }
  if (extras.jsonLd) tags.push(`<script type="application/ld+json">${escapeScriptJson(extras.jsonLd)}</script>`);
  if (Object.keys(extras.data).length > 0) {
    tags.push(`<script id="page-data" type="application/json">${escapeScriptJson(extras.data)}</script>`);
  }
  return tags.map((tag) => `\n    ${tag}`).join('');
}

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
  const pages = template === undefined ? undefined : pageTemplates(template);

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
        // The welcome video's committed files are named by their content too (decision 041).
        const hashed = /[\\/](assets|js|welcome-video)[\\/]/.test(filePath);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages) {
      return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    }
    const session = await ensureSession(request, reply);
    // The signed-in user (what GET /user answers), so the page neither waits for nor spends a request
    // on asking who is signed in. Only this user's own page carries it, and the page is never cached.
    const user: User | null = request.user;
    const pathname = request.url.split('?')[0] ?? '/';
    const staff = user !== null && options.isStaff ? await options.isStaff(request) : false;
    const config = staff ? { ...options.publicConfig, staffArea: { path: STAFF_AREA_PATH } } : options.publicConfig;
    const head =
      `<meta name="csrf-token" content="${escapeAttribute(session.csrfToken)}">\n` +
      `    <script id="app-config" type="application/json">${escapeScriptJson(config)}</script>\n` +
      `    <script id="current-user" type="application/json">${escapeScriptJson(user)}</script>`;
    const match = matchPage(pathname);
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const extras = match && options.pageExtras ? await options.pageExtras(request, match, origin) : undefined;
    if (extras?.redirect) {
      const query = request.url.slice(pathname.length);
      return reply.code(301).header('cache-control', 'no-store').redirect(`${extras.redirect}${query}`, 301);
    }
    // The app shows its own not-found page for an unknown address (or one naming nothing, like a
    // removed listing); the status says so to crawlers and tools.
    // The back-office is a page for staff; for anyone else its address names nothing.
    const status = match ? (extras?.status ?? 200) : staff && isStaffAreaPath(pathname) ? 200 : 404;
    // The user is known now, so the getters give their language (account, cookie, Accept-Language).
    const title = status === 200 ? extras?.title : undefined;
    const html = pages[request.locale](pathname, request.translator, {
      ...(title && { title }),
      ...(status === 200 && extras?.description && { description: extras.description }),
    });
    // A function, not a string: `$'`, `$&` or `` $` `` in the page's user text would splice the template in.
    const page = html.replace('<!--app-head-->', () => head + (status === 200 ? extraHead(extras, title) : ''));
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'Accept-Language, Cookie')
      .send(page);
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsHtml(request) && !request.url.startsWith('/js/') && !request.url.startsWith('/assets/')) {
      return renderPage(request, reply);
    }
    return reply.code(404).send({ message: request.translator.t(API_MESSAGES.notFound) });
  });
}
