/**
 * A natural-gas bill's own conversion factor: Spanish and French bills print the kWh (gross CV,
 * PCS) each m3 of the period held, from the gas's measured calorific value and the meter's
 * pressure and temperature. A consumption in a volume unit that carries it is that many kWh,
 * instead of the volume at the DESNZ gross CV of units.csv.
 */
import { convertQuantity, findUnit, isNaturalGasCategory } from "./units.js";

/** The kWh (gross CV) of a natural-gas volume at its bill's kWh per m3, else undefined. */
export function billedEnergy(
  quantity: number,
  unit: string,
  categoryCode: string,
  kwhPerM3: number | null | undefined,
): number | undefined {
  if (kwhPerM3 === null || kwhPerM3 === undefined || !isNaturalGasCategory(categoryCode)) {
    return undefined;
  }
  const cubicMetres = convertQuantity(quantity, unit, "m3");
  return cubicMetres.ok ? cubicMetres.value * kwhPerM3 : undefined;
}

/** The unit a consumption resolves its factor with: `kWh` when its bill's kWh per m3 applies. */
export function billedEnergyUnit(
  unit: string,
  categoryCode: string,
  kwhPerM3: number | null | undefined,
): string {
  return billedEnergy(1, unit, categoryCode, kwhPerM3) === undefined ? unit : "kWh";
}

/** Why a consumption of this category and unit cannot carry a bill's kWh per m3, else undefined. */
export function kwhPerM3Problem(unit: string, categoryCode: string): string | undefined {
  if (!isNaturalGasCategory(categoryCode)) {
    return `kwhPerM3 converts a natural-gas volume to energy; category ${categoryCode} is not natural gas: leave it empty`;
  }
  if (findUnit(unit)?.dimension !== "volume") {
    return `kwhPerM3 converts a volume to energy; the quantity is in ${unit}, not a volume such as m3: leave it empty`;
  }
  return undefined;
}
