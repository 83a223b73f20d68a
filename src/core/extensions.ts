/**
 * The extensions of the interface a server may offer beyond `interface.md`, as it announces them
 * on `POST /auth/who-am-i` (`extensions`, an array of these strings). An operation of ours is
 * named by its method and OpenAPI path (`GET /companies/{id}`); a query parameter of ours that
 * spec operations honour is named by itself. A client uses an extension only when the server
 * announced it; a server that announces nothing offers the specification alone.
 */

/** `?dryRun=true` on the writes of ours that take it: nothing is stored, the answer says what would be. */
export const DRY_RUN_EXTENSION = "dryRun";

/**
 * `?expectedCompanyIds=a,b` on `POST /buildings/move`: the company each named building belonged
 * to when the caller planned the move (in `buildingIds`' order); a building that belongs to
 * another one by then (a second move got there first) refuses the move with 409, nothing moved.
 */
export const MOVE_EXPECTED_COMPANIES_EXTENSION = "moveExpectedCompanies";

/** An operation's extension name. */
export function operationExtension(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/**
 * `GET /service-footprint/glec` without `companyId` lists the entries of every company the token
 * may read; the hosted service requires a company.
 */
export const GLEC_EVERY_COMPANY_EXTENSION = "glecEveryCompany";

/**
 * GLEC actions take the ISO 14083 fields of ours (docs/glec.md): the allocation of measured fuel
 * (`totalTransportActivity`, `totalLoad`, `loadFactor`, `payloadCapacity`) and the `country`
 * whose grid an electric leg ran on; the specification has none of them.
 */
export const GLEC_ALLOCATION_EXTENSION = "glecAllocation";

/**
 * `startDate`/`endDate` (the hosted service's names) on the spec's regos dashboard: a period,
 * shared out by day; the specification shows only CompanyId, BuildingId and Cup.
 */
export const REGOS_PERIOD_EXTENSION = "regosDashboardPeriod";
/**
 * Consumptions take our optional `kwhPerM3`: the kWh (gross CV) per m3 a natural-gas bill prints
 * (docs/factor-library.md); the specification has no such field, so it is never sent otherwise.
 */
export const CONSUMPTION_KWH_PER_M3_EXTENSION = "consumptionKwhPerM3";

/**
 * Custom factors carry `validFrom`/`validTo` (days, both included), and `POST
 * /emission-factors/custom` takes `?dryRun=true` and answers the factor with the `recalculation`
 * it caused per company, scope and category (docs/factor-library.md#custom-factors-by-date).
 */
export const CUSTOM_FACTOR_VALIDITY_EXTENSION = "customFactorValidity";

/** Accepting an invitation's code for a token, without a token (carbon serve's, docs/users.md). */
export const ACCEPT_INVITE_PATH = "/auth/accept-invite";
