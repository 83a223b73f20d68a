import { type FieldIssue, validationError } from "../core/errors.js";
import type { ConsumptionInput } from "../core/model/consumption.js";
import { kwhPerM3Problem } from "../engine/billed-energy.js";
import type { DerivationRules } from "../engine/derived-lines.js";
import { FLEET_ONLY_CATEGORIES, fleetCategory, outsideActivePeriod } from "../engine/fleet.js";
import { convertQuantity, isNaturalGasCategory } from "../engine/units.js";
import type {
  CategoryIndex,
  FleetOf,
  FleetVehicle,
  InputsOf,
  StoredBuilding,
  StoredCategory,
  StoredCompany,
} from "./store.js";
import { unitProblem } from "./unit-check.js";

export type { FleetOf };

/** How a write finds the companies and buildings rows point at (a session caches them). */
export interface RowRefs {
  company(id: string): StoredCompany | undefined;
  building(id: string): StoredBuilding | undefined;
}

export interface PreparedRow {
  readonly id: string;
  readonly entityId: string;
  readonly company: StoredCompany;
  readonly building: StoredBuilding;
  readonly category: StoredCategory;
  readonly startDate: string;
  readonly endDate: string;
  readonly quantity: number;
  readonly unit: string;
  /** The custom input the consumption names (`provider` or `fuelType`), or null. */
  readonly input: PreparedInput | null;
  /** The bill's kWh (gross CV) per m3 of a natural-gas volume, or null. */
  readonly kwhPerM3: number | null;
}

export interface PreparedInput {
  readonly ref: number;
  readonly id: string;
  /** The input's custom factor: the one factor of its category and basis for this consumption. */
  readonly factorId: string | null;
}

/**
 * Checks every row's references: the company and building exist and belong together, the
 * category is a subcategory that is not only derived (`rules`), the unit converts to its
 * default unit. All problems of the batch are raised at once (validation, paths
 * `<path><index>.<field>`), before anything is written.
 */
export function prepareRows(
  rows: readonly ConsumptionInput[],
  refs: RowRefs,
  catalog: CategoryIndex,
  path: string,
  fleetOf?: FleetOf,
  inputsOf?: InputsOf,
  rules?: DerivationRules,
): PreparedRow[] {
  const issues: FieldIssue[] = [];
  const prepared: PreparedRow[] = [];
  rows.forEach((row, index) => {
    const at = (field: string, message: string): void => {
      issues.push({ path: `${path}${path === "" ? "" : `${index}.`}${field}`, message });
    };
    const company = refs.company(row.companyId);
    const building = refs.building(row.buildingId);
    const category = catalog.byId(row.categoryId);
    if (company === undefined) at("companyId", `company ${row.companyId} does not exist`);
    if (building === undefined) {
      at("buildingId", `building ${row.buildingId} does not exist`);
    } else if (company !== undefined && building.companyRef !== company.ref) {
      at(
        "buildingId",
        `building ${row.buildingId} belongs to company ${building.companyId}, not ${company.id}`,
      );
    }
    if (category === undefined) {
      at("categoryId", `unknown category ${row.categoryId}`);
    } else if (category.level !== "subcategory") {
      at(
        "categoryId",
        `category ${category.code} is a ${category.level}, not a subcategory: consumptions take a subcategory (carbon categories list --level subcategory)`,
      );
    } else {
      const derived = derivedOnlyProblem(category.code, rules);
      if (derived !== undefined) at("categoryId", derived);
      const problem = unitProblem(row.unitType, category);
      if (problem !== undefined) at("unitType", problem);
      const billed =
        row.kwhPerM3 === undefined ? undefined : kwhPerM3Problem(row.unitType, category.code);
      if (billed !== undefined) at("kwhPerM3", billed);
    }
    if (company === undefined || building === undefined || category === undefined) return;
    const fleet = fleetOf?.(company.ref);
    // Most companies have no vehicles: their rows cost one empty-map check.
    const vehicle =
      fleet === undefined || fleet.size === 0 ? undefined : fleet.get(row.entityId.toLowerCase());
    if (vehicle !== undefined) {
      const problem = vehicleProblem(vehicle, row, category);
      if (problem !== undefined) {
        at(problem.field, problem.message);
        return;
      }
    } else if (FLEET_ONLY_CATEGORIES.has(category.code)) {
      at(
        "entityId",
        `"${row.entityId}" is not a vehicle of company ${company.id}: a consumption in ${category.code} belongs to a vehicle (carbon vehicles list)`,
      );
      return;
    }
    let input: PreparedInput | null = null;
    const named = namedInput(row);
    if (named !== undefined) {
      const found = inputProblem(named, inputsOf?.(company.ref), row, category, catalog, company);
      if ("problem" in found) {
        at(named.field, found.problem);
        return;
      }
      input = found;
    }
    prepared.push({
      id: row.id.toLowerCase(),
      entityId: row.entityId,
      company,
      building,
      category,
      startDate: row.startDate,
      endDate: row.endDate,
      quantity: row.quantity,
      unit: row.unitType,
      input,
      kwhPerM3: row.kwhPerM3 ?? null,
    });
  });
  const first = issues[0];
  if (first !== undefined) {
    const where = path === "" ? "" : ` (${issues.length} problem${issues.length === 1 ? "" : "s"})`;
    throw validationError(`consumption rejected${where}: ${first.path}: ${first.message}`, issues);
  }
  return prepared;
}

