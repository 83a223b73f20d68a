/**
 * How each deletable resource's records are found, a request's ids at once, and what their
 * deletion takes with it; deletions.ts runs the plans (every id found first, refusals named
 * together, then the records removed and audited).
 */
import { CarbonError } from "../core/errors.js";
import type { Consumption } from "../core/model/consumption.js";
import type { DeletableResource, DeletedRecord } from "../core/model/deletion.js";
import { findConsumptionsWithStatus } from "./consumption-reads.js";
import { customFactorScope } from "./custom-factor-scope.js";
import type { CustomFactorDriver } from "./custom-factors.js";
import { customInputRefusal } from "./custom-inputs.js";
import { goalRefusal } from "./goals.js";
import type { StoreTransaction } from "./store.js";
import { vehicleRefusal } from "./vehicles.js";
import { wasteOperatorRefusal } from "./waste-operators.js";

/** A consumption as the driver finds it, and whether its emission is calculated. */
export interface FoundConsumption {
  readonly consumption: Consumption;
  readonly calculated: boolean;
}

/**
 * What a deletion asks of the driver's code that is not on the port: the recalculation a custom
 * factor's deletion needs (the emissions it priced fall back to the next factor in the
 * resolution order).
 */
export type DeletionDriver = CustomFactorDriver;

/** A record found, and what its deletion comes to. */
export interface Planned {
  readonly item: Omit<DeletedRecord, "auditId">;
  /** Of the consumptions going with it, those with calculated emissions. */
  readonly emissions: number;
  /** Why it cannot be deleted: every refusal is named in one conflict and nothing goes. */
  readonly refusal?: string;
  /** A building's: what refers to it (deletions.ts refuses or takes it along). */
  readonly building?: {
    readonly effluents: number;
    readonly invoices: number;
    readonly limits: number;
  };
}

/** A request's records, and how the ones that go are removed. */
export interface Plan {
  /** Each id's record, in the request's order; undefined: there is none. */
  readonly found: readonly (Planned | undefined)[];
  /** Removes these of the found records (all of the request's, none refused), together. */
  remove(planned: readonly Planned[]): Promise<void>;
}

/** Plans the deletion of the records of these ids (unique, in lower case). */
export async function planDeletion(
  tx: StoreTransaction,
  resource: DeletableResource,
  ids: readonly string[],
  driver: DeletionDriver,
): Promise<Plan> {
  switch (resource) {
    case "consumption":
      return planConsumptions(tx, ids, driver);
    case "building":
      return planBuildings(tx, ids);
    case "customFactor":
      return planCustomFactors(tx, ids, driver);
    case "invoice":
      return planInvoices(tx, ids);
    case "supplier":
      return removedAlone(tx, resource, ids, strip(await tx.suppliers.findMany(ids)));
    case "effluent": {
      const found = await tx.effluents.findMany(ids);
      const records = found.map(({ companyRef: _, buildingRef: __, ...record }) => ({
        record,
        buildingId: record.buildingId,
      }));
      return removedAlone(tx, resource, ids, records);
    }
    case "certificate": {
      const records = strip(await tx.certificates.findMany(ids));
      // Its building's coverage is settled by the write's end (certificate-cover.ts).
      const withBuildings = records.map(({ record }) => ({
        record,
        buildingId: record.buildingId,
      }));
      return removedAlone(tx, resource, ids, withBuildings);
    }
    case "comment":
      return removedAlone(tx, resource, ids, strip(await tx.comments.findMany(ids)));
    case "task":
      return removedAlone(tx, resource, ids, strip(await tx.tasks.findMany(ids)));
    case "organizationLimit":
      return removedAlone(tx, resource, ids, strip(await tx.organizationLimits.findMany(ids)));
    case "wasteOperator": {
      const records = strip(await tx.wasteOperators.findMany(ids));
      const invoices = await tx.wasteOperators.invoiceCounts(records.map(idOf));
      const refusals = records.map(({ record }, at) =>
        wasteOperatorRefusal(record.id, invoices[at] ?? 0),
      );
      return removedAlone(tx, resource, ids, records, refusals);
    }
    case "goal": {
      const found = await tx.goals.findMany(ids);
      const records = found.map(({ ref: _, companyRef: __, ...record }) => ({ record }));
      const tasks = await tx.goals.taskCounts(records.map(idOf));
      const refusals = records.map(({ record }, at) => goalRefusal(record.id, tasks[at] ?? 0));
      return removedAlone(tx, resource, ids, records, refusals);
    }
    case "vehicle": {
      const found = await tx.vehicles.findMany(ids);
      const records = found.map(({ companyRef: _, plateKey: __, ...record }) => ({ record }));
      const consumptions = await tx.vehicles.consumptionCounts(records.map(idOf));
      const refusals = records.map(({ record }, at) =>
        vehicleRefusal(record.id, consumptions[at] ?? 0),
      );
      return removedAlone(tx, resource, ids, records, refusals);
    }
    case "customInput": {
      const found = await tx.customInputs.findMany(ids);
      const records = found.map(({ ref: _, companyRef: __, ...record }) => ({ record }));
      const [consumptions, invoices] = await Promise.all([
        tx.customInputs.consumptionCounts(found.map((input) => input.ref)),
        tx.customInputs.invoiceCounts(records.map(idOf)),
      ]);
      const refusals = records.map(({ record }, at) =>
        customInputRefusal(record.id, consumptions[at] ?? 0, invoices[at] ?? 0),
      );
      return removedAlone(tx, resource, ids, records, refusals);
    }
  }
}

