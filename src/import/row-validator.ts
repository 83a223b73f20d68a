import { consumptionId, isUuid } from "../core/ids.js";
import type { ConsumptionInput } from "../core/model/consumption.js";
import {
  COUNTRY_MESSAGE,
  controlCharacterProblem,
  KWH_PER_M3_MAX,
  KWH_PER_M3_MIN,
  MAX_ENTITY_ID,
  normalizeCountry,
  quantityProblem,
} from "../core/model/text-values.js";
import { kwhPerM3Problem } from "../engine/billed-energy.js";
import type { ColumnMap } from "./columns.js";
import { otherCompanyMessage } from "./company-flag.js";
import type { CsvRecord } from "./csv-source.js";
import { dateCheck } from "./date-cells.js";
import type { FingerprintSet } from "./fingerprint-set.js";
import { parseDecimal } from "./numbers.js";
import { type CategoryRef, plannedBuildingId, type References } from "./references.js";
import type { RowError } from "./types.js";
import { checkUnit } from "./unit-check.js";
import { Row } from "./validated-row.js";

/**
 * Checks one record and turns it into a consumption, collecting every problem of the row (one
 * RowError each, several per row when several cells are wrong). The row's company must be
 * loaded first: `References.loadCompany(companyOf(record, ctx))`.
 *
 * Ids: the `id` cell when present, else `consumptionId(...)` of the natural key. Both kinds are
 * checked for duplicates within the file (the first occurrence wins; the repeat is the error),
 * in one set, so an explicit id that equals another row's derived id is found too. An explicit
 * id is checked even when the row has other problems. A caller may take the check of derived ids
 * over (`checkDerivedIds: false`) when the file has no id column: see derived-ids.ts.
 */

export interface RowContext {
  readonly columns: ColumnMap["columns"];
  readonly headerLength: number;
  readonly refs: References;
  readonly ids: FingerprintSet;
  /**
   * False: derived ids are not added to `ids` here; the caller checks them, in file order, with
   * `duplicateRowError` (only for files without an id column, where every id is derived).
   */
  readonly checkDerivedIds: boolean;
  readonly decimalComma: boolean;
  /** `--company`: already checked to be an existing company's id, in lower case. */
  readonly defaultCompanyId: string | undefined;
  /** `--building`: a UUID or a name within the row's company. */
  readonly defaultBuilding: string | undefined;
  readonly createBuildings: boolean;
}

export type RowResult =
  | { readonly ok: true; readonly input: ConsumptionInput }
  | { readonly ok: false; readonly errors: readonly RowError[] };

/** The company id a row refers to (lower case), if any: what must be loaded before validating. */
export function companyOf(record: CsvRecord, ctx: RowContext): string | undefined {
  const column = ctx.columns.companyId;
  const cell = column === undefined ? "" : (record.cells[column.index] ?? "").trim();
  // With --company every row is that company's (another one is the row's error): load no other.
  if (cell === "" || ctx.defaultCompanyId !== undefined) return ctx.defaultCompanyId;
  return isUuid(cell) ? cell.toLowerCase() : undefined;
}

function checkCompany(row: Row, ctx: RowContext): string | undefined {
  const cell = row.cell(row.at.companyId);
  // --company was checked (a UUID, lower case, an existing company) before reading.
  if (ctx.defaultCompanyId !== undefined) {
    if (cell === "" || cell.toLowerCase() === ctx.defaultCompanyId) return ctx.defaultCompanyId;
    return row.fail(row.column("companyId"), otherCompanyMessage(cell, ctx.defaultCompanyId));
  }
  const text = cell || ctx.defaultCompanyId || "";
  const column = cell === "" && text !== "" ? "--company" : row.column("companyId");
  if (text === "") {
    return row.fail(column, "expected a company id, got an empty cell (or use --company)");
  }
  if (!isUuid(text)) return row.fail(column, `expected a company id (UUID), got "${text}"`);
  if (!ctx.refs.companyExists(text.toLowerCase())) {
    return row.fail(column, `company ${text} not found`);
  }
  return text.toLowerCase();
}

interface BuildingChoice {
  readonly id: string;
  /** Name of a building `--create-buildings` must create before this row is written. */
  readonly create?: string;
}

