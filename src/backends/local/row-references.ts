import { type FieldIssue, validationError } from "../../core/errors.js";
import type { ConsumptionInput } from "../../core/model/consumption.js";
import type { StoredBuilding } from "./buildings.js";
import type { CategoryCatalog, StoredCategory } from "./categories.js";
import type { StoredCompany } from "./companies.js";
import { unitProblem } from "./unit-check.js";

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
