import { type FieldIssue, validationError } from "../../core/errors.js";
import { FLEET_ONLY_CATEGORIES, fleetCategory, outsideActivePeriod } from "../../core/fleet.js";
import type { ConsumptionInput } from "../../core/model/consumption.js";
import type { StoredBuilding } from "./buildings.js";
import type { CategoryCatalog, StoredCategory } from "./categories.js";
import type { StoredCompany } from "./companies.js";
import { unitProblem } from "./unit-check.js";
import type { FleetVehicle } from "./vehicles.js";

/** A company's vehicles by id (src/backends/local/fleet-lookup.ts, one query per company). */
export type FleetOf = (companyRef: number) => ReadonlyMap<string, FleetVehicle>;

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
}

/**
 * Checks every row's references: the company and building exist and belong together, the
 * category is a subcategory, the unit converts to its default unit. All problems of the batch
 * are raised at once (validation, paths `<path><index>.<field>`), before anything is written.
 */
export function prepareRows(
  rows: readonly ConsumptionInput[],
  refs: RowRefs,
  catalog: CategoryCatalog,
  path: string,
  fleetOf?: FleetOf,
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
      const problem = unitProblem(row.unitType, category);
      if (problem !== undefined) at("unitType", problem);
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
 * Why a vehicle's consumption is refused: outside the vehicle's active period, or not in the
 * subcategory the vehicle's type and fuel and the unit choose (src/core/fleet.ts).
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
