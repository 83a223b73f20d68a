import { everyResourceRoute } from "../resource-routes.js";
import type { Route } from "../route.js";
import { buildingMoveRoutes } from "./building-move.js";
import { commentRoutes } from "./comments.js";
import { consumptionBatchRoute } from "./consumption-batch.js";
import { consumptionRoutes } from "./consumptions.js";
import { customFactorRoutes } from "./custom-factors.js";
import { deletionRoutes } from "./deletions.js";
import { emissionRoutes } from "./emissions.js";
import { glecRoutes } from "./glec.js";
import { goalRoutes } from "./goals.js";
import { inputRoutes } from "./inputs.js";
import { invoiceRoutes } from "./invoices.js";
import { organizationLimitRoutes } from "./organization-limits.js";
import { referenceRoutes } from "./reference.js";
import { regosDashboardRoutes } from "./regos-dashboard.js";
import { supplierRoutes } from "./suppliers.js";
import { userRoutes } from "./users.js";

/** Every /api/v1 route: registered by app.ts, described by openapi.ts. */
export const routeTable: readonly Route[] = [
  ...referenceRoutes,
  // Every resource of src/core/resources/index.ts: list, get, upsert (and a company's listing).
  ...everyResourceRoute(),
  ...customFactorRoutes,
  ...consumptionRoutes,
  consumptionBatchRoute,
  ...emissionRoutes,
  ...supplierRoutes,
  ...glecRoutes,
  ...commentRoutes,
  ...goalRoutes,
  ...invoiceRoutes,
  ...regosDashboardRoutes,
  ...organizationLimitRoutes,
  ...inputRoutes,
  ...userRoutes,
  ...deletionRoutes,
  // buildings move and audit trail
  ...buildingMoveRoutes,
];
