import { companiesResource } from "../../core/resources/companies.js";
import { ignoredBody, pageQuery } from "../input.js";
import { resourceRoutes } from "../resource-routes.js";
import { defineRoute, ok, param, type Route } from "../route.js";
import { responses } from "../schemas.js";

export const companyRoutes: readonly Route[] = [
  ...resourceRoutes(companiesResource, (service) => service.companies),
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
      return ok(await service.buildings.list({ ...query, companyId }));
    },
  }),
];
