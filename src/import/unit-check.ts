import type { Category } from "../core/model/category.js";
import {
  canonicalUnitName,
  convertQuantity,
  findUnit,
  isNaturalGasCategory,
} from "../engine/units.js";

/**
 * Is a unit known, and can a quantity in it be converted to the category's default unit
 * (natural gas: volume <-> energy too)? Answers are cached per (category, spelling): a file
 * repeats the same few pairs millions of times.
 */

export type UnitCheck =
  | {
      readonly ok: true;
      /** canonical name, as units.csv spells it, with a stated heating value (`kWh_ncv`) */
      readonly unit: string;
    }
  | { readonly ok: false; readonly message: string };

/** Category id ("" for none) -> unit spelling -> answer. */
const cache = new Map<string, Map<string, UnitCheck>>();
const MAX_SPELLINGS = 1_000;

/** What a unit check needs of a category. */
type UnitCategory = Pick<Category, "id" | "code" | "defaultUnit">;

function check(text: string, category: UnitCategory | undefined): UnitCheck {
  const unit = findUnit(text);
  if (unit === undefined) {
    return {
      ok: false,
      message: `unknown unit "${text}"; use a unit such as kWh, MWh, l, m3, kg, t or km`,
    };
  }
  const target = category?.defaultUnit ?? null;
  // kWh_ncv keeps its heating value: it decides which factor prices the quantity.
  const name = canonicalUnitName(text) ?? unit.name;
  if (category === undefined || target === null) return { ok: true, unit: name };
  const conversion = convertQuantity(1, unit.name, target, {
    naturalGas: isNaturalGasCategory(category.code),
  });
  if (conversion.ok) return { ok: true, unit: name };
  const dimension = findUnit(target)?.dimension ?? "another dimension";
  return {
    ok: false,
    message: `unit "${text}" cannot be used for category ${category.code} (${dimension}, e.g. ${target})`,
  };
}

/** Checks `text` as the unit of a quantity of `category` (undefined: only that it is known). */
export function checkUnit(text: string, category: UnitCategory | undefined): UnitCheck {
  const key = category?.id ?? "";
  let answers = cache.get(key);
  if (answers === undefined) {
    answers = new Map();
    cache.set(key, answers);
  }
  let result = answers.get(text);
  if (result === undefined) {
    result = check(text, category);
    if (answers.size >= MAX_SPELLINGS) answers.clear();
    answers.set(text, result);
  }
  return result;
}
