/**
 * Recommended inputs drawn from the category tree and the factor library (docs/inputs.md): for
 * a country, every subcategory of a type's branch of the tree that resolves to a factor there.
 * Nothing is listed by hand: a subcategory or a factor row added to the library shows up here.
 */

import type { Category } from "../../core/model/category.js";
import type { Page } from "../../core/model/common.js";
import { DEFAULT_PAGE_LIMIT } from "../../core/model/common.js";
import type { ResolvedFactor } from "../../core/model/factor.js";
import {
  type RecommendedInput,
  type RecommendedInputType,
  recommendedInputTypes,
} from "../../core/model/recommended-input.js";
import { wasteTreatments } from "../../core/model/waste-operator.js";
import type { FactorsPort } from "../../core/ports/factors.js";
import type { RecommendedQuery } from "../../core/ports/inputs.js";
import type { ReadOnlyPortOf } from "../../core/resource-types.js";
import { findUnit } from "../../engine/units.js";

/** Which subcategories of the tree each type takes, by their parent category and unit. */
const branches: Readonly<
  Record<RecommendedInputType, (parent: string, subcategory: Category) => boolean>
> = {
  // A supplier of grid electricity: the subcategories whose market-based factor is a supplier's
  // (not EV charging per km, nor Ember's life-cycle intensities).
  provider: (parent, sub) => parent === "purchased_electricity" && sub.marketFactorKey !== null,
  heat: (parent) => parent === "purchased_heat_steam_cooling",
  // Fuels burnt, not distances driven (the vehicle_distance_* subcategories are in km).
  fuel: (parent, sub) =>
    (parent === "stationary_combustion" || parent === "mobile_combustion") &&
    sub.defaultUnit !== "km",
  // Waste by mass (Cat 5 also holds wastewater, in m3).
  waste: (parent, sub) => parent === "s3_05_waste" && sub.defaultUnit === "t",
};

/** A waste subcategory's route, read from its code (`waste_<route>_<material>`). */
function routeOf(type: RecommendedInputType, code: string): string | null {
  if (type !== "waste") return null;
  return wasteTreatments.find((route) => code.startsWith(`waste_${route}_`)) ?? null;
}

function factorOf(factor: ResolvedFactor) {
  const { key, country, year, unit, co2e, source } = factor;
  return { key, country, year, unit, co2e, source };
}

/** Every recommended input of the country, in type order then the tree's order. */
/** What recommendations read: the category tree, and factor resolution. */
export interface RecommendationParts {
  readonly categories: ReadOnlyPortOf<"categories">;
  readonly factors: Pick<FactorsPort, "resolve">;
}

export async function allRecommendedInputs(
  parts: RecommendationParts,
  country: string,
  types: readonly RecommendedInputType[],
  year: number,
): Promise<RecommendedInput[]> {
  const tree = (await parts.categories.list({})).data;
  const codeOf = new Map(tree.map((category) => [category.id, category.code]));
  const items: RecommendedInput[] = [];
  for (const type of recommendedInputTypes.filter((t) => types.includes(t))) {
    for (const sub of tree) {
      if (sub.level !== "subcategory" || sub.parentId === null) continue;
      if (!branches[type](codeOf.get(sub.parentId) ?? "", sub)) continue;
      const resolved = await parts.factors.resolve({ category: sub.code, country, year });
      // An input the library cannot price in the country is not recommended.
      if (resolved.location === null) continue;
      // The factor's unit when it is not the default one under another name (l and litre).
      const name = (unit: string) => findUnit(unit)?.name ?? unit;
      const units = [sub.defaultUnit, resolved.location.unit].filter(
        (unit, index, all): unit is string =>
          unit !== null && all.findIndex((u) => u !== null && name(u) === name(unit)) === index,
      );
      items.push({
        id: `${type}:${sub.code}`,
        type,
        code: sub.code,
        name: sub.name,
        categoryId: sub.id,
        country,
        units,
        route: routeOf(type, sub.code),
        factor: factorOf(resolved.location),
        marketFactor:
          resolved.market === null || resolved.marketBasis === "location_fallback"
            ? null
            : factorOf(resolved.market),
      });
    }
  }
  return items;
}

/** One page of the recommended inputs (the current UTC year's factors, or the latest before). */
export async function recommendInputs(
  parts: RecommendationParts,
  query: RecommendedQuery,
  year: number = new Date().getUTCFullYear(),
): Promise<Page<RecommendedInput>> {
  const types =
    query.types === undefined || query.types.length === 0 ? recommendedInputTypes : query.types;
  const all = await allRecommendedInputs(parts, query.country, types, year);
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  return {
    data: all.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: all.length },
  };
}
