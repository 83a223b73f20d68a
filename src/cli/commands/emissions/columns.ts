import type { Emission } from "../../../core/model/emission.js";
import type { WindowedEmission } from "../../../engine/emission-window.js";
import type { Column } from "../../output/format.js";
import { day, type Names, type ReadableNames } from "./lookups.js";

/**
 * An emission as lists and exports print it: with `share` and `recordCo2e` when cut to a
 * --from/--to window, with `buildingName` and `categoryCode` under --with-names.
 */
export type EmissionRow = Emission &
  Partial<Pick<WindowedEmission, "share" | "recordCo2e">> &
  Partial<ReadableNames>;

/** What the rows carry besides the record: the window's share, readable names. */
export interface RowShape {
  readonly window: boolean;
  readonly withNames: boolean;
}

const shareColumn: Column<EmissionRow> = {
  header: "share",
  value: (e) => e.share,
  align: "right",
};
const recordCo2eColumn: Column<EmissionRow> = {
  header: "recordCo2e",
  value: (e) => e.recordCo2e,
  align: "right",
};

/** The building and the category: readable names alone, or ids with their names beside. */
function whereColumns(names: Names, shape: RowShape): Column<EmissionRow>[] {
  if (!shape.withNames) {
    return [
      { header: "category", value: (e) => names.category(e.categoryId) },
      { header: "building", value: (e) => names.building(e.buildingId) },
    ];
  }
  return [
    { header: "categoryId", value: (e) => e.categoryId },
    { header: "categoryCode", value: (e) => e.categoryCode },
    { header: "buildingId", value: (e) => e.buildingId },
    { header: "buildingName", value: (e) => e.buildingName },
    { header: "quantity", value: (e) => e.quantity, align: "right" },
    { header: "unit", value: (e) => e.unit },
  ];
}

/** `carbon emissions list`: what was emitted, when, where. */
export function emissionColumns(names: Names, shape: RowShape): Column<EmissionRow>[] {
  return [
    { header: "startDate", value: (e) => day(e.startDate) },
    { header: "endDate", value: (e) => day(e.endDate) },
    { header: "scope", value: (e) => e.scope },
    ...whereColumns(names, shape),
    { header: "line", value: (e) => e.line },
    { header: "co2e", value: (e) => e.co2e, align: "right" },
    { header: "co2eMarketBased", value: (e) => e.co2eMarketBased, align: "right" },
    ...(shape.window ? [shareColumn] : []),
    { header: "status", value: (e) => e.status },
    { header: "marketStatus", value: (e) => e.marketStatus },
  ];
}

/** `carbon emissions list --explain`: how each figure was obtained. */
export function explainColumns(names: Names, shape: RowShape): Column<EmissionRow>[] {
  const where: Column<EmissionRow>[] = shape.withNames
    ? [
        { header: "categoryId", value: (e) => e.categoryId },
        { header: "categoryCode", value: (e) => e.categoryCode },
        { header: "buildingId", value: (e) => e.buildingId },
        { header: "buildingName", value: (e) => e.buildingName },
      ]
    : [{ header: "category", value: (e) => names.category(e.categoryId) }];
  return [
    { header: "startDate", value: (e) => day(e.startDate) },
    ...where,
    { header: "line", value: (e) => e.line },
    { header: "quantity", value: (e) => e.quantity, align: "right" },
    { header: "unit", value: (e) => e.unit },
    { header: "convertedQuantity", value: (e) => e.convertedQuantity, align: "right" },
    { header: "factorUnit", value: (e) => e.factorUnit },
    { header: "factorValue", value: (e) => e.factorValue, align: "right" },
    { header: "factorSource", value: (e) => e.factorSource },
    { header: "factorYear", value: (e) => e.factorYear, align: "right" },
    { header: "resolution", value: (e) => e.resolution },
    { header: "geography", value: (e) => e.geography },
    { header: "gwpSet", value: (e) => e.gwpSet },
    ...(shape.window ? [recordCo2eColumn, shareColumn] : []),
    { header: "co2e", value: (e) => e.co2e, align: "right" },
    ...marketColumns,
    { header: "biogenicCo2", value: (e) => e.biogenicCo2, align: "right" },
    { header: "factorLibraryVersion", value: (e) => e.factorLibraryVersion },
  ];
}

/** How the market-based figure (scope 2) was resolved, apart from the location-based one. */
const marketColumns: readonly Column<EmissionRow>[] = [
  { header: "marketStatus", value: (e) => e.marketStatus },
  { header: "marketBasis", value: (e) => e.marketBasis },
  { header: "marketResolution", value: (e) => e.marketResolution },
  { header: "marketGeography", value: (e) => e.marketGeography },
  { header: "marketFactorYear", value: (e) => e.marketFactorYear, align: "right" },
];

/**
 * The emission record of ../design/cli.md, field for field and in that order (exports), then the
 * line, its biogenic CO2 and its factor library version; names beside their ids and the
 * quantity after the dates under --with-names; `share` and `recordCo2e` last in a window.
 */
export function emissionRecordColumns(shape: RowShape): Column<EmissionRow>[] {
  const named = (columns: Column<EmissionRow>[]): Column<EmissionRow>[] =>
    shape.withNames ? columns : [];
  return [
    { header: "id", value: (e) => e.id },
    { header: "consumptionId", value: (e) => e.consumptionId },
    { header: "companyId", value: (e) => e.companyId },
    { header: "buildingId", value: (e) => e.buildingId },
    ...named([{ header: "buildingName", value: (e) => e.buildingName }]),
    { header: "categoryId", value: (e) => e.categoryId },
    ...named([{ header: "categoryCode", value: (e) => e.categoryCode }]),
    { header: "scope", value: (e) => e.scope },
    { header: "startDate", value: (e) => e.startDate },
    { header: "endDate", value: (e) => e.endDate },
    ...named([
      { header: "quantity", value: (e) => e.quantity },
      { header: "unit", value: (e) => e.unit },
    ]),
    { header: "co2e", value: (e) => e.co2e },
    { header: "co2", value: (e) => e.co2 },
    { header: "ch4", value: (e) => e.ch4 },
    { header: "n2o", value: (e) => e.n2o },
    { header: "co2eMarketBased", value: (e) => e.co2eMarketBased },
    { header: "factorId", value: (e) => e.factorId },
    { header: "factorSource", value: (e) => e.factorSource },
    { header: "factorYear", value: (e) => e.factorYear },
    { header: "status", value: (e) => e.status },
    // How each basis was found: the record's labelled fallbacks (docs/factor-library.md).
    { header: "resolution", value: (e) => e.resolution },
    { header: "geography", value: (e) => e.geography },
    { header: "gwpSet", value: (e) => e.gwpSet },
    ...marketColumns,
    { header: "line", value: (e) => e.line },
    { header: "biogenicCo2", value: (e) => e.biogenicCo2 },
    { header: "factorLibraryVersion", value: (e) => e.factorLibraryVersion },
    ...(shape.window ? [shareColumn, recordCo2eColumn] : []),
  ];
}
