/**
 * Suppliers and clients (docs/suppliers.md): `POST /suppliers` upserts one and answers the
 * spec's `{id, name, email}` plus `outcome`; `GET /suppliers` (filtered by companyId and type,
 * a scoped token without companyId: the union of its companies) and `GET /suppliers/{id}` are
 * the descriptor's (src/core/resources/suppliers.ts).
 */
import { isCarbonError, notFound } from "../../core/errors.js";
import {
  effectiveSupplierId,
  supplierInputSchema,
  supplierUpsertResultSchema,
} from "../../core/model/supplier.js";
import { suppliersResource } from "../../core/resources/suppliers.js";
import type { Access } from "../access.js";
import { upsertConsumptionQuery } from "../input.js";
import { defineRoute, type Route, upserted } from "../route.js";

/**
 * The service refuses (conflict) an id that belongs to another company's supplier. For a
 * scoped token that company may be out of sight: the answer is then 404, as for anything
 * outside the token's scope.
 */
function hideForeignConflict(access: Access, id: string, error: unknown): never {
  if (
    isCarbonError(error) &&
    error.code === "conflict" &&
    access.scoped &&
    error.issues[0]?.path === "id"
  ) {
    throw notFound("supplier", id);
  }
  throw error;
}

export const supplierRoutes: readonly Route[] = [
  // List and get come from the descriptor (resource-routes.ts); the upsert has rules of its own.
  defineRoute({
    method: "POST",
    path: suppliersResource.operations.upsert.path,
    summary: suppliersResource.summaries.upsert,
    query: upsertConsumptionQuery,
    body: supplierInputSchema,
    bodyName: suppliersResource.schemaNames.input,
    statuses: [201, 200],
    response: { name: "SupplierUpsertResult", schema: supplierUpsertResultSchema },
    async handle({ service, access, query, body }) {
      access.company(body.companyId);
      access.mayWrite("suppliers");
      try {
        const result = await service.suppliers.upsert(body, { dryRun: query.dryRun });
        return upserted(result.outcome === "inserted" && !query.dryRun, result);
      } catch (error) {
        return hideForeignConflict(access, effectiveSupplierId(body), error);
      }
    },
  }),
];
