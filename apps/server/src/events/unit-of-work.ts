import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The domain events of the whole server, by name. Each module adds its own by declaration merging
 * in its `events.ts`, so this file knows none of them and no module needs to know who listens:
 *
 *   declare module '../../events/unit-of-work' {
 *     interface DomainEvents { 'order.accepted': OrderStepEvent }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface DomainEvents {}
export type DomainEventName = keyof DomainEvents;

/**
 * When a listener runs: inside the transaction that emitted the event, so what it writes (a history
 * row, a system line, a notification) commits or rolls back with the change; or after that
 * transaction has committed, for what leaves the database (real time, caches).
 */
export type ListenerPhase = 'in-transaction' | 'after-commit';

export type InTransactionListener<E extends DomainEventName> = (
  event: DomainEvents[E],
  unit: UnitOfWork,
) => Promise<void>;
export type AfterCommitListener<E extends DomainEventName> = (event: DomainEvents[E]) => Promise<void>;

interface Registered {
  inTransaction: InTransactionListener<DomainEventName>[];
  afterCommit: AfterCommitListener<DomainEventName>[];
}

/**
 * One request's work: a transaction, and the events it emits. In-transaction listeners run at
 * `emit` with this unit (they write through `unit.db`); after-commit listeners and `afterCommit`
 * work run once the transaction has committed, in the order they were added, and never if it rolled
 * back.
 */
export class UnitOfWork {
  private readonly queue: (() => Promise<void>)[] = [];

  constructor(
    /** The transaction: every write of the unit goes through it. */
    readonly db: Transaction<Database>,
    private readonly bus: DomainEventBus,
  ) {}

  async emit<E extends DomainEventName>(name: E, event: DomainEvents[E]): Promise<void> {
    const { inTransaction, afterCommit } = this.bus.listenersOf(name);
    for (const listener of inTransaction) await listener(event, this);
    for (const listener of afterCommit) this.queue.push(() => listener(event));
  }

  /** Runs `work` once the unit has committed (a real-time push, a cache to drop). */
  afterCommit(work: () => Promise<void>): void {
    this.queue.push(work);
  }

  /** @internal The work queued for after the commit, taken once. */
  takeQueue(): (() => Promise<void>)[] {
    return this.queue.splice(0);
  }
}

/**
 * Who listens to which domain event. Modules subscribe when the app is built (their plugin); a
 * module that causes something emits it and never learns who hears it.
 */
export class DomainEventBus {
  private readonly listeners = new Map<DomainEventName, Registered>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  on<E extends DomainEventName>(name: E, phase: 'in-transaction', listener: InTransactionListener<E>): void;
  on<E extends DomainEventName>(name: E, phase: 'after-commit', listener: AfterCommitListener<E>): void;
  on<E extends DomainEventName>(
    name: E,
    phase: ListenerPhase,
    listener: InTransactionListener<E> | AfterCommitListener<E>,
  ): void {
    const registered = this.listenersOf(name);
    if (phase === 'in-transaction') registered.inTransaction.push(listener as InTransactionListener<DomainEventName>);
    else registered.afterCommit.push(listener as AfterCommitListener<DomainEventName>);
  }

  /** @internal */
  listenersOf(name: DomainEventName): Registered {
    let registered = this.listeners.get(name);
    if (!registered) {
      registered = { inTransaction: [], afterCommit: [] };
      this.listeners.set(name, registered);
    }
    return registered;
  }

  /**
   * Runs `work` as one unit of work: in a transaction, with its events told to their listeners;
   * what waits for the commit runs after it. A failure there is logged, never thrown: the change
   * has committed, and a page that missed a push catches up from the API.
   */
  async run<T>(work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    let unit: UnitOfWork | undefined;
    const result = await this.db.transaction().execute(async (trx) => {
      unit = new UnitOfWork(trx, this);
      return work(unit);
    });
    for (const job of unit?.takeQueue() ?? []) {
      await job().catch((error: unknown) => this.log.error({ err: error }, 'work after commit failed'));
    }
    return result;
  }
}
