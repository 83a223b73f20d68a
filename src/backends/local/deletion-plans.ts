/**
 * How each deletable resource is found on the local engine and what its deletion takes with it;
 * deletions.ts runs the plans (every id found first, refusals named together, then each record
 * removed and audited).
 */
import { CarbonError, isCarbonError } from "../../core/errors.js";
import type { DeletableResource, DeletedRecord } from "../../core/model/deletion.js";
import { customFactorScope } from "../../rules/custom-factor-scope.js";
import type { AuditLog } from "../../store/sqlite/audit.js";
import type { BuildingRepository } from "../../store/sqlite/buildings.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import { EffluentRepository } from "../../store/sqlite/effluents.js";
import type { SqliteTables } from "../../store/sqlite/store.js";
import { derivationSources } from "./local-custom-factors.js";
import type { ConsumptionQueries } from "./queries.js";
import type { RecalculationScope } from "../../rules/recalculate.js";

export interface DeletionParts {
  readonly db: Db;
  /** The Store port's tables as SQLite implements them, read here synchronously. */
  readonly tables: SqliteTables;
  readonly catalog: CategoryCatalog;
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly queries: ConsumptionQueries;
  readonly audit: AuditLog;
  /** Invalidates the calculator's caches and recalculates the scope's emissions in place. */
  readonly recalculate: (scope: RecalculationScope) => void;
  /** The records that go alone, found by their repository and deleted by id. */
  readonly plain: Readonly<Record<PlainResource, PlainDeletable>>;
}

/** Resources whose deletion removes their own row and nothing else. */
export type PlainResource =
  | "wasteOperator"
  | "comment"
  | "goal"
  | "task"
  | "vehicle"
  | "customInput"
  | "organizationLimit";

/** How a plain record is found, and what keeps it from going. */
export interface PlainDeletable {
  /** The table holding it, by `id`. */
  readonly table: string;
  /** The record as the port answers it; an unknown id is not_found. */
  get(id: string): { readonly id: string; readonly companyId: string };
  /** Why the record cannot be deleted now (a goal that still has tasks); undefined: it can. */
  refusal?(id: string): string | undefined;
}

/** A record found, and how to delete it once every one was found. */
export interface Planned {
  readonly item: Omit<DeletedRecord, "auditId">;
  readonly emissions: number;
  /** Why it cannot be deleted: every refusal is named in one conflict and nothing goes. */
  readonly refusal?: string;
  /** A building's effluent records, which go with it only as its consumptions do. */
  readonly effluents?: number;
  remove(): void;
}

interface Footprint {
  consumptions: number;
  emissions: number;
}

export function planOne(
  parts: DeletionParts,
  resource: DeletableResource,
  id: string,
): Planned | undefined {
  switch (resource) {
    case "consumption":
      return planConsumption(parts, id);
    case "building":
      return planBuilding(parts, id);
    case "customFactor":
      return planCustomFactor(parts, id);
    case "supplier":
      return planSupplier(parts, id);
    case "wasteOperator":
    case "comment":
    case "goal":
    case "task":
    case "vehicle":
    case "customInput":
    case "organizationLimit":
      return planPlain(parts, resource, id);
    case "invoice":
      return planInvoice(parts, id);
    case "effluent":
      return planEffluent(parts, id);
    case "certificate":
      return planCertificate(parts, id);
  }
}

/** A record of a plain resource: its row goes, and nothing else. */
function planPlain(parts: DeletionParts, resource: PlainResource, id: string): Planned | undefined {
  const deletable = parts.plain[resource];
  let record: { readonly id: string; readonly companyId: string };
  try {
    record = deletable.get(id);
  } catch (error) {
    if (isCarbonError(error) && error.code === "not_found") return undefined;
    throw error;
  }
  return {
    item: {
      resource,
      id: record.id,
      companyId: record.companyId,
      buildingId: null,
      consumptions: 0,
      record: { ...record },
    },
    emissions: 0,
    refusal: deletable.refusal?.(record.id),
    remove: () => {
      parts.db.prepare<[string]>(`DELETE FROM ${deletable.table} WHERE id = ?`).run(record.id);
    },
  };
}

function planConsumption(parts: DeletionParts, id: string): Planned | undefined {
  const consumption = parts.queries.findConsumption(id);
  if (consumption === undefined) return undefined;
  const calculated = parts.queries.emissionOf(id).status === "calculated" ? 1 : 0;
  return {
    item: {
      resource: "consumption",
      id: consumption.id,
      companyId: consumption.companyId,
      buildingId: consumption.buildingId,
      consumptions: 1,
      record: { ...consumption },
    },
    emissions: calculated,
    remove: () => {
      parts.db.prepare<[string]>("DELETE FROM consumptions WHERE id = ?").run(consumption.id);
    },
  };
}

function planBuilding(parts: DeletionParts, id: string): Planned | undefined {
  const building = parts.buildings.find(id);
  if (building === undefined) return undefined;
  const footprint = parts.db
    .prepare<[number], Footprint>(
      `SELECT count(*) AS consumptions, count(co2e) AS emissions
         FROM consumptions WHERE building_ref = ?`,
    )
    .get(building.ref) ?? { consumptions: 0, emissions: 0 };
  const effluents = parts.db
    .prepare<[number], number>("SELECT count(*) FROM effluents WHERE building_ref = ?")
    .pluck()
    .get(building.ref);
  const certificates = parts.db
    .prepare<[number], number>("SELECT count(*) FROM certificates WHERE building_ref = ?")
    .pluck()
    .get(building.ref);
  if (certificates !== undefined && certificates > 0) {
    throw new CarbonError(
      "conflict",
      `building ${building.id} still has ${certificates} energy attribute certificate(s): nothing was deleted`,
      { hint: "delete them first (carbon certificates list, carbon certificates delete)" },
    );
  }
  return {
    item: {
      resource: "building",
      id: building.id,
      companyId: building.companyId,
      buildingId: building.id,
      consumptions: footprint.consumptions,
      record: {
        id: building.id,
        companyId: building.companyId,
        name: building.name,
        country: building.country,
        createdAt: building.createdAt,
      },
    },
    emissions: footprint.emissions,
    effluents: effluents ?? 0,
    remove: () => {
      parts.db
        .prepare<[number]>("DELETE FROM consumptions WHERE building_ref = ?")
        .run(building.ref);
      parts.db.prepare<[number]>("DELETE FROM effluents WHERE building_ref = ?").run(building.ref);
      parts.db.prepare<[number]>("DELETE FROM buildings WHERE ref = ?").run(building.ref);
    },
  };
}

