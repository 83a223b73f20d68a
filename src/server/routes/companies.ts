import { isCarbonError } from "../../core/errors.js";
import type { Company } from "../../core/model/company.js";
import type { CarbonService } from "../../core/service.js";
import { type Access, findOrUndefined } from "../access.js";
import { ignoredBody, noQuery, pageQuery } from "../input.js";
import { defineRoute, ok, param, type Route, upserted } from "../route.js";
import { bodies, responses } from "../schemas.js";
import { byKeys, type Window } from "../union.js";

const byNameThenId = byKeys<Company>(
  (company) => company.name,
  (company) => company.id,
);

/** A scoped token's companies, in the service's order (name, id); missing ones are skipped. */
async function scopedCompanies(service: CarbonService, access: Access, window: Window) {
  const found: Company[] = [];
  for (const id of access.companies) {
    try {
      found.push(await service.getCompany(id));
    } catch (error) {
      if (!(isCarbonError(error) && error.code === "not_found")) throw error;
    }
  }
  found.sort(byNameThenId);
  const offset = (window.page - 1) * window.limit;
  return {
    data: found.slice(offset, offset + window.limit),
    pagination: { page: window.page, limit: window.limit, total: found.length },
  };
}

export const companyRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: "/companies",
    summary: "List companies (a scoped token: its companies)",
    query: pageQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.companies,
    async handle({ service, access, query }) {
      if (access.scoped) return ok(await scopedCompanies(service, access, query));
      return ok(await service.listCompanies(query));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/companies",
    summary: "Create or update a company by its id (admin)",
    query: noQuery,
    ...bodies.company,
    statuses: [201, 200],
    response: responses.company,
    async handle({ service, access, body }) {
      access.company(body.id);
      access.mayWrite("companies");
      const before = await findOrUndefined(() => service.getCompany(body.id));
      return upserted(before === undefined, await service.createCompany(body));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/companies/{id}",
    summary: "Get one company",
    extension: true,
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.company,
    async handle({ service, access, params }) {
      const id = param(params, "id");
      access.company(id);
      return ok(await service.getCompany(id));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/companies/{id}/buildings",
    summary: "List the buildings of a company",
    query: pageQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.buildings,
    async handle({ service, access, params, query }) {
      const companyId = param(params, "id");
      access.company(companyId);
      return ok(await service.listBuildings({ ...query, companyId }));
    },
  }),
];
