import type { Scope } from "../core/model/common.js";

/** What a summary needs to know about a subcategory. */
export interface CategoryInfo {
  readonly code: string;
  readonly name: string;
  readonly scope: Scope;
  /** The subcategory's parent category (`stationary_combustion`). */
  readonly parentCode: string;
  readonly parentName: string;
  readonly defaultUnit: string | null;
}

export interface SummaryLookups {
  category(id: string): CategoryInfo | undefined;
  buildingName(id: string): string | undefined;
}

/** Inclusive calendar days `YYYY-MM-DD`; figures are clipped to it, prorated by day. */
export interface SummaryWindow {
  readonly from?: string;
  readonly to?: string;
}

/** Orders tuples element by element: numbers numerically, strings by code point. */
export function compareTuples(
  a: readonly (number | string)[],
  b: readonly (number | string)[],
): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y || x === undefined || y === undefined) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}