interface Identified {
  readonly id: string;
  readonly companyId: string;
}

/** A record found by its table: as the port answers it, and the building it is of, if any. */
interface FoundRecord {
  readonly record: Identified;
  readonly buildingId?: string | null;
}

/** The records as the port answers them: without the store's key of their company. */
function strip<T extends Identified>(found: readonly (T & { readonly companyRef: number })[]) {
  return found.map(({ companyRef: _, ...record }) => ({ record }));
}

function idOf({ record }: FoundRecord): string {
  return record.id;
}

/** Each id's entry of `found` (matched by the record's id), in the ids' order. */
function inOrder<T>(
  ids: readonly string[],
  found: readonly T[],
  idOfOne: (one: T) => string,
): (T | undefined)[] {
  const byId = new Map(found.map((one) => [idOfOne(one), one]));
  return ids.map((id) => byId.get(id));
}

/** Records whose deletion removes their own row and nothing else. */
function removedAlone(
  tx: StoreTransaction,
  resource: DeletableResource,
  ids: readonly string[],
  records: readonly FoundRecord[],
  refusals: readonly (string | undefined)[] = [],
): Plan {
  const planned = records.map(({ record, buildingId }, at): Planned => {
    const refusal = refusals[at];
    return {
      item: {
        resource,
        id: record.id,
        companyId: record.companyId,
        buildingId: buildingId ?? null,
        consumptions: 0,
        record: { ...record },
      },
      emissions: 0,
      ...(refusal === undefined ? {} : { refusal }),
    };
  });
  return {
    found: inOrder(ids, planned, (one) => one.item.id),
    remove: async (going) => {
      await tx.deletions.remove(
        resource,
        going.map((one) => one.item.id),
      );
    },
  };
}

/** A consumption goes alone: its emission lines are its own. */
async function planConsumptions(
  tx: StoreTransaction,
  ids: readonly string[],
  _driver: DeletionDriver,
): Promise<Plan> {
  const found = await findConsumptionsWithStatus(tx, ids);
  return {
    found: found.map((one) => (one === undefined ? undefined : consumptionPlanned(one))),
    remove: async (going) => {
      await tx.deletions.remove(
        "consumption",
        going.map((one) => one.item.id),
      );
    },
  };
}

/** What a consumption's deletion comes to (also the driver's synchronous removal's). */
export function consumptionPlanned({ consumption, calculated }: FoundConsumption): Planned {
  return {
    item: {
      resource: "consumption",
      id: consumption.id,
      companyId: consumption.companyId,
      buildingId: consumption.buildingId,
      consumptions: 1,
      record: { ...consumption },
    },
    emissions: calculated ? 1 : 0,
  };
}

