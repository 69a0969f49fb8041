import type { Locale } from '@marketplace/contracts';

/** The users module's domain events (docs/decisions/029). */
declare module '../../events/unit-of-work' {
  interface DomainEvents {
    /** A new account exists (its row committed): the account module sends the link that proves its address. */
    'user.registered': { userId: number; locale: Locale };
  }
}

export {};
