import type { MarketBasis } from "../../core/model/emission.js";
import type { GwpSet, ResolutionStep } from "../../core/model/factor.js";
import { NOTHING_PER_UNIT } from "../../engine/awaiting-lines.js";
import type { Calculation, CalculationLine } from "../../engine/emission-lines.js";

/** A row of `emission_provenance` as the reads load it. */
export interface ProvenanceRow {
  /** Null while the location basis awaits a factor (a scope 2 row priced market-based only). */
  readonly factorId: string | null;
  readonly factorSource: string | null;
  readonly factorYear: number | null;
  readonly factorUnit: string | null;
  readonly factorValue: number | null;
  readonly resolution: ResolutionStep | null;
  readonly gwpSet: GwpSet | null;
  readonly geography: string | null;
  readonly marketFactorId: string | null;
  readonly marketBasis: MarketBasis | null;
  readonly marketResolution: ResolutionStep | null;
  readonly marketGeography: string | null;
  readonly marketFactorYear: number | null;
  readonly marketGwpSet: GwpSet | null;
  readonly libraryVersion: string | null;
  /** JSON of the calculation's lines; null for a row written before lines (one direct line). */
  readonly lines: string | null;
}

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
export function legacyCalculation(row: ProvenanceRow | null, version?: string | null): Calculation {
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
