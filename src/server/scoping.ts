/**
 * How the token's scope narrows a filter of consumptions or emissions:
 * - a companyId outside the scope, or a buildingId of a company outside it: 404, as if missing;
 * - no company or building filter and a scoped token: lists answer the union of the token's
 *   companies; dashboards (whose figures cannot be merged without changing them) take the one
 *   company of a single-company token, and ask for companyId (400) when the token has several;
 * - several buildings (`buildingIds[]`): lists answer the union of one filter per building;
 *   dashboards take one building at a time (400).
 */
import { CarbonError, notFound } from "../core/errors.js";
import type { Building } from "../core/model/building.js";
import type { PeriodFilter } from "../core/ports/consumptions.js";
import type { CarbonService } from "../core/service.js";
import type { Access } from "./access.js";

/** The building, or not_found when it is missing or outside the token's companies. */
export async function visibleBuilding(
  service: CarbonService,
  access: Access,
  id: string,
): Promise<Building> {
  const building = await service.buildings.get(id);
  if (!access.sees(building.companyId)) throw notFound("building", id);
  return building;
}

async function checkFilter(
  service: CarbonService,
  access: Access,
  filter: PeriodFilter,
): Promise<boolean> {
  if (filter.companyId !== undefined) access.company(filter.companyId);
  if (filter.buildingId !== undefined) await visibleBuilding(service, access, filter.buildingId);
  return filter.companyId !== undefined || filter.buildingId !== undefined;
}

/**
 * The filters a list runs: the filter itself, or one per company of a scoped token (merged by
 * the caller). `injected` is true when the company ids came from the token, not the request.
 */
export async function listFilters<F extends PeriodFilter>(
  service: CarbonService,
  access: Access,
  filter: F,
): Promise<{ readonly filters: readonly F[]; readonly injected: boolean }> {
  const pinned = await checkFilter(service, access, filter);
  if (pinned || !access.scoped) return { filters: [filter], injected: false };
  return {
    filters: access.companies.map((companyId) => ({ ...filter, companyId })),
    injected: true,
  };
}

/** The filter a dashboard runs (see the top of this file). */
export async function summaryFilter<F extends PeriodFilter>(
  service: CarbonService,
  access: Access,
  filter: F,
): Promise<F> {
  const pinned = await checkFilter(service, access, filter);
  if (pinned || !access.scoped) return filter;
  const [only, ...others] = access.companies;
  if (only !== undefined && others.length === 0) return { ...filter, companyId: only };
  throw new CarbonError(
    "usage",
    `this token covers ${access.companies.length} companies: a dashboard needs companyId (or buildingId)`,
    { hint: "ask for one company's dashboard at a time" },
  );
}

/** A filter that may name several buildings (the hosted service's `buildingIds[]`). */
type WithBuildings<F> = F & { readonly buildingIds?: readonly string[] | undefined };

/** `listFilters` for each building named, or for the filter itself when it names at most one. */
export async function listFiltersOfBuildings<F extends PeriodFilter>(
  service: CarbonService,
  access: Access,
  query: WithBuildings<F>,
): Promise<{ readonly filters: readonly F[]; readonly injected: boolean }> {
  if (query.buildingIds === undefined) return listFilters<F>(service, access, query);
  const filters: F[] = [];
  for (const buildingId of query.buildingIds) {
    const one: WithBuildings<F> = { ...query, buildingId, buildingIds: undefined };
    filters.push(...(await listFilters<F>(service, access, one)).filters);
  }
  return { filters, injected: false };
}

/** `summaryFilter`, refusing several buildings: a dashboard's figures cannot be merged. */
export async function summaryFilterOfBuildings<F extends PeriodFilter>(
  service: CarbonService,
  access: Access,
  query: WithBuildings<F>,
): Promise<F> {
  if (query.buildingIds !== undefined) {
    throw new CarbonError(
      "usage",
      `a dashboard takes one building at a time; the query names ${query.buildingIds.length}`,
      { hint: "ask for each building's dashboard, or for the company's (companyId)" },
    );
  }
  return summaryFilter<F>(service, access, query);
}
