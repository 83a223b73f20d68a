import { buildingsResource } from "../../core/resources/buildings.js";
import { resourceRoutes } from "../resource-routes.js";
import type { Route } from "../route.js";

/** List, get and upsert, and the spec's listing of a company's buildings (resource-routes.ts). */
export const buildingRoutes: readonly Route[] = resourceRoutes(
  buildingsResource,
  (service) => service.buildings,
);
