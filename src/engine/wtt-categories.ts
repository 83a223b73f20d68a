/**
 * The well-to-tank lines of every fuel the library has (docs/factor-library.md "Derived lines"):
 * generated from the library by `npm run factors:generate` into fixtures/factors/wtt-categories.csv
 * (the scope 3 category 3 subcategories) and fixtures/factors/wtt-lines.csv (which subcategory
 * derives which), so they stay in step with the data. Deterministic: the same library and tree
 * give the same rows in the same order.
 */
import { categoryId } from "../core/ids.js";
import type { EmissionFactor } from "../core/model/factor.js";
import type { DerivationRule, DerivationRules } from "./derived-lines.js";
import {
  type CategoryLine,
  defaultUnitOf,
  isDerivedLineKey,
  nameOf,
} from "./library-categories.js";

/** What the generator reads of a category of the tree. */
export interface TreeCategory {
  readonly code: string;
  readonly level: string;
  readonly scope: number;
  readonly parentId: string | null;
  readonly factorKey: string | null;
}

export interface GeneratedWtt {
  /** Subcategories under `s3_03_fuel_energy_related`, one per well-to-tank key no other prices. */
  readonly categories: readonly CategoryLine[];
  /** `wtt` rules of the fuel subcategories derived-lines.csv gives no `wtt` line. */
  readonly rules: readonly DerivationRule[];
}

const CATEGORY_3 = "s3_03_fuel_energy_related";

/** The library's well-to-tank key of a fuel key: DESNZ's and ADEME's `<fuel key>_wtt`. */
export const wttKeyOf = (fuelKey: string): string => `${fuelKey}_wtt`;

/**
 * For each key of the library's category 3 lines (`isDerivedLineKey`) that no category 3
 * subcategory of the tree prices, in library order, a subcategory: code = the key (or
 * `<key>_scope3` when the code is taken), parent `s3_03_fuel_energy_related`, name and default
 * unit as for the other generated subcategories. Then, in tree order, each subcategory of key K
 * (not itself of category 3) whose `K_wtt` some category 3 subcategory prices, and that
 * `handRules` gives no `wtt` line, derives its `wtt` line from it. A generated subcategory that
 * no fuel derives (a fuel the library has only the upstream of) is recorded like any other.
 */
export function generateWttLines(
  factors: readonly EmissionFactor[],
  tree: readonly TreeCategory[],
  handRules: DerivationRules,
): GeneratedWtt {
  const category3 = categoryId(CATEGORY_3);
  const codes = new Set(tree.map((c) => c.code));
  const isCategory3 = (c: TreeCategory) =>
    c.level === "subcategory" && c.scope === 3 && c.parentId === category3;
  /** The category 3 subcategory pricing each key: categories.csv's first, then generated ones. */
  const pricedBy = new Map<string, string>();
  for (const c of tree) {
    if (isCategory3(c) && c.factorKey !== null && !pricedBy.has(c.factorKey)) {
      pricedBy.set(c.factorKey, c.code);
    }
  }
  const groups = new Map<string, EmissionFactor[]>();
  for (const factor of [...factors].sort((a, b) => a.priority - b.priority)) {
    if (!isDerivedLineKey(factor) || pricedBy.has(factor.key)) continue;
    groups.set(factor.key, [...(groups.get(factor.key) ?? []), factor]);
  }
  const categories: CategoryLine[] = [];
  for (const [key, rows] of groups) {
    const code = codes.has(key) ? `${key}_scope3` : key;
    if (codes.has(code)) throw new Error(`generated category code ${code} is taken`);
    codes.add(code);
    pricedBy.set(key, code);
    categories.push({
      level: "subcategory",
      code,
      parent: CATEGORY_3,
      scope: 3,
      name: nameOf(rows),
      defaultUnit: defaultUnitOf(rows),
      factorKey: key,
      marketFactorKey: "",
    });
  }
  const rules: DerivationRule[] = [];
  for (const c of tree) {
    if (c.level !== "subcategory" || c.factorKey === null || isCategory3(c)) continue;
    const derivedCategory = pricedBy.get(wttKeyOf(c.factorKey));
    if (derivedCategory === undefined) continue;
    if (handRules.of(c.code).some((rule) => rule.line === "wtt")) continue;
    rules.push({ category: c.code, line: "wtt", derivedCategory, lossFractionKey: null });
  }
  return { categories, rules };
}
