import type { Consumption, ConsumptionUpsertResult } from "../../../core/model/consumption.js";
import type { ConsumptionGroup } from "../../../core/model/emission.js";
import type { Column } from "../../output/format.js";
import { day, type Names, type ReadableNames } from "../emissions/lookups.js";

/** `carbon consumptions list`. */
export function consumptionColumns(names: Names): Column<Consumption>[] {
  return [
    { header: "id", value: (c) => c.id },
    { header: "startDate", value: (c) => day(c.startDate) },
    { header: "endDate", value: (c) => day(c.endDate) },
    { header: "category", value: (c) => names.category(c.categoryId) },
    { header: "building", value: (c) => names.building(c.buildingId) },
    { header: "entityId", value: (c) => c.entityId },
    { header: "quantity", value: (c) => c.quantity, align: "right" },
    { header: "unitType", value: (c) => c.unitType },
  ];
}

/** `carbon consumptions list --with-names`: ids with their names beside. */
export const namedConsumptionColumns: readonly Column<Consumption & ReadableNames>[] = [
  { header: "id", value: (c) => c.id },
  { header: "startDate", value: (c) => day(c.startDate) },
  { header: "endDate", value: (c) => day(c.endDate) },
  { header: "categoryId", value: (c) => c.categoryId },
  { header: "categoryCode", value: (c) => c.categoryCode },
  { header: "buildingId", value: (c) => c.buildingId },
  { header: "buildingName", value: (c) => c.buildingName },
  { header: "entityId", value: (c) => c.entityId },
  { header: "quantity", value: (c) => c.quantity, align: "right" },
  { header: "unitType", value: (c) => c.unitType },
];

/** `carbon consumptions get`: every field, with the category code beside its id. */
export function consumptionDetailColumns(names: Names): Column<Consumption>[] {
  return [
    { header: "id", value: (c) => c.id },
    { header: "entityId", value: (c) => c.entityId },
    { header: "category", value: (c) => names.category(c.categoryId) },
    { header: "categoryId", value: (c) => c.categoryId },
    { header: "companyId", value: (c) => c.companyId },
    { header: "building", value: (c) => names.building(c.buildingId) },
    { header: "buildingId", value: (c) => c.buildingId },
    { header: "startDate", value: (c) => c.startDate },
    { header: "endDate", value: (c) => c.endDate },
    { header: "quantity", value: (c) => c.quantity },
    { header: "unitType", value: (c) => c.unitType },
    { header: "kwhPerM3", value: (c) => c.kwhPerM3 },
    { header: "createdAt", value: (c) => c.createdAt },
    { header: "updatedAt", value: (c) => c.updatedAt },
  ];
}

/** What `consumptions upsert` prints: the record stored (as sent when the server sends none). */
export interface UpsertRow extends ConsumptionUpsertResult {
  readonly consumption: Consumption;
}

/** `carbon consumptions upsert`: what happened, and the emission it gives (when the server says). */
export function upsertColumns(names: Names): Column<UpsertRow>[] {
  return [
    { header: "outcome", value: (r) => r.outcome },
    { header: "id", value: (r) => r.consumption.id },
    { header: "category", value: (r) => names.category(r.consumption.categoryId) },
    { header: "building", value: (r) => names.building(r.consumption.buildingId) },
    { header: "startDate", value: (r) => r.consumption.startDate },
    { header: "endDate", value: (r) => r.consumption.endDate },
    { header: "quantity", value: (r) => r.consumption.quantity },
    { header: "unitType", value: (r) => r.consumption.unitType },
    { header: "scope", value: (r) => r.emission?.scope },
    { header: "co2e", value: (r) => r.emission?.co2e },
    { header: "co2eMarketBased", value: (r) => r.emission?.co2eMarketBased },
    { header: "status", value: (r) => r.emission?.status },
    { header: "factorSource", value: (r) => r.emission?.factorSource },
    { header: "factorYear", value: (r) => r.emission?.factorYear },
  ];
}

/** `carbon consumptions dashboard` as data: one line per month and subcategory. */
export const consumptionGroupColumns: readonly Column<ConsumptionGroup>[] = [
  { header: "month", value: (g) => g.month },
  { header: "category", value: (g) => g.categoryCode },
  { header: "scope", value: (g) => g.scope },
  { header: "quantity", value: (g) => g.quantity },
  { header: "unit", value: (g) => g.unit },
  { header: "count", value: (g) => g.count },
  { header: "awaitingFactor", value: (g) => g.awaitingFactor },
];