function checkBuilding(row: Row, ctx: RowContext, companyId: string): BuildingChoice | undefined {
  const cell = row.cell(row.at.building);
  const text = cell || ctx.defaultBuilding || "";
  const column = cell === "" && text !== "" ? "--building" : row.column("building");
  if (text === "") {
    return row.fail(
      column,
      "expected a building name or id, got an empty cell (or use --building)",
    );
  }
  const found = ctx.refs.building(companyId, text);
  // A BuildingRef is a BuildingChoice without `create`: no new object per row.
  if (found !== undefined) return found;
  const problem = controlCharacterProblem(text);
  if (problem !== undefined) return row.fail(column, problem);
  if (isUuid(text)) {
    return row.fail(column, `building ${text} is not a building of company ${companyId}`);
  }
  if (ctx.createBuildings) return { id: plannedBuildingId(companyId, text), create: text };
  return row.fail(
    column,
    `no building named "${text}" in company ${companyId}; create it first (carbon buildings create) or use --create-buildings`,
  );
}

function checkCategory(row: Row, ctx: RowContext): CategoryRef | undefined {
  const text = row.cell(row.at.category);
  if (text === "") {
    return row.fail(
      row.column("category"),
      "expected a subcategory code such as electricity, got an empty cell",
    );
  }
  const lookup = ctx.refs.category(text);
  return lookup.ok ? lookup.category : row.fail(row.column("category"), lookup.message);
}

function checkDate(row: Row, field: "startDate" | "endDate"): string | undefined {
  const text = row.cell(field === "startDate" ? row.at.startDate : row.at.endDate);
  if (text === "")
    return row.fail(row.column(field), "expected a date YYYY-MM-DD, got an empty cell");
  const check = dateCheck(text);
  return check.ok ? check.date : row.fail(row.column(field), check.message);
}

function checkQuantity(row: Row, ctx: RowContext): number | undefined {
  const text = row.cell(row.at.quantity);
  const parsed = parseDecimal(text, ctx.decimalComma);
  if (!parsed.ok) return row.fail(row.column("quantity"), parsed.message);
  if (parsed.value < 0) {
    return row.fail(row.column("quantity"), `expected a quantity of 0 or more, got "${text}"`);
  }
  const problem = quantityProblem(parsed.value);
  return problem === undefined ? parsed.value : row.fail(row.column("quantity"), problem);
}

function checkUnitCell(row: Row, category: CategoryRef | undefined): string | undefined {
  const text = row.cell(row.at.unit);
  if (text === "") {
    return row.fail(row.column("unit"), "expected a unit such as kWh, l or km, got an empty cell");
  }
  const check = checkUnit(text, category);
  return check.ok ? check.unit : row.fail(row.column("unit"), check.message);
}

function checkEntityId(row: Row): string {
  const entityId = row.cell(row.at.entityId);
  if (entityId.length > MAX_ENTITY_ID) {
    row.fail(
      row.column("entityId"),
      `expected at most ${MAX_ENTITY_ID} characters, got ${entityId.length}`,
    );
  }
  const problem = controlCharacterProblem(entityId);
  if (problem !== undefined) row.fail(row.column("entityId"), problem);
  return entityId;
}

/** Country of a building to create: the row's `country` cell, or null. */
function checkCountry(row: Row): string | null {
  const text = row.cell(row.at.country);
  if (text === "") return null;
  const country = normalizeCountry(text);
  if (country !== undefined) return country;
  row.fail(row.column("country"), `${COUNTRY_MESSAGE}, got "${text}"`);
  return null;
}

/** The row's own id, lower-cased; null when absent; undefined when invalid or a duplicate. */
function checkExplicitId(row: Row, ctx: RowContext): string | null | undefined {
  const text = row.cell(row.at.id);
  if (text === "") return null;
  if (!isUuid(text)) return row.fail(row.column("id"), `expected a UUID, got "${text}"`);
  const id = text.toLowerCase();
  const first = ctx.ids.add(id, row.line);
  if (first !== 0) {
    return row.fail(row.column("id"), `duplicate id ${id}: line ${first} has the same id`);
  }
  return id;
}

/** The problem of a row whose derived id an earlier row (line `first`) has. */
export function duplicateRowError(
  line: number,
  first: number,
  ctx: Pick<RowContext, "columns">,
): RowError {
  return {
    line,
    column: ctx.columns.id?.name ?? "id",
    message: `duplicate row: line ${first} has the same company, building, category, entityId and dates`,
  };
}

