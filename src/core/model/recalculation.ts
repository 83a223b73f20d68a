import { z } from "zod";
import { scopeSchema, uuidSchema } from "./common.js";

/** What `emissions recalculate` asks of an engine. */
export const recalculationRequestSchema = z.strictObject({
  /** These companies; absent: every company (on a server, every company the token may write). */
  companyIds: z.array(uuidSchema).min(1).max(500).optional(),
  /** Work out the change, store nothing. */
  dryRun: z.boolean().default(false),
  /**
   * A company total (location- or market-based) moving by more than this percentage stores
   * nothing: the report says so (`exceeded`), and the command exits 3.
   */
  maxChangePercent: z.number().finite().min(0).max(1_000_000).optional(),
  /**
   * A library release the database keeps (its version or name) to price with instead of the
   * current one; absent: the current release.
   */
  library: z.string().trim().min(1).max(200).optional(),
  /** Who the audit trail names; served, the token's user (the CLI leaves it to the engine). */
  actor: z.string().min(1).optional(),
});

/** The body of `POST /emissions/recalculate` (carbon serve's extension); `?dryRun=true` rolls back. */
export const recalculationBodySchema = recalculationRequestSchema.pick({
  companyIds: true,
  maxChangePercent: true,
  library: true,
});
export type RecalculationRequest = z.input<typeof recalculationRequestSchema>;

/** The totals of one side (before or after) of a change. */
const sideSchema = z.object({
  co2e: z.number(),
  co2eMarketBased: z.number(),
  count: z.number().int(),
  awaitingFactor: z.number().int(),
});
export type RecalculationSide = z.infer<typeof sideSchema>;

/**
 * A percentage change of a total: (after - before) / before x 100. Null when the total was 0
 * and is not any more (no percentage describes it; it exceeds every threshold).
 */
const percentSchema = z.number().nullable();

/** One company's scope and category before and after. */
export const recalculationChangeSchema = z.object({
  companyId: uuidSchema,
  scope: scopeSchema,
  /** The GHG Protocol category's code (`stationary_combustion`, `s3_03_fuel_energy_related`...). */
  category: z.string(),
  categoryName: z.string().nullable(),
  before: sideSchema,
  after: sideSchema,
  changeKg: z.number(),
  changePercent: percentSchema,
});
export type RecalculationChange = z.infer<typeof recalculationChangeSchema>;

/** One company's totals before and after; `exceeded` against the request's maxChangePercent. */
export const recalculationCompanySchema = z.object({
  companyId: uuidSchema,
  before: sideSchema,
  after: sideSchema,
  changeKg: z.number(),
  changePercent: percentSchema,
  changeKgMarketBased: z.number(),
  changePercentMarketBased: percentSchema,
  exceeded: z.boolean(),
});
export type RecalculationCompany = z.infer<typeof recalculationCompanySchema>;

export const recalculationReportSchema = z.object({
  dryRun: z.boolean(),
  /** True when the new figures were stored: not a dry run, and no company exceeded the limit. */
  stored: z.boolean(),
  maxChangePercent: z.number().nullable(),
  /** Some company's total moved by more than maxChangePercent. */
  exceeded: z.boolean(),
  /** Emissions recalculated (stored or, in a dry run or beyond the limit, rolled back). */
  recalculated: z.number().int(),
  /** The library the new figures come from. */
  factorLibraryVersion: z.string(),
  companies: z.array(recalculationCompanySchema),
  changes: z.array(recalculationChangeSchema),
});
export type RecalculationReport = z.infer<typeof recalculationReportSchema>;
