import type { Validity } from "../core/model/factor.js";
import type { RecalculationScope } from "./store.js";

/** A custom factor as it was or is: its subcategory (the store's key) and its validity. */
export interface FactorReach {
  readonly categoryRef: number;
  readonly validity: Validity;
}

/**
 * The stored emissions of a company a custom factor moves (the consumptions of these
 * subcategories that have a day in one of these periods): the driver recalculates them.
 */
export type FactorScope = Required<
  Pick<RecalculationScope, "companyRef" | "categoryRefs" | "periods">
>;

/**
 * The stored emissions a custom factor's creation, change or deletion can move: the company's
 * consumptions of its subcategory (before and after a change), and of the subcategories whose
 * scope 3 category 3 lines it prices (`sourcesOf`: the shipped derivation rules), that have a
 * day in its validity (before or after).
 */
export function customFactorScope(
  companyRef: number,
  reach: readonly FactorReach[],
  sourcesOf: (categoryRef: number) => readonly number[],
): FactorScope {
  const refs = new Set<number>();
  for (const { categoryRef } of reach) {
    refs.add(categoryRef);
    for (const source of sourcesOf(categoryRef)) refs.add(source);
  }
  return {
    companyRef,
    categoryRefs: [...refs],
    periods: reach.map((factor) => factor.validity),
  };
}
