import type { Validity } from "../../core/model/factor.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import { shippedDerivationRules } from "./line-data.js";
import type { RecalculationScope } from "./recalculate.js";

/** A custom factor as it was or is: its subcategory and its validity. */
export interface FactorReach {
  readonly categoryRef: number;
  readonly validity: Validity;
}

/**
 * The stored emissions a custom factor's creation, change or deletion can move: the company's
 * consumptions of its subcategory (before and after a change), and of the subcategories whose
 * scope 3 category 3 lines it prices, that have a day in its validity (before or after).
 */
export function customFactorScope(
  catalog: CategoryCatalog,
  companyRef: number,
  reach: readonly FactorReach[],
): RecalculationScope {
  const refs = new Set<number>();
  for (const { categoryRef } of reach) {
    refs.add(categoryRef);
    const category = catalog.byRef(categoryRef);
    if (category === undefined) continue;
    for (const source of shippedDerivationRules().sourcesOf(category.code)) {
      const from = catalog.find(source);
      if (from !== undefined) refs.add(from.ref);
    }
  }
  return {
    companyRef,
    categoryRefs: [...refs],
    periods: reach.map((factor) => factor.validity),
  };
}
