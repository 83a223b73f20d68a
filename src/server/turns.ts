/**
 * Requests take turns: one starts per turn of the event loop. Node accepts one waiting
 * connection per turn of its loop, after running the work of every request that turn read; a
 * store that answers synchronously (SQLite) makes a turn as long as all of that work, so under
 * many busy connections a new one (a health probe, a client connecting) waited for dozens of
 * such turns. Started one at a time, each request's work is a turn of its own, and the loop
 * polls its sockets between two of them.
 */
/** Started requests the queue drops from its head at once. */
const COMPACT_AFTER = 1024;

export class Turns {
  readonly #waiting: (() => void)[] = [];
  #next = 0;
  #scheduled = false;

  /** Resolves at this request's turn: the next turn of the loop with no request before it. */
  take(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#next >= this.#waiting.length) return;
    this.#scheduled = true;
    setImmediate(this.#turn);
  }

  readonly #turn = (): void => {
    this.#scheduled = false;
    const start = this.#waiting[this.#next];
    this.#next += 1;
    if (this.#next >= this.#waiting.length || this.#next >= COMPACT_AFTER) {
      this.#waiting.splice(0, this.#next);
      this.#next = 0;
    }
    start?.();
    this.#schedule();
  };
}
