/** What both stores' tables are called and hold, where their statements name them alike. */
import type { DeletableResource } from "../core/model/deletion.js";

/** The table each deletable resource's records live in, by `id`. */
export const DELETABLE_TABLES: Readonly<Record<DeletableResource, string>> = {
  consumption: "consumptions",
  building: "buildings",
  customFactor: "custom_factors",
  supplier: "suppliers",
  wasteOperator: "waste_operators",
  comment: "comments",
  goal: "goals",
  task: "tasks",
  invoice: "invoices",
  effluent: "effluents",
  certificate: "certificates",
  vehicle: "vehicles",
  customInput: "custom_inputs",
  organizationLimit: "organization_limits",
};

/**
 * The columns a consumption is written with from the writer's values, in their order
 * (ConsumptionRowValues of the Store port).
 */
export const CONSUMPTION_ROW_COLUMNS = [
  "id",
  "entity_id",
  "building_ref",
  "category_ref",
  "start_date",
  "end_date",
  "quantity",
  "unit",
  "co2e",
  "co2",
  "ch4",
  "n2o",
  "co2e_market",
  "converted_quantity",
  "provenance_ref",
] as const;
