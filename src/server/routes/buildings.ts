import { notFound } from "../../core/errors.js";
import type { Building } from "../../core/model/building.js";
import { findOrUndefined } from "../access.js";
import { ignoredBody, noQuery, pageQuery } from "../input.js";
import { defineRoute, ok, param, type Route, upserted } from "../route.js";
import { bodies, responses } from "../schemas.js";
import { visibleBuilding } from "../scoping.js";
import { byKeys, emptyWhenMissing, unionPage } from "../union.js";

const byNameThenId = byKeys<Building>(
  (building) => building.name,
  (building) => building.id,
);

export const buildingRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: "/buildings",
    summary: "List buildings of every company the token sees",
    extension: true,
    query: pageQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.buildings,
    async handle({ service, access, query }) {
      if (!access.scoped) return ok(await service.buildings.list(query));
      const sources = access.companies.map((companyId) =>
        emptyWhenMissing((window) => service.buildings.list({ ...window, companyId })),
      );
      return ok(await unionPage(sources, byNameThenId, query));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/buildings/{id}",
    summary: "Get one building",
    extension: true,
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.building,
    async handle({ service, access, params }) {
      return ok(await visibleBuilding(service, access, param(params, "id")));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/buildings",
    summary: "Create or update a building by its id (member, admin)",
    extension: true,
    query: noQuery,
    ...bodies.building,
    statuses: [201, 200],
    response: responses.building,
    async handle({ service, access, body }) {
      access.company(body.companyId);
      const before = await findOrUndefined(() => service.buildings.get(body.id));
      if (before !== undefined && !access.sees(before.companyId)) {
        throw notFound("building", body.id);
      }
      access.mayWrite("buildings");
      return upserted(before === undefined, await service.buildings.upsert(body));
    },
  }),
];
