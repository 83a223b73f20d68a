/** The organization limits part of the port (docs/organization-limits.md). */
import type { ConsolidatedSummary } from "../consolidated-summary.js";
import type { Consolidation } from "../consolidation.js";
import type { Page, PageQuery } from "../model/common.js";
import type { OrganizationLimit, OrganizationLimitInput } from "../model/organization-limit.js";
import type { SummaryQuery } from "./emissions.js";

/** A company's limits: the company is always given, as the interface's path has it. */
export interface OrganizationLimitQuery extends PageQuery {
  readonly companyId: string;
}

export interface OrganizationLimitsPort {
  /** One page of a company's limits in (periodFrom, name, id) order; an unknown company is not_found. */
  list(query: OrganizationLimitQuery): Promise<Page<OrganizationLimit>>;
  /** One limit of a company; unknown, or another company's, is not_found. */
  get(companyId: string, limitId: string): Promise<OrganizationLimit>;
  /** Upsert by id: members must exist, a limit keeps its company. */
  upsert(input: OrganizationLimitInput): Promise<OrganizationLimit>;
  /** The company's emissions over the limit's period, consolidated by it. */
  consolidate(companyId: string, limitId: string): Promise<Consolidation>;
  /** An emission summary of the company (any grouping) consolidated by the limit, inside its period. */
  consolidatedSummary(
    companyId: string,
    limitId: string,
    query: SummaryQuery,
  ): Promise<ConsolidatedSummary>;
}