function planCustomFactor(parts: DeletionParts, id: string): Planned | undefined {
  const customFactors = parts.tables.customFactors;
  const found = customFactors.find(id.trim().toLowerCase());
  if (found === undefined) return undefined;
  const { companyRef, categoryRef, ...factor } = found;
  return {
    item: {
      resource: "customFactor",
      id: factor.id,
      companyId: factor.companyId,
      buildingId: null,
      consumptions: 0,
      record: { ...factor },
    },
    emissions: 0,
    remove: () => {
      customFactors.delete(factor.id);
      // The emissions it gave fall back to the next factor in the resolution order.
      parts.recalculate(
        customFactorScope(
          companyRef,
          [{ categoryRef, validity: factor }],
          derivationSources(parts.catalog),
        ),
      );
    },
  };
}

function planSupplier(parts: DeletionParts, id: string): Planned | undefined {
  const suppliers = parts.tables.suppliers;
  const found = suppliers.find(id.trim().toLowerCase());
  if (found === undefined) return undefined;
  const { companyRef: _, ...supplier } = found;
  return {
    item: {
      resource: "supplier",
      id: supplier.id,
      companyId: supplier.companyId,
      buildingId: null,
      consumptions: 0,
      record: { ...supplier },
    },
    emissions: 0,
    remove: () => {
      suppliers.delete(supplier.id);
    },
  };
}

/** An invoice goes with its lines' consumptions and their emissions. */
function planInvoice(parts: DeletionParts, id: string): Planned | undefined {
  const invoices = parts.tables.invoices;
  const found = invoices.find(id.trim().toLowerCase());
  if (found === undefined) return undefined;
  const { consumptionIds: consumptions, ...record } = found;
  return {
    item: {
      resource: "invoice",
      id: record.id,
      companyId: record.companyId,
      buildingId: record.buildingId,
      consumptions: consumptions.length,
      record: { ...record },
    },
    emissions: record.lines.filter((line) => line.emissionStatus === "calculated").length,
    remove: () => {
      const remove = parts.db.prepare<[string]>("DELETE FROM consumptions WHERE id = ?");
      for (const consumption of consumptions) remove.run(consumption);
      invoices.delete(record.id);
    },
  };
}

/**
 * Buildings that something still names are refused whole: an invoice names its building, and an
 * organization limit its member buildings (a consolidation by it would find the member gone).
 */
export function refuseReferencedBuildings(db: Db, found: readonly Planned[]): void {
  const invoices = db
    .prepare<[string], number>("SELECT count(*) FROM invoices WHERE building_id = ?")
    .pluck();
  const limits = db
    .prepare<[string], number>(
      `SELECT count(DISTINCT l.id) FROM organization_limits l, json_each(l.members) m
        WHERE json_extract(m.value, '$.buildingId') = ?`,
    )
    .pluck();
  const refusals = [
    {
      count: invoices,
      what: (_one: boolean) => "invoices",
      hint: "delete the invoices first (carbon invoices delete)",
    },
    {
      count: limits,
      what: (one: boolean) => `organization limits that list ${one ? "it" : "them"} as a member`,
      hint: "take the building out of the limits first (carbon organization-limits upsert)",
    },
  ];
  for (const refusal of refusals) {
    const named = found.flatMap((planned) => {
      const count = refusal.count.get(planned.item.id) ?? 0;
      return count === 0 ? [] : [`${planned.item.id} (${count})`];
    });
    if (named.length === 0) continue;
    const one = named.length === 1;
    throw new CarbonError(
      "conflict",
      `${one ? "building" : "buildings"} ${named.join(", ")} still ${one ? "has" : "have"} ${refusal.what(one)}: nothing was deleted`,
      { hint: `${refusal.hint}, or move the building` },
    );
  }
}

function planEffluent(parts: DeletionParts, id: string): Planned | undefined {
  const effluents = new EffluentRepository(parts.db, parts.companies, parts.buildings);
  const effluent = effluents.lookup(id);
  if (effluent === undefined) return undefined;
  return {
    item: {
      resource: "effluent",
      id: effluent.id,
      companyId: effluent.companyId,
      buildingId: effluent.buildingId,
      consumptions: 0,
      record: { ...effluent },
    },
    emissions: 0,
    remove: () => {
      effluents.delete(effluent.id);
    },
  };
}

function planCertificate(parts: DeletionParts, id: string): Planned | undefined {
  const certificates = parts.tables.certificates;
  const found = certificates.find(id.trim().toLowerCase());
  if (found === undefined) return undefined;
  const { companyRef: _, ...certificate } = found;
  return {
    item: {
      resource: "certificate",
      id: certificate.id,
      companyId: certificate.companyId,
      buildingId: certificate.buildingId,
      consumptions: 0,
      record: { ...certificate },
    },
    emissions: 0,
    // Its building's coverage is settled by the write's end (certificate-cover.ts).
    remove: () => certificates.delete(certificate.id),
  };
}
