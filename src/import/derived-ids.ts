import type { FingerprintSet } from "./fingerprint-set.js";
import { isValid, type OutcomeSource, type RowOutcome } from "./row-outcomes.js";
import { duplicateRowError, type RowContext } from "./row-validator.js";

/**
 * The duplicate check of derived ids, made on the thread that takes a parse worker's outcomes,
 * for files without an id column (every id is then derived from the natural key). It is the
 * check validateRow makes with `checkDerivedIds`, moved: the same set, the same file order
 * (outcomes arrive in it), the same message; a repeated row becomes a rejected one.
 *
 * Why move it: the worker is the slower of the two threads of a large import and the writing
 * thread waits for it, so work taken off the worker shortens the import (bench/NOTES.md).
 * Only derived ids move: explicit ids are
 * checked even on rows with other problems, which only the worker sees whole.
 *
 * A repeated row never carries a building to create: its first occurrence names the same
 * building, was valid, and so planned it first.
 */
export function checkDerivedIds(
  source: OutcomeSource,
  ids: FingerprintSet,
  ctx: Pick<RowContext, "columns">,
): OutcomeSource {
  async function* chunks(): AsyncGenerator<readonly RowOutcome[], void, undefined> {
    for await (const chunk of source.chunks) {
      yield chunk.map((outcome) => {
        if (!isValid(outcome)) return outcome;
        const first = ids.addDerived(outcome.input.id, outcome.line);
        if (first === 0) return outcome;
        return {
          line: outcome.line,
          cells: outcome.cells,
          errors: [duplicateRowError(outcome.line, first, ctx)],
        };
      });
    }
  }
  return { chunks: chunks(), bytesRead: () => source.bytesRead() };
}
