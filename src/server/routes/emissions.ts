import type { Emission } from "../../core/model/emission.js";
import { emissionSummaryQuery, emissionsQuery, ignoredBody } from "../input.js";
import { defineRoute, ok, type Route } from "../route.js";
import { responses } from "../schemas.js";
import { listFiltersOfBuildings, summaryFilterOfBuildings } from "../scoping.js";
import { byKeys, emptyWhenMissing, unionPage } from "../union.js";

const byStartThenConsumption = byKeys<Emission>(
  (emission) => emission.startDate,
  (emission) => emission.consumptionId,
);

export const emissionRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: "/emissions",
    summary: "List emissions, ordered by startDate, then the order they were stored in",
    query: emissionsQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.emissions,
    async handle({ service, access, query }) {
      const { page, limit, scope, ...period } = query;
      const filter = scope === undefined ? period : { ...period, scopes: scope };
      const { filters, injected } = await listFiltersOfBuildings(service, access, filter);
      const sources = filters.map((one) => {
        const source = (window: { page: number; limit: number }) =>
          service.emissions.list({ ...one, ...window });
        return injected ? emptyWhenMissing(source) : source;
      });
      return ok(await unionPage(sources, byStartThenConsumption, { page, limit }));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/emissions/dashboard",
    summary: "Emission totals grouped by the groupBy keys (month, scope, category, ...)",
    query: emissionSummaryQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.emissionSummary,
    async handle({ service, access, query }) {
      const { scope, groupBy, ...period } = query;
      const filter = await summaryFilterOfBuildings(service, access, period);
      return ok(
        await service.emissions.summarize({
          ...filter,
          groupBy,
          ...(scope === undefined ? {} : { scopes: scope }),
        }),
      );
    },
  }),
];
