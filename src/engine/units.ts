import {
  AMBIGUOUS_UNITS,
  type Dimension,
  UNIT_ALIASES,
  UNIT_TABLE,
  type UnitDef,
} from "./unit-table.js";

export type { Dimension, UnitDef };

const byName = new Map<string, UnitDef>(UNIT_TABLE.map((unit) => [unit.name, unit]));

/** Lower-case spelling -> unit. The first table row wins a clash (`l` before `L`: same unit). */
const byLowerName = new Map<string, UnitDef>();
for (const unit of UNIT_TABLE) {
  const lower = unit.name.toLowerCase();
  if (!byLowerName.has(lower)) byLowerName.set(lower, unit);
}
for (const [alias, name] of Object.entries(UNIT_ALIASES)) {
  const unit = byName.get(name);
  if (unit === undefined) throw new Error(`unit alias "${alias}" names unknown unit "${name}"`);
  byLowerName.set(alias, unit);
}

/** The heating value an energy quantity is stated on: gross (GCV, PCS, HHV) or net (NCV, PCI, LHV). */
export type CalorificBasis = "gross" | "net";

/**
 * An energy unit with the heating value it is stated on: `kWh_ncv`, `MWh_gcv`, `kWh (Net CV)`
 * (DESNZ's spelling), `kWh PCS` (French and Spanish bills), `GJ_lhv`. Case-insensitive.
 */
