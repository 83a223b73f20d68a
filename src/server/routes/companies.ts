import { companiesResource } from "../../core/resources/companies.js";
import { resourceRoutes } from "../resource-routes.js";
import type { Route } from "../route.js";

export const companyRoutes: readonly Route[] = resourceRoutes(
  companiesResource,
  (service) => service.companies,
);