/**
 * A building goes with its consumptions and effluent records (deletions.ts refuses it unless
 * they go along), never while it has energy attribute certificates: the first found that has
 * some, in the request's order, is a conflict before anything else is looked at.
 */
async function planBuildings(tx: StoreTransaction, ids: readonly string[]): Promise<Plan> {
  const buildings = inOrder(ids, await tx.buildings.findMany(ids), (building) => building.id);
  const found = buildings.flatMap((building) => building ?? []);
  const [footprints, references] = await Promise.all([
    tx.buildings.footprints(found.map((building) => building.ref)),
    tx.buildings.references(found),
  ]);
  const planned = found.map((building, at): Planned => {
    const footprint = footprints[at] ?? { consumptions: 0, emissions: 0 };
    const refers = references[at] ?? { effluents: 0, certificates: 0, invoices: 0, limits: 0 };
    if (refers.certificates > 0) {
      throw new CarbonError(
        "conflict",
        `building ${building.id} still has ${refers.certificates} energy attribute certificate(s): nothing was deleted`,
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
      building: { effluents: refers.effluents, invoices: refers.invoices, limits: refers.limits },
    };
  });
  const refs = new Map(found.map((building) => [building.id, building.ref]));
  return {
    found: inOrder(ids, planned, (one) => one.item.id),
    remove: async (going) => {
      const gone = going.flatMap((one) => refs.get(one.item.id) ?? []);
      await tx.deletions.removeConsumptionsOf(gone);
      await tx.deletions.removeEffluentsOf(gone);
      await tx.deletions.remove(
        "building",
        going.map((one) => one.item.id),
      );
    },
  };
}

/** A custom factor goes alone; the emissions it priced are recalculated (the driver's). */
async function planCustomFactors(
  tx: StoreTransaction,
  ids: readonly string[],
  driver: DeletionDriver,
): Promise<Plan> {
  const found = await tx.customFactors.findMany(ids);
  const plan = removedAlone(
    tx,
    "customFactor",
    ids,
    found.map(({ companyRef: _, categoryRef: __, ...record }) => ({ record })),
  );
  const factors = new Map(found.map((factor) => [factor.id, factor]));
  return {
    found: plan.found,
    remove: async (going) => {
      await plan.remove(going);
      const gone = going.flatMap((one) => factors.get(one.item.id) ?? []);
      const sources = new Map<number, readonly number[]>();
      for (const { categoryRef } of gone) {
        if (!sources.has(categoryRef))
          sources.set(categoryRef, await driver.sourcesOf(categoryRef));
      }
      // The emissions each gave fall back to the next factor in the resolution order.
      for (const factor of gone) {
        const scope = customFactorScope(
          factor.companyRef,
          [{ categoryRef: factor.categoryRef, validity: factor }],
          (ref) => sources.get(ref) ?? [],
        );
        await driver.recalculate(tx, scope);
      }
    },
  };
}

/** An invoice goes with its lines' consumptions and their emissions. */
async function planInvoices(tx: StoreTransaction, ids: readonly string[]): Promise<Plan> {
  const found = await tx.invoices.findMany(ids);
  const planned = found.map(
    ({ consumptionIds, ...record }): Planned => ({
      item: {
        resource: "invoice",
        id: record.id,
        companyId: record.companyId,
        buildingId: record.buildingId,
        consumptions: consumptionIds.length,
        record: { ...record },
      },
      emissions: record.lines.filter((line) => line.emissionStatus === "calculated").length,
    }),
  );
  const consumptions = new Map(found.map((invoice) => [invoice.id, invoice.consumptionIds]));
  return {
    found: inOrder(ids, planned, (one) => one.item.id),
    remove: async (going) => {
      await tx.deletions.remove(
        "consumption",
        going.flatMap((one) => consumptions.get(one.item.id) ?? []),
      );
      await tx.deletions.remove(
        "invoice",
        going.map((one) => one.item.id),
      );
    },
  };
}
