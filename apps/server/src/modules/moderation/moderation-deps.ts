import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEventBus } from '../../events/unit-of-work';
import type { NotifyIn } from './moderation-notices';

/** What moderation's use cases work with (the plugin makes it from the app). */
export interface ModerationDeps {
  db: Kysely<Database>;
  events: DomainEventBus;
  notify: NotifyIn;
  /** Deletes every session of the user in the transaction; answers what closes their sockets once it has committed. */
  endSessions: (trx: Kysely<Database>, userId: number) => Promise<() => void>;
}
