import type { Emission } from "../../../core/model/emission.js";
import type { Column } from "../../output/format.js";
import { day, type Names } from "./lookups.js";

/** `carbon emissions list`: what was emitted, when, where. */
export function emissionColumns(names: Names): Column<Emission>[] {
  return [
    { header: "startDate", value: (e) => day(e.startDate) },
    { header: "endDate", value: (e) => day(e.endDate) },
    { header: "scope", value: (e) => e.scope },
    { header: "category", value: (e) => names.category(e.categoryId) },
    { header: "building", value: (e) => names.building(e.buildingId) },
    { header: "co2e", value: (e) => e.co2e, align: "right" },
    { header: "co2eMarketBased", value: (e) => e.co2eMarketBased, align: "right" },
    { header: "status", value: (e) => e.status },
  ];
}

/** `carbon emissions list --explain`: how each figure was obtained. */
export function explainColumns(names: Names): Column<Emission>[] {
  return [
    { header: "startDate", value: (e) => day(e.startDate) },
    { header: "category", value: (e) => names.category(e.categoryId) },
    { header: "quantity", value: (e) => e.quantity, align: "right" },
    { header: "unit", value: (e) => e.unit },
    { header: "convertedQuantity", value: (e) => e.convertedQuantity, align: "right" },
    { header: "factorUnit", value: (e) => e.factorUnit },
    { header: "factorValue", value: (e) => e.factorValue, align: "right" },
    { header: "factorSource", value: (e) => e.factorSource },
    { header: "factorYear", value: (e) => e.factorYear, align: "right" },
    { header: "resolution", value: (e) => e.resolution },
    { header: "co2e", value: (e) => e.co2e, align: "right" },
  ];
}

/** The emission record of ../design/cli.md, field for field and in that order (exports). */
export const emissionRecordColumns: readonly Column<Emission>[] = [
  { header: "id", value: (e) => e.id },
  { header: "consumptionId", value: (e) => e.consumptionId },
  { header: "companyId", value: (e) => e.companyId },
  { header: "buildingId", value: (e) => e.buildingId },
  { header: "categoryId", value: (e) => e.categoryId },
  { header: "scope", value: (e) => e.scope },
  { header: "startDate", value: (e) => e.startDate },
  { header: "endDate", value: (e) => e.endDate },
  { header: "co2e", value: (e) => e.co2e },
  { header: "co2", value: (e) => e.co2 },
  { header: "ch4", value: (e) => e.ch4 },
  { header: "n2o", value: (e) => e.n2o },
  { header: "co2eMarketBased", value: (e) => e.co2eMarketBased },
  { header: "factorId", value: (e) => e.factorId },
  { header: "factorSource", value: (e) => e.factorSource },
  { header: "factorYear", value: (e) => e.factorYear },
  { header: "status", value: (e) => e.status },
];
