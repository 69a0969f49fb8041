/** The notifications module's domain events (docs/decisions/029). */
declare module '../../events/unit-of-work' {
  interface DomainEvents {
    /**
     * A user turned their "News and offers" e-mail on or off (the settings page, or one-click
     * unsubscribe): that switch is the newsletter's list (decision 037), which the newsletter
     * module writes in this transaction.
     */
    'notifications.news-email-changed': { userId: number; enabled: boolean };
  }
}

export {};
