import type { Route } from "../route.js";
import { buildingMoveRoutes } from "./building-move.js";
import { buildingRoutes } from "./buildings.js";
import { companyRoutes } from "./companies.js";
import { consumptionBatchRoute } from "./consumption-batch.js";
import { consumptionRoutes } from "./consumptions.js";
import { customFactorRoutes } from "./custom-factors.js";
import { deletionRoutes } from "./deletions.js";
import { emissionRoutes } from "./emissions.js";
import { glecRoutes } from "./glec.js";
import { referenceRoutes } from "./reference.js";
import { supplierRoutes } from "./suppliers.js";

/** Every /api/v1 route: registered by app.ts, described by openapi.ts. */
export const routeTable: readonly Route[] = [
  ...referenceRoutes,
  ...companyRoutes,
  ...buildingRoutes,
  ...customFactorRoutes,
  ...consumptionRoutes,
  consumptionBatchRoute,
  ...emissionRoutes,
  ...supplierRoutes,
  ...glecRoutes,
  ...deletionRoutes,
  // buildings move and audit trail
  ...buildingMoveRoutes,
];
