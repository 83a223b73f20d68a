/** The slot of a consumption's resolution in the calculator's cache (resolution-cache.ts). */
import { billedEnergyUnit } from "../engine/billed-energy.js";
import { stretchKey } from "../engine/validity-cuts.js";
import type { StoredCategory } from "./store.js";

/** A cache slot within the stretch of the year holding `day`, when the year has validity cuts. */
export function stretchSlot(
  slotKey: string,
  cuts: readonly string[],
  day: string,
  year: number,
): string {
  const stretch = stretchKey(cuts, day, year);
  return stretch === "" ? slotKey : `${slotKey}|${stretch}`;
}

/**
 * The unit a consumption resolves its factors in, and its cache slot: a gas volume with its
 * bill's kWh per m3 is priced as that energy (resolved as kWh), in a slot of its own per value.
 */
export function resolvedUnit(target: {
  readonly category: StoredCategory;
  readonly unit: string;
  readonly kwhPerM3?: number | null;
}): { unit: string; slotKey: string } {
  const kwhPerM3 = target.kwhPerM3 ?? null;
  if (kwhPerM3 === null) return { unit: target.unit, slotKey: target.unit };
  const unit = billedEnergyUnit(target.unit, target.category.code, kwhPerM3);
  return { unit, slotKey: `${target.unit}|${kwhPerM3} kWh/m3` };
}
