import type { ReadCache } from '../../db/read-cache';

/**
 * Answers kept by question: the same suggestion prefix or facet counts asked again, by the same
 * person typing or by everyone who opens the same category, are read from here instead of the
 * database. Questions asked again while the first is being answered wait for that answer (one
 * query, not twenty). A failed answer is not kept.
 *
 * With a `shared` read cache (decision 043) an answer is kept until a write to the listings
 * notifies every process (migration 0036), and a fill that an invalidation overtook is neither
 * stored nor shared with later questions. While that cache cannot answer (READ_CACHES=false, the
 * listener down) answers are kept for `keepMs` only, as before it: the oldest go first once
 * `size` are kept.
 */
export class RecentAnswers<T> {
  private readonly entries = new Map<string, { at: number; answer: Promise<T> }>();
  /** Fills of the shared cache under way, each with the epoch it began in. */
  private readonly filling = new Map<string, { ticket: number; answer: Promise<T> }>();

  constructor(
    private readonly keepMs: number,
    private readonly size: number,
    private readonly now: () => number = Date.now,
    private readonly shared?: { cache: ReadCache<T>; tags: readonly string[] },
  ) {}

  /** Nothing kept is answered again: the next question of each kind asks the database. */
  forget(): void {
    this.entries.clear();
    this.filling.clear();
  }

  get(question: string, answer: () => Promise<T>): Promise<T> {
    const ticket = this.shared?.cache.ticket() ?? -1;
    if (this.shared && ticket >= 0) return this.fromShared(this.shared, question, answer, ticket);
    const kept = this.entries.get(question);
    if (kept && this.now() - kept.at < this.keepMs) return kept.answer;
    const fresh = answer();
    this.entries.delete(question);
    this.entries.set(question, { at: this.now(), answer: fresh });
    fresh.catch(() => {
      if (this.entries.get(question)?.answer === fresh) this.entries.delete(question);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.size) break;
      this.entries.delete(oldest);
    }
    return fresh;
  }

  private fromShared(
    { cache, tags }: { cache: ReadCache<T>; tags: readonly string[] },
    question: string,
    answer: () => Promise<T>,
    ticket: number,
  ): Promise<T> {
    const kept = cache.get(question);
    if (kept !== undefined) return Promise.resolve(kept);
    const under = this.filling.get(question);
    if (under && under.ticket === ticket) return under.answer;
    const fresh = answer();
    const fill = { ticket, answer: fresh };
    this.filling.set(question, fill);
    const done = () => {
      if (this.filling.get(question) === fill) this.filling.delete(question);
    };
    fresh.then((value) => {
      cache.set(question, tags, value, ticket);
      done();
    }, done);
    return fresh;
  }
}
