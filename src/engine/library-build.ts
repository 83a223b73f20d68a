/**
 * The factor library of a release, built from the shipped files (docs/factor-library.md, "How
 * the extra files are loaded"): the base file, then the extra files in order. Pure: the caller
 * reads and parses the files. Every row ends up either as a factor or in `accounted`, with why.
 */
import type { EmissionFactor } from "../core/model/factor.js";
import {
  type FactorCsvRow,
  isBiogenicOnly,
  isParameter,
  libraryKeyOf,
  variantOf,
  withVariant,
} from "./library-keys.js";
import { explicitGwpSet, factorFromRow, isEnergyUnit } from "./library-rows.js";

/** A parsed factor file: its path under fixtures/factors and its rows in file order. */
export interface LibraryFile {
  readonly file: string;
  readonly rows: readonly FactorCsvRow[];
}

export const accountedReasons = [
  "parameter",
  "biogenic_folded",
  "biogenic_not_folded",
  "duplicate",
  "superseded",
] as const;
export type AccountedReason = (typeof accountedReasons)[number];

/** A row of a file that is not a factor of the library, and why. */
export interface AccountedRow {
  readonly file: string;
  /** The row's line in its CSV file (the header is line 1). */
  readonly line: number;
  readonly key: string;
  readonly country: string;
  readonly year: string;
  readonly unit: string;
  readonly reason: AccountedReason;
  /** The factor it was folded into or duplicates (its id), if any. */
  readonly factorId: string | null;
  readonly detail: string;
}

export interface BuiltLibrary {
  readonly factors: readonly EmissionFactor[];
  readonly accounted: readonly AccountedRow[];
}

/**
 * Base rows a later source supersedes, with why: the resolver takes the first of two rows of one
 * key, country, year and unit, so keeping both would leave one unreachable.
 */
export const SUPERSEDED: readonly {
  readonly key: string;
  readonly country: string;
  readonly years: readonly number[];
  readonly sourceStart: string;
  readonly reason: string;
}[] = [
  {
    key: "electricity_grid",
    country: "FR",
    years: [2023, 2024],
    sourceStart: "EEA",
    reason:
      "France's grid factor is ADEME Base Carbone's consumption mix for every year 2019-2024 (the national reference, one method for the whole series)",
  },
  {
    key: "electricity_residual_mix",
    country: "ES",
    years: [2023, 2024],
    sourceStart: "AIB",
    reason:
      "Spain's residual mix is MITECO's 'Mix sin GdO', listed first for the same years (the national figure; MITECO also gives 2007-2022)",
  },
];

/** Added to a net-CV row's priority: more rows than any release's files hold. */
export const NET_CV_OFFSET = 1_000_000;

interface Candidate {
  readonly file: string;
  readonly line: number;
  /** The row's place among every row of the release's files, in order. */
  readonly position: number;
  readonly row: FactorCsvRow;
  factor: EmissionFactor;
}

const cell = (row: FactorCsvRow, column: string): string => (row[column] ?? "").trim();

/**
 * A row as a factor of a release: as library-rows.ts reads it, with two corrections of what the
 * base file says: MITECO's figures use AR6 GWPs (its calculator's V29 change log: "Se modifican
 * los valores de PCA ... Sexto Informe"; its PCA table has CH4 27.9, N2O 273), and EPA's HHV
 * and LHV are the gross and net calorific bases of rows per unit of energy.
 */
export function libraryFactor(row: FactorCsvRow, key?: string): EmissionFactor {
  const factor = factorFromRow(row, 0, key);
  const miteco =
    explicitGwpSet(cell(row, "gwp_set")) === undefined && factor.source.startsWith("MITECO");
  const heatingValue =
    factor.calorificBasis !== null || !isEnergyUnit(factor.unit)
      ? factor.calorificBasis
      : /\bHHV\b/.test(factor.basis)
        ? "gross"
        : /\bLHV\b/.test(factor.basis)
          ? "net"
          : null;
  if (miteco) factor.gwpSet = "AR6";
  factor.calorificBasis = heatingValue;
  return factor;
}

/** Two bases that differ only by the source element they cite ("(ADEME id 34634)"). */
const sameBasis = (a: string, b: string): boolean =>
  a.replace(/ \(ADEME id \d+\)/, "") === b.replace(/ \(ADEME id \d+\)/, "");

function accountedOf(
  file: string,
  line: number,
  row: FactorCsvRow,
  reason: AccountedReason,
  factorId: string | null,
  detail: string,
): AccountedRow {
  return {
    file,
    line,
    key: cell(row, "key"),
    country: cell(row, "country"),
    year: cell(row, "year"),
    unit: cell(row, "activity_unit"),
    reason,
    factorId,
    detail,
  };
}

function supersededReason(file: string, row: FactorCsvRow): string | undefined {
  if (!file.endsWith("emission-factors.csv")) return undefined;
  return SUPERSEDED.find(
    (s) =>
      s.key === cell(row, "key") &&
      s.country === cell(row, "country") &&
      s.years.includes(Number(cell(row, "year"))) &&
      cell(row, "source").startsWith(s.sourceStart),
  )?.reason;
}

/** What makes two factors compete in a resolution: key, country, year, unit, scope, CV basis. */
function slotOf(f: EmissionFactor): string {
  return [f.key, f.country ?? "", f.year, f.unit, f.scope, f.calorificBasis ?? ""].join("|");
}

const sameValues = (a: EmissionFactor, b: EmissionFactor): boolean =>
  a.co2e === b.co2e &&
  a.co2 === b.co2 &&
  a.ch4 === b.ch4 &&
  a.n2o === b.n2o &&
  a.biogenicCo2 === b.biogenicCo2;

