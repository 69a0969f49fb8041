import { listingSlug, pageLinks } from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';

/** A sitemap file holds at most 50 000 addresses (sitemaps.org). */
const SITEMAP_MAX = 50_000;

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * /sitemap.xml (the home page, every category with something in it, every active listing, newest
 * first) and /robots.txt, which points at it and keeps crawlers out of private pages and the API.
 */
export function seoRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string | undefined }): Promise<void> {
  const origin = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  app.get('/robots.txt', (request, reply) => {
    const lines = [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /account/',
      'Disallow: /sell',
      'Disallow: /profile',
      'Disallow: /items/*/edit',
      `Sitemap: ${origin(request)}/sitemap.xml`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const base = origin(request);
    const [categories, listings] = await Promise.all([
      app.db
        .selectFrom('categories')
        .select('slug')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('listings')
              .select(sql`1`.as('one'))
              .whereRef('listings.category_id', '=', 'categories.id')
              .where('listings.status', '=', 'active')
              .where('listings.hidden_at', 'is', null),
          ),
        )
        .orderBy('position')
        .execute(),
      app.db
        .selectFrom('listings')
        .select(['id', 'title', 'updated_at'])
        .where('status', '=', 'active')
        .where('hidden_at', 'is', null)
        .orderBy('published_at', 'desc')
        .limit(SITEMAP_MAX - 1000)
        .execute(),
    ]);
    const entry = (path: string, modified?: Date) =>
      `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${modified ? `<lastmod>${modified.toISOString()}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      entry('/'),
      ...categories.map((category) => entry(pageLinks.category(category.slug))),
      ...listings.map((listing) =>
        entry(pageLinks.listing(listing.id, listingSlug(listing.title)), listing.updated_at),
      ),
      '</urlset>',
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(`${xml.join('\n')}\n`);
  });

  return Promise.resolve();
}
