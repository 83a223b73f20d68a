import { CarbonError } from "../../core/errors.js";
import type { Emission } from "../../core/model/emission.js";
import {
  recalculationBodySchema,
  recalculationReportSchema,
} from "../../core/model/recalculation.js";
import {
  emissionSummaryQuery,
  emissionsQuery,
  ignoredBody,
  upsertConsumptionQuery,
} from "../input.js";
import { defineRoute, ok, type Route } from "../route.js";
import { responses } from "../schemas.js";
import { listFiltersOfBuildings, summaryFilterOfBuildings } from "../scoping.js";
import { byKeys, emptyWhenMissing, type PageSource, unionPage } from "../union.js";

/**
 * Each company's lines come in its consumptions' order (start date), a consumption's lines
 * together: a later year's part starts after the consumption does. So the union orders lines
 * by the start of their consumption's first line, which a source's pages (read from page 1 on)
 * say, kept aside for the merge.
 */
function withConsumptionStarts(
  source: PageSource<Emission>,
  starts: WeakMap<Emission, string>,
): PageSource<Emission> {
  let last: Emission | undefined;
  return async (window) => {
    const page = await source(window);
    if (window.page === 1) last = undefined;
    for (const emission of page.data) {
      const same = last !== undefined && last.consumptionId === emission.consumptionId;
      starts.set(emission, (same && last !== undefined && starts.get(last)) || emission.startDate);
      last = emission;
    }
    return page;
  };
}

export const emissionRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: "/emissions",
    summary:
      "List emission lines (each consumption's direct line and its derived scope 3 category 3 lines, per calendar year), in their consumptions' order: startDate, then the order stored",
    query: emissionsQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.emissions,
    async handle({ service, access, query }) {
      const { page, limit, scope, ...period } = query;
      const filter = scope === undefined ? period : { ...period, scopes: scope };
      const { filters, injected } = await listFiltersOfBuildings(service, access, filter);
      const starts = new WeakMap<Emission, string>();
      const sources = filters.map((one) => {
        const source = (window: { page: number; limit: number }) =>
          service.emissions.list({ ...one, ...window });
        return withConsumptionStarts(injected ? emptyWhenMissing(source) : source, starts);
      });
      const order = byKeys<Emission>(
        (emission) => starts.get(emission) ?? emission.startDate,
        (emission) => emission.consumptionId,
      );
      return ok(await unionPage(sources, order, { page, limit }));
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
  defineRoute({
    method: "POST",
    path: "/emissions/recalculate",
    summary:
      "Recalculate stored emissions under the factors in use now; the change per company, scope and category (admin)",
    extension: true,
    // `dryRun=true`: answer the change, store nothing.
    query: upsertConsumptionQuery,
    bodyName: "RecalculationInput",
    body: recalculationBodySchema,
    statuses: [200],
    response: { name: "RecalculationReport", schema: recalculationReportSchema },
    async handle({ service, access, query, body }) {
      for (const id of body.companyIds ?? []) access.company(id);
      if (access.claims.role !== "admin") {
        throw new CarbonError(
          "forbidden",
          `a ${access.claims.role} token may not recalculate emissions; that needs the role admin`,
          { hint: "ask for an admin token (carbon serve token --role admin)" },
        );
      }
      const companyIds = body.companyIds ?? (access.scoped ? access.companies : undefined);
      const report = await service.emissions.recalculate({
        dryRun: query.dryRun,
        actor: access.claims.email,
        ...(companyIds === undefined || companyIds.length === 0
          ? {}
          : { companyIds: [...companyIds] }),
        ...(body.maxChangePercent === undefined ? {} : { maxChangePercent: body.maxChangePercent }),
        ...(body.library === undefined ? {} : { library: body.library }),
      });
      return ok(report);
    },
  }),
];
