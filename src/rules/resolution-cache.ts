/**
 * Resolution entries by category|country|year|unit|company, looked up once per emission (a
 * million times in a large import). Nested maps on the parts themselves: numbers, and strings
 * that are the same few instances row after row (a building's country, a chunk's units), so no
 * key text is built and hashed per row, as a `${ref}|${country}|...` key would be.
 */
export class ResolutionCache<E> {
  /** company ref (-1: none) -> category ref * 65536 + year -> country -> unit -> entry */
  readonly #byCompany = new Map<number, Map<number, Map<string | null, Map<string, E>>>>();

  /** The unit -> entry map of the other parts (created empty when new). */
  slot(
    categoryRef: number,
    country: string | null,
    year: number,
    companyRef: number | null,
  ): Map<string, E> {
    const companyKey = companyRef ?? -1;
    let byCategoryYear = this.#byCompany.get(companyKey);
    if (byCategoryYear === undefined) {
      byCategoryYear = new Map();
      this.#byCompany.set(companyKey, byCategoryYear);
    }
    // Years are four digits (validated), so the sum never mixes two categories.
    const categoryYear = categoryRef * 65536 + year;
    let byCountry = byCategoryYear.get(categoryYear);
    if (byCountry === undefined) {
      byCountry = new Map();
      byCategoryYear.set(categoryYear, byCountry);
    }
    let byUnit = byCountry.get(country);
    if (byUnit === undefined) {
      byUnit = new Map();
      byCountry.set(country, byUnit);
    }
    return byUnit;
  }

  clear(): void {
    this.#byCompany.clear();
  }
}
