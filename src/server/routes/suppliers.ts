/**
 * Suppliers and clients (docs/suppliers.md): `POST /suppliers` upserts one and answers the
 * spec's `{id, name, email}` plus `outcome`; `GET /suppliers` lists them, filtered by companyId
 * and type. A scoped token without companyId lists the union of its companies.
 */
import { z } from "zod";
import { isCarbonError, notFound } from "../../core/errors.js";
import { pageSchema, uuidSchema } from "../../core/model/common.js";
import {
  effectiveSupplierId,
  type Supplier,
  supplierInputSchema,
  supplierSchema,
  supplierTypes,
  supplierUpsertResultSchema,
} from "../../core/model/supplier.js";
import type { Access } from "../access.js";
import { ignoredBody, pageFields, upsertConsumptionQuery } from "../input.js";
import { defineRoute, ok, type Route, upserted } from "../route.js";
import { byKeys, emptyWhenMissing, unionPage } from "../union.js";

const byNameThenId = byKeys<Supplier>(
  (supplier) => supplier.name,
  (supplier) => supplier.id,
);

const text = z.string({ error: "expected one value" });

export const suppliersQuery = z.strictObject({
  companyId: text.pipe(uuidSchema).optional(),
  type: text
    .pipe(z.enum(supplierTypes, { error: "expected suppliers or clients" }))
    .optional()
    .meta({ description: "suppliers or clients" }),
  ...pageFields,
});

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
  defineRoute({
    method: "GET",
    path: "/suppliers",
    summary: "List suppliers and clients, ordered by name then id",
    query: suppliersQuery,
    body: ignoredBody,
    statuses: [200],
    response: { name: "SupplierPage", schema: pageSchema(supplierSchema) },
    async handle({ service, access, query }) {
      const { companyId, ...rest } = query;
      if (companyId !== undefined) access.company(companyId);
      if (companyId !== undefined || !access.scoped) {
        return ok(await service.suppliers.list(query));
      }
      const { page, limit, ...filter } = rest;
      const sources = access.companies.map((id) =>
        emptyWhenMissing((window) =>
          service.suppliers.list({ ...filter, ...window, companyId: id }),
        ),
      );
      return ok(await unionPage(sources, byNameThenId, { page, limit }));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/suppliers",
    summary:
      "Create or update a supplier or client by id, or by companyId + externalId (member, admin)",
    query: upsertConsumptionQuery,
    body: supplierInputSchema,
    bodyName: "SupplierInput",
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
