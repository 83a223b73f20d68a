/**
 * The arithmetic of what an import did (ImportCounts): every engine, the server's batch route
 * and the import pipeline count rows and add batches up through these, so a new count is added
 * in one place.
 */
import type { UpsertOutcome } from "./model/consumption.js";
import type { ImportCounts, ScopeTotals } from "./ports/consumptions.js";

export function zeroScopeTotals(): ScopeTotals {
  return { "1": 0, "2": 0, "3": 0 };
}

export function zeroImportCounts(): ImportCounts {
  return {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    awaitingFactor: 0,
    co2eByScope: zeroScopeTotals(),
  };
}

/** The key of a scope in ScopeTotals. */
export function scopeKey(scope: 1 | 2 | 3): keyof ScopeTotals {
  switch (scope) {
    case 1:
      return "1";
    case 2:
      return "2";
    case 3:
      return "3";
  }
}

/** Adds `counts` (one batch) into `total`. */
export function addImportCounts(total: ImportCounts, counts: ImportCounts): void {
  total.inserted += counts.inserted;
  total.updated += counts.updated;
  total.unchanged += counts.unchanged;
  total.awaitingFactor += counts.awaitingFactor;
  total.co2eByScope["1"] += counts.co2eByScope["1"];
  total.co2eByScope["2"] += counts.co2eByScope["2"];
  total.co2eByScope["3"] += counts.co2eByScope["3"];
  for (const key of ["outcomeUnknown", "emissionUnknown"] as const) {
    const added = counts[key] ?? 0;
    if (added > 0) total[key] = (total[key] ?? 0) + added;
  }
}

/**
 * Counts one row's emission: awaiting a factor, or its co2e (null counts as 0) added to its
 * scope's total.
 */
export function countEmission(
  counts: ImportCounts,
  scope: keyof ScopeTotals,
  awaiting: boolean,
  co2e: number | null | undefined,
): void {
  if (awaiting) counts.awaitingFactor += 1;
  else counts.co2eByScope[scope] += co2e ?? 0;
}

/** Counts one row: its outcome and its emission (see countEmission). */
export function countRow(
  counts: ImportCounts,
  outcome: UpsertOutcome,
  scope: keyof ScopeTotals,
  awaiting: boolean,
  co2e: number | null | undefined,
): void {
  counts[outcome] += 1;
  countEmission(counts, scope, awaiting, co2e);
}

/** A copy of `counts`, or zero counts when nothing was stored (`undefined`). */
export function storedCounts(counts: ImportCounts | undefined): ImportCounts {
  if (counts === undefined) return zeroImportCounts();
  return { ...counts, co2eByScope: { ...counts.co2eByScope } };
}
