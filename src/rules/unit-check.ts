/** Whether a quantity's unit suits a category: a check of every consumption and invoice line. */
import type { Category } from "../core/model/category.js";
import { convertQuantity, findUnit, isNaturalGasCategory } from "../engine/units.js";

/** Answers per category and spelling: imports repeat the same few pairs a million times. */
const answers = new Map<string, Map<string, string | null>>();
const MAX_SPELLINGS = 1000;

function check(unit: string, category: Category): string | null {
  const target = category.defaultUnit;
  if (target === null) return null;
  const naturalGas = isNaturalGasCategory(category.code);
  if (convertQuantity(1, unit, target, { naturalGas }).ok) return null;
  const dimension = findUnit(target)?.dimension ?? "unit";
  if (findUnit(unit) === undefined) {
    return `unknown unit "${unit}" for category ${category.code} (${dimension}, e.g. ${target})`;
  }
  return `unit "${unit}" cannot be used for category ${category.code} (${dimension}, e.g. ${target})`;
}

/**
 * Why a quantity in `unit` cannot be recorded against `category` (the unit is unknown or does
 * not convert to the category's default unit; natural gas also converts volume <-> energy), or
 * undefined when it can.
 */
export function unitProblem(unit: string, category: Category): string | undefined {
  let known = answers.get(category.id);
  if (known === undefined) {
    known = new Map();
    answers.set(category.id, known);
  }
  let answer = known.get(unit);
  if (answer === undefined) {
    answer = check(unit, category);
    if (known.size >= MAX_SPELLINGS) known.clear();
    known.set(unit, answer);
  }
  return answer ?? undefined;
}
