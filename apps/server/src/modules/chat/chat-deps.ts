import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEventBus } from '../../events/unit-of-work';
import type { PhotoStore } from '../media';

/** What the chat's use cases work with (ChatService holds one). */
export interface ChatDeps {
  db: Kysely<Database>;
  /** Changes run as units of work on it; the plugin tells real time of their events (events.ts). */
  events: DomainEventBus;
  photos: PhotoStore;
}