export function buildLibrary(files: readonly LibraryFile[]): BuiltLibrary {
  const accounted: AccountedRow[] = [];
  const candidates: Candidate[] = [];
  const biogenic: { file: string; line: number; row: FactorCsvRow }[] = [];

  let position = 0;
  for (const { file, rows } of files) {
    const stationary = new Set(
      rows
        .filter((r) => cell(r, "category") === "Stationary combustion")
        .map((r) => cell(r, "key")),
    );
    rows.forEach((source, index) => {
      const line = index + 2;
      position += 1;
      if (isParameter(source)) {
        accounted.push(
          accountedOf(file, line, source, "parameter", null, "a T&D loss fraction (calc-lines)"),
        );
        return;
      }
      if (isBiogenicOnly(source)) {
        biogenic.push({ file, line, row: source });
        return;
      }
      const superseded = supersededReason(file, source);
      if (superseded !== undefined) {
        accounted.push(accountedOf(file, line, source, "superseded", null, superseded));
        return;
      }
      const factor = libraryFactor(source, libraryKeyOf(file, source, stationary));
      candidates.push({ file, line, position: position - 1, row: source, factor });
    });
  }

  const kept = separateVariants(candidates, accounted);
  foldBiogenic(kept, biogenic, accounted);
  // Priority is the row's place in the files, so a row keeps it from release to release;
  // net-CV rows rank after every other (the first of equals wins a resolution).
  const factors = kept.map((c) => {
    c.factor.priority = c.position + (c.factor.calorificBasis === "net" ? NET_CV_OFFSET : 0);
    return c.factor;
  });
  factors.sort((a, b) => a.priority - b.priority);
  return { factors, accounted };
}

/**
 * Rows competing for one slot: a later row with the same figures is a duplicate (within one
 * file, only with the same basis too); within one file a later row with another basis is a
 * variant and gets its own key (the part of its basis the first row's lacks); across files
 * other figures are a bug in the data (a rule must say which wins).
 */
function separateVariants(
  candidates: readonly Candidate[],
  accounted: AccountedRow[],
): Candidate[] {
  const firstOf = new Map<string, Candidate>();
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    const slot = slotOf(candidate.factor);
    const first = firstOf.get(slot);
    if (first === undefined) {
      firstOf.set(slot, candidate);
      kept.push(candidate);
      continue;
    }
    const sameFile = first.file === candidate.file;
    // Within a file, another basis is another variant even with equal figures (wet and dry wood
    // chips burn alike; their upstream differs, and the pair must keep matching keys).
    const duplicate =
      sameValues(first.factor, candidate.factor) &&
      (!sameFile || sameBasis(first.factor.basis, candidate.factor.basis));
    if (duplicate) {
      accounted.push(
        accountedOf(
          candidate.file,
          candidate.line,
          candidate.row,
          "duplicate",
          first.factor.id,
          `the same figures as ${first.file} line ${first.line}`,
        ),
      );
      continue;
    }
    if (!sameFile) {
      throw new Error(
        `${candidate.file} line ${candidate.line} (${slot}) competes with ${first.file} line ${first.line}: say which wins`,
      );
    }
    const variant = variantOf(first.factor.basis, candidate.factor.basis);
    const key = withVariant(candidate.factor.key, variant);
    if (variant === "" || firstOf.has(slotOf({ ...candidate.factor, key }))) {
      throw new Error(
        `${candidate.file} line ${candidate.line}: no distinct variant key for ${slot}`,
      );
    }
    const variantCandidate = { ...candidate, factor: libraryFactor(candidate.row, key) };
    firstOf.set(slotOf(variantCandidate.factor), variantCandidate);
    kept.push(variantCandidate);
  }
  return kept;
}

/**
 * A biogenic row's figure goes to the factor of its fuel: the key without `_biogenic_co2` (or
 * its own key, for EPA's mobile biofuels), same country, year, unit and calorific basis (the
 * biogenic rows state none, so only a row without one takes it). The factor's own figure, when
 * it has one, must agree; a row whose fuel has no such factor is reported, not folded.
 */
function foldBiogenic(
  kept: Candidate[],
  biogenic: readonly { file: string; line: number; row: FactorCsvRow }[],
  accounted: AccountedRow[],
): void {
  const bySlot = new Map<string, Candidate[]>();
  for (const candidate of kept) {
    const f = candidate.factor;
    const slot = [f.key, f.country ?? "", f.year, f.unit].join("|");
    const same = bySlot.get(slot);
    if (same === undefined) bySlot.set(slot, [candidate]);
    else same.push(candidate);
  }
  for (const { file, line, row } of biogenic) {
    const key = cell(row, "key").replace(/_biogenic_co2$/, "");
    const value = Number(cell(row, "kgco2_biogenic_per_unit"));
    const slot = [key, cell(row, "country"), cell(row, "year"), cell(row, "activity_unit")].join(
      "|",
    );
    const targets = (bySlot.get(slot) ?? []).filter((c) => c.factor.calorificBasis === null);
    const target = targets[0];
    if (targets.length !== 1 || target === undefined) {
      const why =
        (bySlot.get(slot) ?? []).length > 0
          ? "its fuel's rows of this unit state a calorific basis and this row states none"
          : "the library has no row of its fuel for this country, year and unit";
      accounted.push(accountedOf(file, line, row, "biogenic_not_folded", null, why));
      continue;
    }
    const own = target.factor.biogenicCo2;
    if (own !== null && own !== value) {
      throw new Error(
        `${file} line ${line}: biogenic ${value} disagrees with ${own} on its factor`,
      );
    }
    target.factor.biogenicCo2 = value;
    accounted.push(
      accountedOf(
        file,
        line,
        row,
        "biogenic_folded",
        target.factor.id,
        `into ${target.file} line ${target.line}`,
      ),
    );
  }
}
