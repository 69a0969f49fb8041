import { SEARCH_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PlacesRepository } from '../places';
import { route } from '../../plugins/api-route';
import { ValidationError } from '../../plugins/validation';
import { problem, resolveSearch } from './resolve-search';
import { resultsPage } from './results-page';
import { searchEngineOf } from './search-service';

/** The query string exactly as sent: the one parser the page uses reads it (search-params.ts). */
const queryOf = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
};

/**
 * Search's JSON calls (issue 13): results, the counts beside each filter, and suggestions as the
 * user types. Every one reads only active listings; bad parameters are a 422 naming them.
 */
export function searchRoutes(app: FastifyInstance): Promise<void> {
  const engine = searchEngineOf(app.db, app.hasDecorator('readCaches') ? app.readCaches : undefined);
  const { categories } = app.catalogue;
  const places = new PlacesRepository(app.db);
  const resolve = (request: FastifyRequest) => resolveSearch(categories, queryOf(request), request.locale);
  // Results are read afresh every time; the counts and suggestions are kept until a listing changes
  // (decision 043). Without the read caches' listener they are kept for seconds and may still name a
  // listing moderation took down (issue 29): this process forgets them at once, any other within
  // their few seconds.
  const forget = () => Promise.resolve(engine.forgetRecentAnswers());
  app.events.on('moderation.listing-removed', 'after-commit', forget);
  app.events.on('moderation.user-suspended', 'after-commit', forget);

  route(app, SEARCH_ROUTES.results, {}, (request) =>
    resultsPage({ engine, categories }, queryOf(request), request.locale),
  );

  route(app, SEARCH_ROUTES.facets, {}, async (request) => {
    const { search, category } = await resolve(request);
    const all = await categories.list(request.locale);
    const enumKeys = (category?.attributes ?? [])
      .filter((attribute) => attribute.filterable && attribute.type === 'enum')
      .map((attribute) => attribute.key);
    const { categoryCounts, ...facets } = await engine.facets(search, enumKeys, request.locale);
    const children = all.filter((candidate) => candidate.parent_id === (category?.id ?? null));
    const countUnder = async (id: number) =>
      (await categories.withDescendants(id)).reduce((sum, each) => sum + (categoryCounts.get(each) ?? 0), 0);
    return {
      data: {
        ...facets,
        categories: await Promise.all(
          children.map(async (child) => ({ slug: child.slug, name: child.name, count: await countUnder(child.id) })),
        ),
      },
    };
  });

  route(app, SEARCH_ROUTES.suggestions, {}, async (request) => {
    const { params } = await resolve(request);
    const text = params.q;
    if (text === undefined) throw ValidationError.forField('q', problem('search.suggestionsNeedText'));
    const all = await categories.list(request.locale);
    const lower = text.toLocaleLowerCase();
    const named = all
      .filter((category) => category.name.toLocaleLowerCase().includes(lower))
      .slice(0, 3)
      .map(({ slug, name }) => ({ slug, name }));
    const { titles, categoryCounts } = await engine.suggestions(text);
    const inCategories = categoryCounts.flatMap(([id, count]) => {
      const found = all.find((category) => category.id === id);
      return found ? [{ slug: found.slug, name: found.name, count }] : [];
    });
    return { data: { titles, categories: named, in_categories: inCategories } };
  });

  route(app, SEARCH_ROUTES.place, {}, async (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    const user = request.user;
    return { data: (user && (await places.homeCityCentre(user.id, request.locale))) ?? null };
  });

  return Promise.resolve();
}
