import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEventBus, UnitOfWork } from '../../events/unit-of-work';
import type { PhotoStore } from '../media';
import type { AddressMail, NotificationEvent, Notified } from '../notifications';
import type { FormTokens, TicketLinks } from './support-tokens';

/** What support's use cases work with (the plugin makes it from the app). */
export interface SupportDeps {
  db: Kysely<Database>;
  events: DomainEventBus;
  notify: (unit: UnitOfWork, event: NotificationEvent) => Promise<Notified>;
  mailTo: (unit: UnitOfWork, mail: AddressMail) => Promise<void>;
  links: TicketLinks;
  forms: FormTokens;
  photos: PhotoStore;
  /**
   * After a commit: the ticket's user is told their open page should ask again (`toUser`: only
   * for what they see, never a note or an assignment), and every open staff queue.
   */
  announce: (ticketId: number, toUser: number | null) => Promise<void>;
}
