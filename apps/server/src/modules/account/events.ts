/** The account module's domain events (docs/decisions/029). */
declare module '../../events/unit-of-work' {
  interface DomainEvents {
    /**
     * An account is being deleted (decision 026), in the transaction that deletes it, after its
     * confirmation e-mail was queued and before its row is erased: each module removes or erases
     * what it keeps of the user, and nothing else.
     */
    'account.deleting': { userId: number; at: Date };
  }
}

export {};
