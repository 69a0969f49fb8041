import type { Connection } from './connection';

interface Delivery {
  /** Encoded once for all recipients rather than once per socket. */
  message: Buffer;
  recipients: Connection[];
  next: number;
}

/** Sends per turn of the event loop: a broadcast to many yields between slices, so HTTP requests keep flowing. */
const SENDS_PER_SLICE = 1000;

/**
 * Fans messages out in the order they were published. Small broadcasts go out at once; a large
 * one is sent in slices, and anything published meanwhile waits its turn, so no connection ever
 * sees two events out of order.
 */
export class DeliveryQueue {
  private readonly pending: Delivery[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  private draining = false;

  /** Queues `message` for everyone in `recipients` (a snapshot: later subscribers do not get it). */
  enqueue(message: string, recipients: Iterable<Connection>, except?: Connection): void {
    const list: Connection[] = [];
    for (const connection of recipients) if (connection !== except) list.push(connection);
    if (list.length === 0) return;
    this.pending.push({ message: Buffer.from(message), recipients: list, next: 0 });
    if (!this.scheduled && !this.draining) this.drain();
  }

  get idle(): boolean {
    return this.pending.length === 0;
  }

  clear(): void {
    this.pending.length = 0;
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
  }

  private drain = (): void => {
    this.scheduled = undefined;
    this.draining = true;
    try {
      let budget = SENDS_PER_SLICE;
      let delivery = this.pending[0];
      while (delivery && budget > 0) {
        const end = Math.min(delivery.recipients.length, delivery.next + budget);
        for (let index = delivery.next; index < end; index += 1) delivery.recipients[index]?.sendRaw(delivery.message);
        budget -= end - delivery.next;
        delivery.next = end;
        if (end === delivery.recipients.length) this.pending.shift();
        delivery = this.pending[0];
      }
    } finally {
      this.draining = false;
    }
    if (this.pending.length > 0) this.scheduled = setImmediate(this.drain);
  };
}
