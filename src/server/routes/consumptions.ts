import { notFound, validationError } from "../../core/errors.js";
import type { Consumption } from "../../core/model/consumption.js";
import { findOrUndefined } from "../access.js";
import { dryRunUpsert } from "../dry-run.js";
import {
  consumptionSummaryQuery,
  consumptionsQuery,
  ignoredBody,
  noQuery,
  upsertConsumptionQuery,
} from "../input.js";
import { defineRoute, ok, param, type Route } from "../route.js";
import { bodies, responses } from "../schemas.js";
import { listFiltersOfBuildings, summaryFilterOfBuildings } from "../scoping.js";
import { byKeys, emptyWhenMissing, unionPage } from "../union.js";
import { removeConsumption } from "./deletions.js";

const byStartThenId = byKeys<Consumption>(
  (consumption) => consumption.startDate,
  (consumption) => consumption.id,
);

export const consumptionRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: "/consumptions",
    summary: "List consumptions, ordered by startDate, then the order they were stored in",
    query: consumptionsQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.consumptions,
    async handle({ service, access, query }) {
      const { page, limit, ...filter } = query;
      const { filters, injected } = await listFiltersOfBuildings(service, access, filter);
      const sources = filters.map((one) => {
        const source = (window: { page: number; limit: number }) =>
          service.consumptions.list({ ...one, ...window });
        return injected ? emptyWhenMissing(source) : source;
      });
      return ok(await unionPage(sources, byStartThenId, { page, limit }));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/consumptions/dashboard",
    summary: "Quantities by month and subcategory",
    query: consumptionSummaryQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.consumptionSummary,
    async handle({ service, access, query }) {
      const filter = await summaryFilterOfBuildings(service, access, query);
      return ok(await service.consumptions.summarize(filter));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/consumptions/{id}",
    summary: "Get one consumption",
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.consumption,
    async handle({ service, access, params }) {
      const id = param(params, "id");
      const consumption = await service.consumptions.get(id);
      if (!access.sees(consumption.companyId)) throw notFound("consumption", id);
      return ok(consumption);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/consumptions",
    summary:
      "Create or update a consumption by its id and calculate its emission; with removedAt set, remove it and its emission (member, admin)",
    query: upsertConsumptionQuery,
    ...bodies.consumptionUpsert,
    statuses: [201, 200],
    response: responses.upsertOrRemoval,
    async handle({ service, access, query, body: withRemoval }) {
      const { removedAt, ...body } = withRemoval;
      if (removedAt !== null && removedAt !== undefined) {
        return removeConsumption(service, access, body, query.dryRun);
      }
      access.company(body.companyId);
      // A token of some companies may not see, nor write over, another company's records; a
      // token of every company sees them all, and needs no read of them here.
      if (access.scoped) {
        const before = await findOrUndefined(() => service.consumptions.get(body.id));
        if (before !== undefined && !access.sees(before.companyId)) {
          throw notFound("consumption", body.id);
        }
        const building = await findOrUndefined(() => service.buildings.get(body.buildingId));
        if (building !== undefined && !access.sees(building.companyId)) {
          // What the service says of a building that does not exist.
          const message = `building ${body.buildingId} does not exist`;
          throw validationError(`consumption rejected: buildingId: ${message}`, [
            { path: "buildingId", message },
          ]);
        }
      }
      access.mayWrite("consumptions");
      if (query.dryRun) return ok(await dryRunUpsert(service, body));
      const result = await service.consumptions.upsert(body);
      return { status: result.outcome === "inserted" ? 201 : 200, body: result };
    },
  }),
];
