import { API_MESSAGES, message, type ListingReportValues, type User } from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { PUBLIC } from './listing-lifecycle';

/**
 * Reports of listings by the people who see them. Each is kept for moderation (there is no
 * moderators' screen yet: a warning in the log names the listing and how many reports it has).
 * The seller is never told who reported them.
 */
export class ListingReports {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Records `reporter`'s report of listing `id`: 404 when they may not see it, 409 for their own
   * listing or a second report of the same one. Returns how many people have reported it.
   */
  async report(reporter: User, id: number, { reason, details }: ListingReportValues): Promise<number> {
    const listing = await this.db
      .selectFrom('listings')
      .select(['seller_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    const isSeller = listing?.seller_id === reporter.id;
    if (!listing || listing.status === 'removed' || (!isSeller && !PUBLIC.includes(listing.status))) {
      throw new HttpError(404, message(API_MESSAGES.notFound));
    }
    if (isSeller) throw new HttpError(409, message('report.own'));
    const text = details?.trim() ?? '';
    const inserted = await this.db
      .insertInto('listing_reports')
      .values({ listing_id: id, reporter_id: reporter.id, reason, details: text === '' ? null : text })
      .onConflict((conflict) => conflict.constraint('listing_reports_once').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new HttpError(409, message('report.already'));
    const { reports } = await this.db
      .selectFrom('listing_reports')
      .select((eb) => eb.fn.countAll<string>().as('reports'))
      .where('listing_id', '=', id)
      .executeTakeFirstOrThrow();
    this.log.warn({ listing_id: id, reason, reports: Number(reports) }, 'listing reported');
    return Number(reports);
  }
}
