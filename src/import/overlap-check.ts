import type { Consumption, ConsumptionInput } from "../core/model/consumption.js";
import type { ImportSession } from "../core/ports/consumptions.js";
import type { ColumnMap } from "./columns.js";
import type { RowError } from "./types.js";

/**
 * Rows that overlap stored consumptions (src/engine/overlaps.ts): a corrected bill beside the
 * one it corrects. The session says which stored records each batch's rows overlap; such rows
 * are held back, since a stored record the file itself carries (its id is a row's, anywhere in
 * the file: re-importing a file whose rows overlap each other) is not overlapped but imported
 * again. Once every valid row went through `hold`, `settle` tells the rows that were clear after
 * all from the ones that overlap: those are row problems, or with --replace-overlapping the
 * stored records they overlap are removed in the same write.
 */

export interface CheckedRow {
  readonly input: ConsumptionInput;
  readonly line: number;
  readonly cells: readonly string[];
}

export interface OverlappingRow<R extends CheckedRow> {
  readonly row: R;
  /** The stored records it overlaps, none of them in the file. */
  readonly existing: readonly Consumption[];
}

export interface Settled<R extends CheckedRow> {
  /** Held rows whose overlapped records are all in the file: to write after all. */
  readonly clear: readonly R[];
  readonly overlapping: readonly OverlappingRow<R>[];
  /** The stored records the overlapping rows overlap, each once. */
  readonly replaced: readonly Consumption[];
}

export class OverlapCheck<R extends CheckedRow> {
  readonly #session: ImportSession;
  readonly #held: OverlappingRow<R>[] = [];

  constructor(session: ImportSession) {
    this.#session = session;
  }

  /** The rows that overlap nothing stored; the others are held until `settle`. */
  async hold(rows: readonly R[]): Promise<R[]> {
    if (rows.length === 0) return [];
    const overlaps = await this.#session.overlaps(rows.map((row) => row.input));
    if (overlaps.length === 0) return [...rows];
    const byRow = new Map<number, Consumption[]>();
    for (const { index, existing } of overlaps) {
      const list = byRow.get(index) ?? [];
      list.push(existing);
      byRow.set(index, list);
    }
    const clear: R[] = [];
    rows.forEach((row, index) => {
      const existing = byRow.get(index);
      if (existing === undefined) clear.push(row);
      else this.#held.push({ row, existing });
    });
    return clear;
  }

  async settle(): Promise<Settled<R>> {
    const clear: R[] = [];
    const overlapping: OverlappingRow<R>[] = [];
    const replaced = new Map<string, Consumption>();
    const carried = await this.#session.carried(this.#held.flatMap((held) => held.existing));
    for (const held of this.#held) {
      const existing = held.existing.filter((record) => !carried.has(record.id));
      if (existing.length === 0) {
        clear.push(held.row);
        continue;
      }
      overlapping.push({ row: held.row, existing });
      for (const record of existing) replaced.set(record.id.toLowerCase(), record);
    }
    return { clear, overlapping, replaced: [...replaced.values()] };
  }
}

function period(record: Consumption): string {
  return `${record.id} (${record.startDate.slice(0, 10)} to ${record.endDate.slice(0, 10)})`;
}

/** The row problem of a row that overlaps stored records, at its endDate column. */
export function overlapError(
  overlapping: OverlappingRow<CheckedRow>,
  columns: ColumnMap["columns"],
): RowError {
  const [first, ...more] = overlapping.existing;
  const them = more.length === 0 ? "it" : "them";
  const records = [first, ...more].flatMap((record) =>
    record === undefined ? [] : [period(record)],
  );
  return {
    line: overlapping.row.line,
    column: columns.endDate?.name ?? "endDate",
    message: `overlaps stored consumption${more.length === 0 ? "" : "s"} ${records.join(", ")} of the same building, category and entityId; --replace-overlapping replaces ${them} with this row (if both are real, give them different entityIds)`,
  };
}
