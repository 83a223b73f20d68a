/** The emissions part of the port: what the engine calculated from the consumptions. */
import type { Page, PageQuery, Scope } from "../model/common.js";
import type { Emission, EmissionSummary, GroupKey } from "../model/emission.js";
import type { RecalculationReport, RecalculationRequest } from "../model/recalculation.js";
import type { PeriodFilter } from "./consumptions.js";

export interface EmissionFilter extends PeriodFilter {
  readonly scopes?: readonly Scope[];
  /** The consumptions' entityIds (an invoice's, a vehicle's): any of them matches. */
  readonly entityIds?: readonly [string, ...string[]];
}

export interface EmissionQuery extends EmissionFilter, PageQuery {}

export interface SummaryQuery extends EmissionFilter {
  readonly groupBy: readonly GroupKey[];
}

/** `service.emissions`: read only; emissions change with their consumptions and factors. */
export interface EmissionsPort {
  list(query: EmissionQuery): Promise<Page<Emission>>;
  /** Every matching emission in list order (startDate, then the order stored), without holding them all. */
  stream(filter: EmissionFilter): AsyncIterable<Emission>;
  summarize(query: SummaryQuery): Promise<EmissionSummary>;
  /**
   * Recalculates the stored emissions of the companies under the factors in use now, and reports
   * the change per company, scope and category; stores nothing in a dry run or when a company's
   * total moves by more than `maxChangePercent`.
   */
  recalculate(request: RecalculationRequest): Promise<RecalculationReport>;
}