const BASIS_SUFFIX =
  /^(.*?[^\s_(])[\s_]*(?:\(\s*)?(gross cv|net cv|gcv|ncv|pcs|pci|hhv|lhv)(?:\s*\))?$/i;
const NET_SUFFIXES: ReadonlySet<string> = new Set(["net cv", "ncv", "pci", "lhv"]);

/** `kWh_ncv` -> { base: "kWh", basis: "net" }; a name without a basis suffix -> undefined. */
export function splitCalorificSuffix(
  name: string,
): { readonly base: string; readonly basis: CalorificBasis } | undefined {
  const match = BASIS_SUFFIX.exec(name.trim());
  if (match === null) return undefined;
  const [, base = "", suffix = ""] = match;
  return { base, basis: NET_SUFFIXES.has(suffix.toLowerCase()) ? "net" : "gross" };
}

function findPlainUnit(trimmed: string): UnitDef | undefined {
  const exact = byName.get(trimmed);
  if (exact !== undefined) return exact;
  const lower = trimmed.toLowerCase();
  if (lower in AMBIGUOUS_UNITS) return undefined;
  return byLowerName.get(lower);
}

/**
 * The unit a name stands for: a name of units.csv exactly, else case-insensitively (kwh, MWH,
 * gj...), else an unambiguous alias (litres, m³, tonnes, kgs, miles, therms...), else an energy
 * unit with a heating-value suffix (`kWh_ncv` is kWh; its basis: `calorificBasisOfUnit`).
 * Ambiguous names ("gal", "ton") and unknown ones give undefined.
 */
export function findUnit(name: string): UnitDef | undefined {
  const trimmed = name.trim();
  const plain = findPlainUnit(trimmed);
  if (plain !== undefined) return plain;
  const split = splitCalorificSuffix(trimmed);
  if (split === undefined) return undefined;
  const base = findPlainUnit(split.base);
  return base?.dimension === "energy" ? base : undefined;
}

/** Units of units.csv whose name states their heating value. */
const NAMED_BASES: Readonly<Record<string, CalorificBasis>> = {
  m3_natural_gas_gcv: "gross",
  m3_natural_gas_ncv: "net",
  scf_natural_gas_hhv: "gross",
};

/**
 * The heating value a quantity in this unit is stated on: the suffix's (`kWh_ncv`: net), the
 * name's (`m3_natural_gas_ncv`: net), else gross for any other energy unit (plain kWh is gross
 * CV, as DESNZ and the PCS of Spanish and French gas bills state it); null for other dimensions.
 */
export function calorificBasisOfUnit(name: string): CalorificBasis | null {
  const unit = findUnit(name);
  if (unit === undefined || unit.dimension !== "energy") return null;
  return statedCalorificBasis(name) ?? "gross";
}

/**
 * How units.csv spells a unit, with the heating value its name states: `kwh` -> `kWh`,
 * `kWh (Net CV)` and `kWh PCI` -> `kWh_ncv`, `MWh PCS` -> `MWh_gcv`; undefined if unknown.
 */
export function canonicalUnitName(name: string): string | undefined {
  const unit = findUnit(name);
  if (unit === undefined) return undefined;
  if (NAMED_BASES[unit.name] !== undefined) return unit.name;
  const basis = unit.dimension === "energy" ? splitCalorificSuffix(name.trim())?.basis : undefined;
  if (basis === undefined || findPlainUnit(name.trim()) !== undefined) return unit.name;
  return `${unit.name}_${basis === "net" ? "ncv" : "gcv"}`;
}

/** The heating value a unit's name states (`kWh_ncv`, `m3_natural_gas_gcv`), else null. */
export function statedCalorificBasis(name: string): CalorificBasis | null {
  const unit = findUnit(name);
  if (unit === undefined || unit.dimension !== "energy") return null;
  return NAMED_BASES[unit.name] ?? splitCalorificSuffix(name.trim())?.basis ?? null;
}

export function listUnits(): readonly UnitDef[] {
  return UNIT_TABLE;
}

function tableValue(name: string): number {
  const unit = byName.get(name);
  if (unit === undefined) throw new Error(`unit table lacks "${name}"`);
  return unit.toBase;
}

/** kWh per m3 of natural gas, gross CV: the `m3_natural_gas_gcv` row of units.csv. */
export const NATURAL_GAS_KWH_PER_M3: number = tableValue("m3_natural_gas_gcv");
/**
 * kWh gross CV per kWh net CV of natural gas: `m3_natural_gas_gcv` / `m3_natural_gas_ncv` of
 * units.csv, i.e. DESNZ 2025 "Fuel properties" gross / net calorific value (50.678 / 45.745 GJ/t).
 */
export const NATURAL_GAS_GROSS_PER_NET: number =
  NATURAL_GAS_KWH_PER_M3 / tableValue("m3_natural_gas_ncv");
const LITRES_PER_M3 = tableValue("m3");

const naturalGasCategories: ReadonlySet<string> = new Set(["natural_gas", "natural_gas_wtt"]);

/** Categories whose quantities may be converted between gas volume and energy. */
export function isNaturalGasCategory(categoryCode: string): boolean {
  return naturalGasCategories.has(categoryCode);
}

export type Conversion =
  | { readonly ok: true; readonly value: number; readonly note: string | null }
  | { readonly ok: false; readonly reason: string };

export interface ConversionOptions {
  /** Allow volume <-> energy at the gross calorific value of natural gas. */
  readonly naturalGas?: boolean;
}

/** Two names for the same unit (`l` and `litre`, `tkm` and `tonne.km`): converting is identity. */
export function sameUnit(a: UnitDef, b: UnitDef): boolean {
  return a.dimension === b.dimension && a.toBase === b.toBase;
}

/** `quantity × from / to` without touching the quantity when nothing needs converting. */
function scale(quantity: number, fromToBase: number, toToBase: number): number {
  if (fromToBase === toToBase) return quantity;
  if (toToBase === 1) return quantity * fromToBase;
  if (fromToBase === 1) return quantity / toToBase;
  return (quantity * fromToBase) / toToBase;
}

function unitProblem(name: string): string {
  const ambiguous = AMBIGUOUS_UNITS[name.trim().toLowerCase()];
  return ambiguous === undefined
    ? `unknown unit "${name}"`
    : `ambiguous unit "${name}": write ${ambiguous}`;
}

/**
 * Converts a quantity between units of one dimension, through the base unit. With
 * `naturalGas`, also between a gas volume and energy at NATURAL_GAS_KWH_PER_M3. Identical
 * unit strings convert 1:1 even when the table does not know them (a custom factor "per
 * pallet" applied to consumptions in "pallet"). Nothing is rounded.
 */
export function convertQuantity(
  quantity: number,
  from: string,
  to: string,
  options: ConversionOptions = {},
): Conversion {
  const fromUnit = findUnit(from);
  const toUnit = findUnit(to);
  if (fromUnit === undefined || toUnit === undefined) {
    if (from.trim() === to.trim() && from.trim() !== "") {
      return { ok: true, value: quantity, note: null };
    }
    return { ok: false, reason: unitProblem(fromUnit === undefined ? from : to) };
  }
  if (fromUnit.dimension === toUnit.dimension) {
    return { ok: true, value: scale(quantity, fromUnit.toBase, toUnit.toBase), note: null };
  }
  if (options.naturalGas === true) {
    const note = `natural gas ${from.trim()} -> ${to.trim()} at ${NATURAL_GAS_KWH_PER_M3.toFixed(4)} kWh/m3 (gross CV, DESNZ 2025)`;
    if (fromUnit.dimension === "volume" && toUnit.dimension === "energy") {
      const cubicMetres = scale(quantity, fromUnit.toBase, LITRES_PER_M3);
      const kWh = cubicMetres * NATURAL_GAS_KWH_PER_M3;
      return { ok: true, value: scale(kWh, 1, toUnit.toBase), note };
    }
    if (fromUnit.dimension === "energy" && toUnit.dimension === "volume") {
      const kWh = scale(quantity, fromUnit.toBase, 1);
      const cubicMetres = kWh / NATURAL_GAS_KWH_PER_M3;
      return { ok: true, value: scale(cubicMetres, LITRES_PER_M3, toUnit.toBase), note };
    }
  }
  return {
    ok: false,
    reason: `cannot convert "${from}" (${fromUnit.dimension}) to "${to}" (${toUnit.dimension})`,
  };
}