/** Validates a record; see the module comment. */
export function validateRow(record: CsvRecord, ctx: RowContext): RowResult {
  if (record.cells.length !== ctx.headerLength) {
    const extra = record.cells.slice(ctx.headerLength).map((value) => JSON.stringify(value));
    const detail = extra.length > 0 ? `; extra: ${extra.join(", ")}` : "";
    const message = `expected ${ctx.headerLength} fields as in the header, got ${record.cells.length}${detail}`;
    return { ok: false, errors: [{ line: record.line, column: "", message }] };
  }
  const row = new Row(record, ctx.columns);
  const companyId = checkCompany(row, ctx);
  const building = companyId === undefined ? undefined : checkBuilding(row, ctx, companyId);
  const category = checkCategory(row, ctx);
  const startDate = checkDate(row, "startDate");
  const endDate = checkDate(row, "endDate");
  if (startDate !== undefined && endDate !== undefined && endDate < startDate) {
    row.fail(
      row.column("endDate"),
      `endDate ${endDate.slice(0, 10)} is before startDate ${startDate.slice(0, 10)}`,
    );
  }
  const quantity = checkQuantity(row, ctx);
  const unitType = checkUnitCell(row, category);
  const entityId = checkEntityId(row);
  const country = building?.create === undefined ? null : checkCountry(row);
  const explicitId = checkExplicitId(row, ctx);
  const named = checkNamedInput(row);
  const kwhPerM3 = checkKwhPerM3(row, ctx, category, unitType);

  if (
    row.errors.length > 0 ||
    companyId === undefined ||
    building === undefined ||
    category === undefined ||
    startDate === undefined ||
    endDate === undefined ||
    quantity === undefined ||
    unitType === undefined ||
    explicitId === undefined
  ) {
    return { ok: false, errors: row.errors };
  }
  const buildingId = building.id;
  const categoryId = category.id;
  let id = explicitId;
  if (id === null) {
    id = consumptionId({ companyId, buildingId, categoryId, entityId, startDate, endDate });
    const first = ctx.checkDerivedIds ? ctx.ids.add(id, row.line) : 0;
    if (first !== 0) return { ok: false, errors: [duplicateRowError(row.line, first, ctx)] };
  }
  if (
    building.create !== undefined &&
    ctx.refs.building(companyId, building.create) === undefined
  ) {
    ctx.refs.planBuilding(companyId, building.create, country);
  }
  const input: ConsumptionInput = {
    id,
    entityId,
    categoryId,
    startDate,
    endDate,
    companyId,
    buildingId,
    quantity,
    unitType,
    ...named,
  };
  return { ok: true, input: kwhPerM3 === undefined ? input : { ...input, kwhPerM3 } };
}

/** A bill's kWh per m3: empty, or a number in range for a natural-gas volume. */
function checkKwhPerM3(
  row: Row,
  ctx: RowContext,
  category: CategoryRef | undefined,
  unitType: string | undefined,
): number | undefined {
  const text = row.cell(row.at.kwhPerM3);
  if (text === "") return undefined;
  const parsed = parseDecimal(text, ctx.decimalComma);
  if (!parsed.ok) return row.fail(row.column("kwhPerM3"), parsed.message);
  if (parsed.value < KWH_PER_M3_MIN || parsed.value > KWH_PER_M3_MAX) {
    return row.fail(
      row.column("kwhPerM3"),
      `expected kWh per m3 between ${KWH_PER_M3_MIN} and ${KWH_PER_M3_MAX}, got "${text}"`,
    );
  }
  if (category === undefined || unitType === undefined) return undefined;
  const problem = kwhPerM3Problem(unitType, category.code);
  return problem === undefined ? parsed.value : row.fail(row.column("kwhPerM3"), problem);
}

/** The custom input a row names: a UUID in `provider` or in `fuelType`, not both. */
function checkNamedInput(row: Row): { provider?: string; fuelType?: string } {
  const provider = row.cell(row.at.provider);
  const fuelType = row.cell(row.at.fuelType);
  if (provider !== "" && fuelType !== "") {
    row.fail(
      row.column("fuelType"),
      "a row names one custom input: provider or fuelType, not both",
    );
    return {};
  }
  if (provider !== "")
    return namedId(row, "provider", provider) ? { provider: provider.toLowerCase() } : {};
  if (fuelType !== "")
    return namedId(row, "fuelType", fuelType) ? { fuelType: fuelType.toLowerCase() } : {};
  return {};
}

function namedId(row: Row, field: "provider" | "fuelType", id: string): boolean {
  if (isUuid(id)) return true;
  row.fail(
    row.column(field),
    `expected a custom input's UUID (carbon inputs custom list), got "${id}"`,
  );
  return false;
}
