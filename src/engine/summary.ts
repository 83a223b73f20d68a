/** Dashboards: emission and consumption summaries, computed row by row. */
export {
  type ConsumptionSummarizer,
  type ConsumptionSummaryRow,
  createConsumptionSummarizer,
} from "./consumption-summary.js";
export { createEmissionSummarizer, type EmissionSummarizer } from "./emission-summary.js";
export type { CategoryInfo, SummaryLookups, SummaryWindow } from "./summary-types.js";
