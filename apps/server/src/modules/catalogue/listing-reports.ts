import { API_MESSAGES, message, type ListingReportValues, type User } from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEventBus } from '../../events/unit-of-work';
import { HttpError } from '../../plugins/errors';
import { PUBLIC } from './listing-lifecycle';

/**
 * Reports of listings by the people who see them, kept for moderation: `listing.reported` tells the
 * staff's queue (modules/moderation), and a line in the log names the listing and how many reports
 * it has. The seller is never told who reported them.
 */
export class ListingReports {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly events: DomainEventBus,
  ) {}

  /**
   * Records `reporter`'s report of listing `id`: 404 when they may not see it, 409 for their own
   * listing or a second report of the same one. Returns how many people have reported it.
   */
  async report(reporter: User, id: number, { reason, details }: ListingReportValues): Promise<number> {
    const listing = await this.db
      .selectFrom('listings')
      .select(['seller_id', 'status', 'hidden_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    const isSeller = listing?.seller_id === reporter.id;
    const hidden = !isSeller && (!PUBLIC.includes(listing?.status ?? 'removed') || listing?.hidden_at != null);
    if (!listing || listing.status === 'removed' || hidden) {
      throw new HttpError(404, message(API_MESSAGES.notFound));
    }
    if (isSeller) throw new HttpError(409, message('report.own'));
    const text = details?.trim() ?? '';
    await this.events.run(async (unit) => {
      const inserted = await unit.db
        .insertInto('listing_reports')
        .values({ listing_id: id, reporter_id: reporter.id, reason, details: text === '' ? null : text })
        .onConflict((conflict) => conflict.constraint('listing_reports_once').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new HttpError(409, message('report.already'));
      await unit.emit('listing.reported', { listingId: id });
    });
    const { reports } = await this.db
      .selectFrom('listing_reports')
      .select((eb) => eb.fn.countAll<string>().as('reports'))
      .where('listing_id', '=', id)
      .executeTakeFirstOrThrow();
    this.log.warn({ listing_id: id, reason, reports: Number(reports) }, 'listing reported');
    return Number(reports);
  }
}
