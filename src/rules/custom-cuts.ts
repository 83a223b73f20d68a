import type { StoredCustomFactor } from "../core/model/factor.js";
import type { DerivedSpec } from "../engine/emission-lines.js";
import { validityCuts } from "../engine/validity-cuts.js";
import type { StoredCategory } from "./store.js";

const NO_CUTS: readonly string[] = [];

/**
 * Where a company's custom factors cut its consumptions of a subcategory (those of the
 * subcategory and of the lines it derives), worked out once per cache key (a company, or an
 * input's factor) and subcategory. A company whose factors cut no year (none, or each valid over
 * whole years) costs a consumption one map lookup.
 */
export class CustomCuts {
  readonly #factorsOf: (companyRef: number, inputFactorId: string | null) => StoredCustomFactor[];
  readonly #derivedOf: (category: StoredCategory) => readonly DerivedSpec<StoredCategory>[];
  /** key -> subcategory ref -> cuts; null: the key's factors cut nothing. */
  readonly #byKey = new Map<number, Map<number, readonly string[]> | null>();

  constructor(
    factorsOf: (companyRef: number, inputFactorId: string | null) => StoredCustomFactor[],
    derivedOf: (category: StoredCategory) => readonly DerivedSpec<StoredCategory>[],
  ) {
    this.#factorsOf = factorsOf;
    this.#derivedOf = derivedOf;
  }

  /** The cuts of a consumption of `category` under `key` (sorted days `YYYY-MM-DD`). */
  of(
    key: number,
    companyRef: number,
    inputFactorId: string | null,
    category: StoredCategory,
  ): readonly string[] {
    let byCategory = this.#byKey.get(key);
    if (byCategory === undefined) {
      const any = validityCuts(this.#factorsOf(companyRef, inputFactorId)).length > 0;
      byCategory = any ? new Map() : null;
      this.#byKey.set(key, byCategory);
    }
    if (byCategory === null) return NO_CUTS;
    let cuts = byCategory.get(category.ref);
    if (cuts === undefined) {
      const ids = new Set([category.id, ...this.#derivedOf(category).map((s) => s.category.id)]);
      const factors = this.#factorsOf(companyRef, inputFactorId);
      cuts = validityCuts(factors.filter((factor) => ids.has(factor.categoryId)));
      byCategory.set(category.ref, cuts.length === 0 ? NO_CUTS : cuts);
    }
    return cuts;
  }

  clear(): void {
    this.#byKey.clear();
  }
}
