/**
 * Grid loss fractions: parameters, not emission factors (eGRID's "Grid Gross Loss", the share of
 * a grid's electricity lost in transmission and distribution). They price a T&D losses line
 * where no T&D factor of the consumption's geography exists (docs/factor-library.md#derived-lines).
 */
export interface LossFraction {
  readonly key: string;
  /** A grid region (`US-CAMX`) or a country (`US`). */
  readonly country: string;
  readonly year: number;
  /** A fraction: 0.042 is 4.2 % of the electricity lost. */
  readonly value: number;
  readonly source: string;
  readonly sourceRef: string;
}

/** The key of eGRID's grid gross loss rows in `fixtures/factors/extra/egrid-2023-subregions.csv`. */
export const GRID_GROSS_LOSS_KEY = "electricity_grid_gross_loss";

/**
 * The loss fraction rows of a factor file parsed with `columns: true`: rows of `key` with their
 * `parameter_value`. A row without a fraction between 0 and 1 throws: the file is shipped data.
 */
export function lossFractionsFromCsvRows(
  rows: readonly Record<string, string>[],
  key: string = GRID_GROSS_LOSS_KEY,
): LossFraction[] {
  const result: LossFraction[] = [];
  for (const row of rows) {
    if ((row.key ?? "").trim() !== key) continue;
    const value = Number((row.parameter_value ?? "").trim());
    const year = Number((row.year ?? "").trim());
    const country = (row.country ?? "").trim().toUpperCase();
    if (!(value > 0 && value < 1) || !Number.isInteger(year) || country === "") {
      throw new Error(`${key} row of ${country || "no country"}: expected a fraction and a year`);
    }
    result.push({
      key,
      country,
      year,
      value,
      source: (row.source ?? "").trim(),
      sourceRef: (row.source_ref ?? "").trim(),
    });
  }
  return result;
}

/**
 * The fraction for a consumption, by the factors' rules (src/engine/resolve.ts): the region,
 * then its country (`US-CAMX`, then `US`); the consumption's year, else the nearest earlier
 * year, never a later one. Undefined when none applies.
 */
export function resolveLossFraction(
  fractions: readonly LossFraction[],
  key: string,
  country: string | null,
  year: number,
): LossFraction | undefined {
  for (const code of countryChain(country)) {
    let best: LossFraction | undefined;
    for (const fraction of fractions) {
      if (fraction.key !== key || fraction.country !== code || fraction.year > year) continue;
      if (best === undefined || fraction.year > best.year) best = fraction;
    }
    if (best !== undefined) return best;
  }
  return undefined;
}

/** `US-CAMX` -> [`US-CAMX`, `US`]; `ES` -> [`ES`]; null -> []. */
export function countryChain(country: string | null): string[] {
  if (country === null) return [];
  const code = country.trim().toUpperCase();
  if (code === "") return [];
  const dash = code.indexOf("-");
  return dash > 0 ? [code, code.slice(0, dash)] : [code];
}
