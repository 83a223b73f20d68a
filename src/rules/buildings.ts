/**
 * Buildings: upserted by id, each keeping its company (changing it is `carbon buildings move`,
 * building-move.ts), names unique per company as `nameKey` compares them. A building whose
 * country changes has its stored emissions recalculated under the new one.
 */
import { CarbonError, notFound } from "../core/errors.js";
import { type Building, type BuildingInput, buildingInputSchema } from "../core/model/building.js";
import type { Page, PageQuery } from "../core/model/common.js";
import { nameKey } from "../core/names.js";
import { ownerConflict } from "../core/ownership.js";
import type { BuildingFilter } from "../core/resources/buildings.js";
import { parseInput } from "../core/validate.js";
import { companyOf } from "./companies.js";
import type {
  Awaitable,
  BuildingTable,
  CompanyTable,
  StoredBuilding,
  StoredCompany,
  StoreTransaction,
} from "./store.js";

/** What the upsert asks of the driver's code that is not on the port yet. */
export interface BuildingDriver {
  /** Redoes, in the rule's transaction, the stored emissions of the building's consumptions. */
  recalculate(scope: {
    readonly companyRef: number;
    readonly buildingRef: number;
  }): Awaitable<number>;
}

/**
 * The tables an upsert reads and writes. An import's session passes its own view of the
 * companies (those it has read, cached for the session), in the transaction it holds.
 */
export interface BuildingTransaction {
  readonly companies: Pick<CompanyTable, "find">;
  readonly buildings: BuildingTable;
}

/** The building as the API answers it, without the store's keys. */
export function toBuilding(building: StoredBuilding): Building {
  return {
    id: building.id,
    companyId: building.companyId,
    name: building.name,
    country: building.country,
    createdAt: building.createdAt,
  };
}

/** The building with this id, with the store's keys; an unknown one is not_found. */
export async function findBuilding(
  tx: Pick<StoreTransaction, "buildings">,
  id: string,
): Promise<StoredBuilding> {
  const found = await tx.buildings.find(id.toLowerCase());
  if (found === undefined) throw notFound("building", id);
  return found;
}

export async function getBuilding(tx: StoreTransaction, id: string): Promise<Building> {
  return toBuilding(await findBuilding(tx, id));
}

/** One company's page, or every company's; an unknown company is not_found. */
export async function listBuildings(
  tx: StoreTransaction,
  query: BuildingFilter & PageQuery,
): Promise<Page<Building>> {
  return tx.buildings.list(query);
}

/** The conflict of a name another building of the company (`other`) already has. */
export function buildingNameTaken(
  company: StoredCompany,
  other: StoredBuilding,
  hint = "choose another name, or use that building's id",
): CarbonError {
  return new CarbonError(
    "conflict",
    `company "${company.name}" (${company.id}) already has a building named "${other.name}" (${other.id}); building names are unique per company, ignoring case and repeated spaces`,
    { hint },
  );
}

/**
 * Upsert by id. The company must exist (not_found). A building keeps its company: changing it
 * is a move of the building and its data, which this is not (conflict). Its name must not be
 * another building's of the company (conflict). When the country of a stored building changes,
 * its emissions are recalculated. Answers the stored building and the one it replaced, if any.
 */
export async function upsertBuilding(
  tx: BuildingTransaction,
  input: BuildingInput,
  driver: BuildingDriver,
): Promise<{ readonly building: StoredBuilding; readonly before?: StoredBuilding }> {
  const parsed = parseInput(buildingInputSchema, input, "building");
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const before = await tx.buildings.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict(
      "building",
      id,
      before.companyId,
      company.id,
      "moving a building to another company is `carbon buildings move`",
    );
  }
  const key = nameKey(parsed.name);
  const other = await tx.buildings.findByName(company.ref, key);
  if (other !== undefined && other.id !== id) throw buildingNameTaken(company, other);
  await tx.buildings.save(
    { id, companyRef: company.ref, name: parsed.name, nameKey: key, country: parsed.country },
    new Date().toISOString(),
  );
  const building = await findBuilding(tx, id);
  if (before !== undefined && before.country !== building.country) {
    await driver.recalculate({ companyRef: building.companyRef, buildingRef: building.ref });
  }
  return before === undefined ? { building } : { building, before };
}