/**
 * A scope 3 category 3 subcategory that carbon derives from other consumptions (well-to-tank,
 * T&D losses): recorded directly it would count the same upstream emissions twice, so the
 * consumption it derives from is what to record (docs/factor-library.md#derived-lines).
 */
function derivedOnlyProblem(code: string, rules: DerivationRules | undefined): string | undefined {
  const sources = rules?.sourcesOf(code) ?? [];
  if (sources.length === 0) return undefined;
  return `category ${code} is derived: carbon adds it as a scope 3 category 3 line of each ${sources.join(" or ")} consumption, so record the ${sources.join(" or ")} consumption instead`;
}

/**
 * Why a vehicle's consumption is refused: outside the vehicle's active period, or not in the
 * subcategory the vehicle's type and fuel and the unit choose (src/engine/fleet.ts).
 */
function vehicleProblem(
  vehicle: FleetVehicle,
  row: ConsumptionInput,
  given: StoredCategory,
): { readonly field: string; readonly message: string } | undefined {
  const outside = outsideActivePeriod(vehicle, row.startDate, row.endDate);
  if (outside !== undefined) return { field: "entityId", message: outside };
  const choice = fleetCategory(vehicle, row.unitType);
  if ("problem" in choice) return { field: "unitType", message: choice.problem };
  if (choice.code === given.code) return undefined;
  return {
    field: "categoryId",
    message: `vehicle ${vehicle.id} is a ${vehicle.fuelType} ${vehicle.vehicleType}: its consumption in ${row.unitType} is category ${choice.code}, not ${given.code}`,
  };
}

/** The input types each field may name. */
const inputTypes = { provider: ["provider", "heat"], fuelType: ["fuel"] } as const;

function namedInput(
  row: ConsumptionInput,
): { readonly field: "provider" | "fuelType"; readonly id: string } | undefined {
  if (row.provider !== undefined) return { field: "provider", id: row.provider };
  if (row.fuelType !== undefined) return { field: "fuelType", id: row.fuelType };
  return undefined;
}

/**
 * The custom input a consumption names, or why it cannot: another company's or unknown, of a
 * type the field does not take, priced in another category, or measured in a unit the
 * consumption's does not convert to.
 */
function inputProblem(
  named: { readonly field: "provider" | "fuelType"; readonly id: string },
  inputs: ReturnType<InputsOf> | undefined,
  row: ConsumptionInput,
  category: StoredCategory,
  catalog: CategoryIndex,
  company: StoredCompany,
): PreparedInput | { readonly problem: string } {
  const input = inputs?.get(named.id);
  if (input === undefined) {
    return {
      problem: `custom input ${named.id} is not one of company ${company.id}'s (carbon inputs custom list --company ${company.id})`,
    };
  }
  const allowed: readonly string[] = inputTypes[named.field];
  if (!allowed.includes(input.type)) {
    return {
      problem: `custom input ${input.id} is a ${input.type} input: ${named.field} names a ${allowed.join(" or ")} input`,
    };
  }
  if (input.factorCategoryRef !== null && input.factorCategoryRef !== category.ref) {
    const priced = catalog.byRef(input.factorCategoryRef)?.code ?? String(input.factorCategoryRef);
    return {
      problem: `custom input ${input.id} is priced by a custom factor of category ${priced}, not ${category.code}`,
    };
  }
  const naturalGas = isNaturalGasCategory(category.code);
  if (!convertQuantity(1, row.unitType, input.unit, { naturalGas }).ok) {
    return {
      problem: `custom input ${input.id} is measured in ${input.unit}, which ${row.unitType} does not convert to`,
    };
  }
  return { ref: input.ref, id: input.id, factorId: input.factorId };
}
