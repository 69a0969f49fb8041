/**
 * Answers kept for a few seconds, by question: the same suggestion prefix or facet counts asked
 * again, by the same person typing or by everyone who opens the same category, are read from
 * here instead of the database. Questions asked again while the first is being answered wait
 * for that answer (one query, not twenty). A failed answer is not kept. The oldest entries go
 * first once `size` are kept.
 */
export class RecentAnswers<T> {
  private readonly entries = new Map<string, { at: number; answer: Promise<T> }>();

  constructor(
    private readonly keepMs: number,
    private readonly size: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Nothing kept is answered again: the next question of each kind asks the database. */
  forget(): void {
    this.entries.clear();
  }

  get(question: string, answer: () => Promise<T>): Promise<T> {
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
}
