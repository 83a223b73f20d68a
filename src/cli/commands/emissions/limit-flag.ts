/**
 * `--limit LIMIT_ID` of the dashboard and the export: the company's summaries consolidated by
 * one of its organization limits (docs/organization-limits.md), the limit used said on stderr.
 */
import type { ConsolidatedSummary } from "../../../core/consolidated-summary.js";
import { CarbonError } from "../../../core/errors.js";
import type { EmissionSummary } from "../../../core/model/emission.js";
import type { SummaryQuery } from "../../../core/ports/emissions.js";
import type { CarbonService } from "../../../core/service.js";
import type { Context } from "../../context.js";
import { parseUuid } from "../../flags.js";

export type LimitUsed = ConsolidatedSummary["limit"];

/** The stderr line naming the limit a consolidation used. */
export function limitLine(limit: LimitUsed): string {
  return `organization limit "${limit.name}" (${limit.id}): ${limit.approach}, ${limit.periodFrom} to ${limit.periodTo}`;
}

/**
 * --limit needs --company (the limit's) and consolidates a whole company, never one building;
 * where only totals can be consolidated (`totalsOnly`: an export of records), it is refused.
 */
export function parseLimitFlag(
  opts: { readonly limit?: string; readonly company?: string; readonly building?: string },
  { totalsOnly = false } = {},
): string | undefined {
  if (opts.limit === undefined) return undefined;
  const limitId = parseUuid("--limit", opts.limit);
  if (totalsOnly) {
    throw new CarbonError(
      "usage",
      "--limit consolidates totals: add --group-by, such as --group-by month,scope",
    );
  }
  if (opts.company === undefined) {
    throw new CarbonError("usage", "--limit needs --company, the company whose limit it is");
  }
  if (opts.building !== undefined) {
    throw new CarbonError(
      "usage",
      "--limit consolidates a whole company; it cannot be combined with --building",
    );
  }
  return limitId;
}

/** Summaries as asked, or consolidated by the limit (its line printed once on stderr). */
export interface Summarizer {
  summarize(query: SummaryQuery): Promise<EmissionSummary>;
  /** The limit used, once a summary has been consolidated by it. */
  limit(): LimitUsed | undefined;
}

export function summarizer(
  ctx: Context,
  service: CarbonService,
  limitId: string | undefined,
): Summarizer {
  let used: LimitUsed | undefined;
  return {
    async summarize(query) {
      if (limitId === undefined || query.companyId === undefined) {
        return service.emissions.summarize(query);
      }
      const result = await service.organizationLimits.consolidatedSummary(
        query.companyId,
        limitId,
        query,
      );
      if (used === undefined) ctx.io.err(limitLine(result.limit));
      used = result.limit;
      return result.summary;
    },
    limit: () => used,
  };
}
