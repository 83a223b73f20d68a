import type { CarbonService } from "../core/service.js";
import type { JournalContents } from "./journal.js";

/**
 * Before `--resume` skips the rows its journal says the server confirmed, it asks the server:
 * the address may now lead to another server (another instance id), or the server's database
 * may have been restored from a backup that lacks the last rows (a sample of the journaled ids
 * is looked up; a backup loses the most recent ones first). On any doubt nothing is skipped:
 * every row is sent again, which is harmless (upserts by id) and says why.
 */

/** The last ids journaled: the first a restored backup lacks. */
const RECENT = 16;
/**
 * The tail where rows confirmed together may be journaled out of commit order (8 batches of 500
 * in flight, answered in any order), looked up every TAIL_STRIDE ids so each batch is sampled.
 */
const TAIL = 4000;
const TAIL_STRIDE = 100;
/** Ids looked up evenly over the rest of the journal. */
const SPREAD = 24;

export interface ResumePlan {
  /** Ids not sent again. */
  readonly skip: ReadonlySet<string>;
  /** Why nothing is skipped although the journal has confirmed rows. */
  readonly refused: string | undefined;
}

/** The ids of `ids` (in journal order) to look up: at most about 80, the most recent first. */
export function sampleIds(ids: readonly string[]): string[] {
  const picked = new Set<string>();
  const take = (at: number): void => {
    const id = ids[at];
    if (id !== undefined) picked.add(id);
  };
  const count = ids.length;
  for (let at = count - 1; at >= Math.max(0, count - RECENT); at -= 1) take(at);
  for (let at = count - 1; at >= Math.max(0, count - TAIL); at -= TAIL_STRIDE) take(at);
  const rest = Math.max(0, count - TAIL);
  for (let step = 0; step < SPREAD && rest > 0; step += 1) take(Math.floor((step * rest) / SPREAD));
  return [...picked];
}

function rows(count: number): string {
  return count === 1 ? "1 row" : `${count} rows`;
}

/** What `--resume` may skip of `journal`, having asked `service` (whose instance is `instanceId`). */
export async function planResume(
  service: CarbonService,
  journal: JournalContents,
  instanceId: string | undefined,
  apiUrl: string,
): Promise<ResumePlan> {
  if (journal.ids.length === 0 && journal.removed.length === 0) {
    return { skip: new Set(), refused: undefined };
  }
  const journaled = rows(new Set(journal.ids).size);
  if (journal.instanceId !== undefined && journal.instanceId !== instanceId) {
    const now = instanceId === undefined ? "announces none" : `is ${instanceId}`;
    return {
      skip: new Set(),
      refused: `the server at ${apiUrl} is not the one that confirmed the ${journaled} of the journal (its instance was ${journal.instanceId} and now ${now})`,
    };
  }
  const sample = sampleIds(journal.ids);
  const stored = await service.consumptions.storedIds(sample);
  const missing = sample.filter((id) => !stored.has(id)).length;
  if (missing > 0) {
    return {
      skip: new Set(),
      refused: `${missing} of ${rows(sample.length)} the journal says the server stored are not on the server at ${apiUrl} (was its database restored from a backup?)`,
    };
  }
  // Removals are not sampled (the server no longer has them by design) but are skipped too.
  return { skip: new Set([...journal.ids, ...journal.removed]), refused: undefined };
}
