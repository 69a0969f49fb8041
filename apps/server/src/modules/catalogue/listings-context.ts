import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventBus } from '../../events/unit-of-work';
import type { MediaStorage } from '../../plugins/storage';
import type { CategoriesRepository } from './categories-repository';
import type { ListingRules } from './listing-values';
import type { ListingsRepository } from './listings-repository';
import { API_MESSAGES, message, type User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import type { ListingRow } from './listings-repository';

export interface ListingsServiceOptions {
  db: Kysely<Database>;
  storage: MediaStorage;
  categories: CategoriesRepository;
  log: FastifyBaseLogger;
  events: DomainEventBus;
}

/** What every use case of a listing works with. */
export interface ListingsContext extends ListingsServiceOptions {
  listings: ListingsRepository;
  rules: ListingRules;
}

export const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/** The seller's listing, locked for this transaction; 404 for anyone else's. */
export async function ownRow(
  ctx: ListingsContext,
  trx: Kysely<Database>,
  seller: User,
  id: number,
): Promise<ListingRow> {
  const row = await ctx.listings.findRow(id, trx, { forUpdate: true });
  if (!row || row.seller_id !== seller.id || row.status === 'removed') throw notFound();
  return row;
}
