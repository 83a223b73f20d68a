/**
 * The calculations stored records read as: a record's lines, or the one direct
 * line of a record written before lines. Each record is decoded once and remembered while the
 * store keeps it (its lines' JSON is parsed once, not once per consumption naming it).
 */
import { NOTHING_PER_UNIT } from "../engine/awaiting-lines.js";
import type { Calculation, CalculationLine } from "../engine/emission-lines.js";
import type { CalculationRecord, CalculationRecords } from "./store.js";

/** One direct line over the whole period, whose figures are the consumption row's. */
function directLine(provenance: CalculationLine["provenance"]): CalculationLine {
  return {
    kind: "direct",
    category: null,
    year: null,
    provenance,
    perUnit: NOTHING_PER_UNIT,
    biogenicCo2: null,
    lossFraction: null,
  };
}

/**
 * The calculation a stored row reads as: its lines (JSON, written by the calculation store), or
 * for a row written before lines its one calculated direct line. `null` is a consumption stored
 * awaiting a factor before lines: one direct line awaiting, of the library `version` (the one in
 * use at the upgrade).
 */
export function legacyCalculation(
  row: CalculationRecord | null,
  version?: string | null,
): Calculation {
  if (row === null) {
    return {
      libraryVersion: version ?? "unknown",
      lines: [
        directLine({
          status: "awaiting_factor",
          factorId: null,
          factorSource: null,
          factorYear: null,
          factorUnit: null,
          factorValue: null,
          resolution: null,
          gwpSet: null,
          geography: null,
          marketStatus: null,
          marketFactorId: null,
          marketBasis: null,
          marketResolution: null,
          marketGeography: null,
          marketFactorYear: null,
          marketGwpSet: null,
        }),
      ],
    };
  }
  const libraryVersion = row.libraryVersion ?? "unknown";
  if (row.lines !== null) {
    // A parsed boundary: the calculation store wrote it from a Calculation's lines.
    return { libraryVersion, lines: JSON.parse(row.lines) as CalculationLine[] };
  }
  return {
    libraryVersion,
    lines: [
      directLine({
        status: row.factorId === null ? "awaiting_factor" : "calculated",
        factorId: row.factorId,
        factorSource: row.factorSource,
        factorYear: row.factorYear,
        factorUnit: row.factorUnit,
        factorValue: row.factorValue,
        resolution: row.resolution,
        gwpSet: row.gwpSet,
        geography: row.geography,
        // A row before lines carried the scope 2 market factor it had; the record says which.
        marketStatus: row.marketFactorId === null ? null : "calculated",
        marketFactorId: row.marketFactorId,
        marketBasis: row.marketBasis,
        marketResolution: row.marketResolution,
        marketGeography: row.marketGeography,
        marketFactorYear: row.marketFactorYear,
        marketGwpSet: row.marketGwpSet,
      }),
    ],
  };
}

/** Records decoded, by the record the store answered (a reloaded record is a new object). */
const decoded = new WeakMap<CalculationRecord, Calculation>();
/** What a consumption stored awaiting a factor before records reads as, by library version. */
const awaiting = new Map<string | null, Calculation>();

/**
 * The calculation of a consumption whose record is `ref` among `records`. A null ref is a
 * consumption stored awaiting a factor before calculation records existed: one direct line,
 * awaiting.
 */
export function storedCalculation(records: CalculationRecords, ref: number | null): Calculation {
  if (ref === null) {
    const version = records.legacyLibraryVersion;
    let calculation = awaiting.get(version);
    if (calculation === undefined) {
      calculation = legacyCalculation(null, version);
      awaiting.set(version, calculation);
    }
    return calculation;
  }
  const record = records.get(ref);
  if (record === undefined) throw new Error(`calculation ref ${ref} is not loaded`);
  let calculation = decoded.get(record);
  if (calculation === undefined) {
    calculation = legacyCalculation(record);
    decoded.set(record, calculation);
  }
  return calculation;
}
