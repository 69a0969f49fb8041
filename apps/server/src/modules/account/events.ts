/** The account module's domain events (docs/decisions/029). */
declare module '../../events/unit-of-work' {
  interface DomainEvents {
    /**
     * An account is being deleted (decision 026), in the transaction that deletes it, after its
     * confirmation e-mail was queued and before its row is erased: each module removes or erases
     * what it keeps of the user, and nothing else.
     */
    'account.deleting': { userId: number; at: Date };
    /**
     * A user's e-mail address changed, in the transaction that changes it: what is kept by address
     * follows it (the newsletter's list, decision 040). `from` and `to` as the users table held them.
     */
    'account.email-changed': { userId: number; from: string; to: string };
  }
}

export {};
