/**
 * `carbon buildings move` on the local engine. Runs inside the caller's write transaction: the
 * buildings change company, their consumptions follow, the moved emissions are recalculated
 * under the target company (its custom factors; its country for buildings without one), and one
 * audit record per moved building is written. Any failure rolls all of it back.
 *
 * A moved consumption keeps its id, although ids derived from a natural key include the company:
 * the id is the record's identity, and re-deriving it would break every reference to it.
 */
import { randomUUID } from "node:crypto";
import { CarbonError, notFound } from "../../core/errors.js";
import type { BuildingMoveItem, BuildingMoveResult } from "../../core/model/building-move.js";
import { nameKey } from "../../core/names.js";
import { buildingNameTaken } from "../../rules/buildings.js";
import type { AuditLog } from "../../store/sqlite/audit.js";
import type { BuildingRepository, StoredBuilding } from "../../store/sqlite/buildings.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { RecalculationScope } from "./recalculate.js";

export interface MoveParts {
  readonly db: Db;
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly audit: AuditLog;
  /** Invalidates the calculator's caches and recalculates the scope's emissions in place. */
  readonly recalculate: (scope: RecalculationScope) => number;
}

export interface MoveCommand {
  readonly buildingIds: readonly string[];
  readonly companyId: string;
  readonly actor: string;
  readonly dryRun: boolean;
}

interface Footprint {
  consumptions: number;
  emissions: number;
  co2e: number;
}

type FootprintQuery = (buildingRef: number) => Footprint;

function footprintQuery(db: Db): FootprintQuery {
  const statement = db.prepare<[number], Footprint>(
    `SELECT count(*) AS consumptions, count(co2e) AS emissions,
            coalesce(sum(co2e), 0) AS co2e
       FROM consumptions WHERE building_ref = ?`,
  );
  return (buildingRef) => statement.get(buildingRef) ?? { consumptions: 0, emissions: 0, co2e: 0 };
}

/** Every named building, or one not_found listing all the missing ids. */
function buildingsOf(parts: MoveParts, ids: readonly string[]): StoredBuilding[] {
  const found: StoredBuilding[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const building = parts.buildings.find(id);
    if (building === undefined) missing.push(id);
    else found.push(building);
  }
  const [only, ...others] = missing;
  if (only === undefined) return found;
  if (others.length === 0) throw notFound("building", only);
  throw new CarbonError("not_found", `buildings ${missing.join(", ")} not found`);
}

export function moveBuildings(parts: MoveParts, command: MoveCommand): BuildingMoveResult {
  const target = parts.companies.get(command.companyId);
  const buildings = buildingsOf(parts, command.buildingIds);
  const moveBuilding = parts.db.prepare<[number, number]>(
    "UPDATE buildings SET company_ref = ? WHERE ref = ?",
  );
  const moveConsumptions = parts.db.prepare<[number, number]>(
    "UPDATE consumptions SET company_ref = ? WHERE building_ref = ?",
  );
  // An invoice goes with the building it bills, as its lines' consumptions do.
  const moveInvoices = parts.db.prepare<[string, string]>(
    "UPDATE invoices SET company_id = ? WHERE building_id = ?",
  );
  // A building's effluent records are its data too: they go with it.
  const moveEffluents = parts.db.prepare<[number, number]>(
    "UPDATE effluents SET company_ref = ? WHERE building_ref = ?",
  );
  // A custom input is its company's own: consumptions naming one cannot follow their building.
  const namingInputs = parts.db
    .prepare<[number], number>(
      "SELECT count(*) FROM consumptions WHERE building_ref = ? AND input_ref IS NOT NULL",
    )
    .pluck();
  const footprintOf = footprintQuery(parts.db);
  const moveId = randomUUID();
  const at = new Date().toISOString();
  const items: BuildingMoveItem[] = [];
  for (const building of buildings) {
    const before = footprintOf(building.ref);
    const unchanged = building.companyRef === target.ref;
    const item: BuildingMoveItem = {
      buildingId: building.id,
      name: building.name,
      fromCompanyId: building.companyId,
      action: unchanged ? "unchanged" : "move",
      consumptions: before.consumptions,
      emissions: before.emissions,
      awaitingFactor: before.consumptions - before.emissions,
      co2eBefore: before.co2e,
      co2eAfter: before.co2e,
    };
    if (!unchanged) {
      const naming = namingInputs.get(building.ref) ?? 0;
      if (naming > 0) {
        throw new CarbonError(
          "conflict",
          `building ${building.id} has ${naming} consumption${naming === 1 ? "" : "s"} naming custom inputs of company ${building.companyId}, which stay with that company`,
          {
            hint: "upsert those consumptions without provider/fuelType, move, then name the target company's inputs",
          },
        );
      }
      // Checked after the buildings moved before it, so two of the same name conflict too.
      const other = parts.buildings.findByName(target.ref, nameKey(building.name));
      if (other !== undefined && other.id !== building.id) {
        throw buildingNameTaken(
          target,
          other,
          "rename one of the two first (an upsert of the building by its id with another name), then move",
        );
      }
      moveBuilding.run(target.ref, building.ref);
      moveConsumptions.run(target.ref, building.ref);
      moveInvoices.run(target.id, building.id);
      moveEffluents.run(target.ref, building.ref);
      parts.recalculate({ companyRef: target.ref, buildingRef: building.ref });
      item.co2eAfter = footprintOf(building.ref).co2e;
      parts.audit.append({
        id: randomUUID(),
        moveId,
        action: "buildings.move",
        actor: command.actor,
        at,
        buildingId: building.id,
        fromCompanyId: building.companyId,
        toCompanyId: target.id,
        consumptions: item.consumptions,
        emissions: item.emissions,
        awaitingFactor: item.awaitingFactor,
      });
    }
    items.push(item);
  }
  const moving = items.filter((item) => item.action === "move");
  const sum = (pick: (item: BuildingMoveItem) => number) =>
    moving.reduce((total, item) => total + pick(item), 0);
  return {
    companyId: target.id,
    companyName: target.name,
    dryRun: command.dryRun,
    moveId: command.dryRun || moving.length === 0 ? null : moveId,
    buildings: items,
    totals: {
      moved: moving.length,
      unchanged: items.length - moving.length,
      consumptions: sum((item) => item.consumptions),
      emissions: sum((item) => item.emissions),
      awaitingFactor: sum((item) => item.awaitingFactor),
    },
  };
}
