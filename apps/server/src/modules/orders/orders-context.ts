import { message } from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import type { DomainEventBus } from '../../events/unit-of-work';
import { HttpError } from '../../plugins/errors';

export type OrderRow = Selectable<OrdersTable>;

/** What every use case of the orders module works with. */
export interface OrdersContext {
  db: Kysely<Database>;
  /** Each change runs as a unit of work on it; what follows an order's step listens (docs/decisions/029). */
  events: DomainEventBus;
  log: FastifyBaseLogger;
}

export const notFound = () => new HttpError(404, message('api.notFound'));

export const conflict = (text: Parameters<typeof message>[0], values?: Parameters<typeof message>[1]) =>
  new HttpError(409, message(text, values));

export const roleOf = (order: { buyer_id: number; seller_id: number }, userId: number) =>
  order.buyer_id === userId ? ('buyer' as const) : order.seller_id === userId ? ('seller' as const) : null;

export const lockOrder = (trx: Kysely<Database>, id: number) =>
  trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** The order's audit row: who took which step from which state to which, and what it carried. */
export async function recordStep(
  trx: Kysely<Database>,
  step: {
    orderId: number;
    actorId: number | null;
    action: string;
    from: OrderRow['status'] | null;
    to: OrderRow['status'];
    now: Date;
    data: Record<string, string | number | null>;
    clientKey?: string | null;
  },
): Promise<number> {
  const row = await trx
    .insertInto('order_events')
    .values({
      order_id: step.orderId,
      actor_id: step.actorId,
      action: step.action,
      from_status: step.from,
      to_status: step.to,
      data: JSON.stringify(step.data),
      client_key: step.clientKey ?? null,
      created_at: step.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
