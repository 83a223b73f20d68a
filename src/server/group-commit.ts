/**
 * Group commit for `POST /consumptions/batch`: the batches whose requests arrive while the
 * server is busy share one import session (one database transaction, one COMMIT) instead of
 * one each. A COMMIT of a write-ahead-logged SQLite database writes every page the transaction
 * dirtied, and a batch of random ids dirties one index page per row or so; batches committed
 * together share those pages (docs/remote.md, "Speed").
 *
 * Every guarantee of one batch per transaction stays:
 * - a batch is all or nothing: when a job fails, the whole transaction is rolled back (which
 *   also makes the engine forget what it cached of it), that batch gets its error, and the
 *   other batches of the group go back to the front of the queue, in order, to be written
 *   again in the next group (a bad batch is rare: imports validate before they send);
 * - jobs run in the order their requests arrived, each seeing the earlier ones' rows, so its
 *   counts, its scope checks (which read the stored consumptions and buildings inside the
 *   transaction) and the last-one-wins rule are what they would be one transaction each;
 * - no answer goes out before the COMMIT that stored its rows succeeded; a COMMIT that fails
 *   fails every job of the group.
 *
 * Jobs queued while a group is written go into the next group, at most MAX_GROUP_JOBS each.
 * Dry runs do not come here (their session rolls back).
 */

import type { ImportCounts, ImportSession } from "../core/ports/consumptions.js";
import type { CarbonService } from "../core/service.js";

/** Batches per transaction at most (500 rows each): bounds the wait of the first one. */
export const MAX_GROUP_JOBS = 16;

/** One batch's work inside the group's session: checks, then `session.write`. */
export type GroupJob = (session: ImportSession) => Promise<ImportCounts>;

interface Queued {
  readonly job: GroupJob;
  readonly resolve: (counts: ImportCounts) => void;
  readonly reject: (error: unknown) => void;
}

export class GroupCommitter {
  readonly #service: CarbonService;
  #queue: Queued[] = [];
  /** A group is scheduled or being written: new jobs wait for the next one. */
  #busy = false;

  constructor(service: CarbonService) {
    this.#service = service;
  }

  /** Runs `job` in the next group's session; resolves once that group is committed. */
  submit(job: GroupJob): Promise<ImportCounts> {
    return new Promise<ImportCounts>((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#schedule();
    });
  }

  /**
   * The group is written after the requests already read in this turn of the event loop were
   * parsed and queued (setImmediate runs after the poll phase), so they join it.
   */
  #schedule(): void {
    if (this.#busy || this.#queue.length === 0) return;
    this.#busy = true;
    setImmediate(() => {
      void this.#writeGroup().finally(() => {
        this.#busy = false;
        this.#schedule();
      });
    });
  }

  async #writeGroup(): Promise<void> {
    const group = this.#queue.slice(0, MAX_GROUP_JOBS);
    this.#queue = this.#queue.slice(group.length);
    let session: ImportSession;
    try {
      session = await this.#service.consumptions.openImport({ dryRun: false });
    } catch (error) {
      for (const queued of group) queued.reject(error);
      return;
    }
    const counts: ImportCounts[] = [];
    for (const [index, queued] of group.entries()) {
      try {
        counts.push(await queued.job(session));
      } catch (error) {
        await session.abort().catch(() => undefined);
        queued.reject(error);
        this.#queue = [...group.slice(0, index), ...group.slice(index + 1), ...this.#queue];
        return;
      }
    }
    try {
      await session.commit();
    } catch (error) {
      await session.abort().catch(() => undefined);
      for (const queued of group) queued.reject(error);
      return;
    }
    for (const [index, queued] of group.entries()) {
      const answer = counts[index];
      if (answer === undefined) queued.reject(new Error("a grouped batch has no counts"));
      else queued.resolve(answer);
    }
  }
}

const committers = new WeakMap<CarbonService, GroupCommitter>();

/** The committer of `service` (one per service: one connection, one transaction at a time). */
export function groupCommitterOf(service: CarbonService): GroupCommitter {
  let committer = committers.get(service);
  if (committer === undefined) {
    committer = new GroupCommitter(service);
    committers.set(service, committer);
  }
  return committer;
}
