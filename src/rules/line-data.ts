import type { DerivationRules } from "../engine/derived-lines.js";
import type { DerivedSpec } from "../engine/emission-lines.js";
import { type LossFraction, resolveLossFraction } from "../engine/loss-fractions.js";
import type { PricingData, StoredCategory } from "./store.js";

/**
 * What lines need besides resolutions: which lines each subcategory derives (with the
 * subcategories that price them, worked out once each), the grid loss fractions, and the
 * biogenic CO2 of library factors. None of it changes at run time.
 */
export class LineData {
  readonly #data: PricingData;
  readonly #rules: () => DerivationRules;
  readonly #derived = new Map<number, readonly DerivedSpec<StoredCategory>[]>();

  /** `rules`: the derivation rules (src/shipped/derivation-rules.ts), read on first need. */
  constructor(data: PricingData, rules: () => DerivationRules) {
    this.#data = data;
    this.#rules = rules;
  }

  /** The lines a consumption of this subcategory derives, in rule order. */
  derivedOf(category: StoredCategory): readonly DerivedSpec<StoredCategory>[] {
    let specs = this.#derived.get(category.ref);
    if (specs === undefined) {
      specs = this.#rules()
        .of(category.code)
        .map((rule) => {
          const derived = this.#data.category(rule.derivedCategory);
          if (derived === undefined || derived.level !== "subcategory" || derived.scope !== 3) {
            throw new Error(
              `derivation rules: ${rule.derivedCategory} is not a scope 3 subcategory of the database`,
            );
          }
          return { rule, category: derived };
        });
      this.#derived.set(category.ref, specs);
    }
    return specs;
  }

  lossFraction(key: string, country: string | null, year: number): LossFraction | undefined {
    return resolveLossFraction(this.#data.lossFractions(), key, country, year);
  }

  /**
   * The biogenic CO2 of a library factor in the current release, or in `releaseRef` (a pinned
   * recalculation): the table keeps every release's version of a factor, and a release may give
   * one where an older gave none.
   */
  biogenicOf(factorId: string, releaseRef?: number): number | null {
    return this.#data.biogenic(releaseRef).get(factorId) ?? null;
  }
}
