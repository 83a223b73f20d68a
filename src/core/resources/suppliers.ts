/** Suppliers and clients as a plain resource (docs/suppliers.md); the upsert's rules live in ports/suppliers.ts. */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type Supplier,
  type SupplierInput,
  type SupplierQuery,
  type SupplierUpsertResult,
  supplierAnswerSchema,
  supplierId,
  supplierInputSchema,
  supplierSchema,
  supplierTypes,
} from "../model/supplier.js";
import type { ResourceDescriptor } from "../resource.js";
import { oneValue } from "./fields.js";

export type SupplierFilter = Omit<SupplierQuery, "page" | "limit">;

const supplierType = z.enum(supplierTypes, { error: "expected suppliers or clients" });

/** The id of a supplier, or of an input: given, else derived from company and externalId. */
function idOf(value: Supplier | SupplierInput): string {
  if (value.id !== undefined) return value.id;
  const input: Partial<SupplierInput> = value;
  return supplierId(input.companyId ?? "", input.externalId?.trim() ?? "");
}

export const suppliersResource: ResourceDescriptor<Supplier, SupplierInput, SupplierFilter> = {
  name: "suppliers",
  singular: "supplier",
  record: supplierSchema,
  // The spec's `{id, name, email}` needed; the fields carbon serve adds are kept.
  answer: supplierAnswerSchema,
  input: supplierInputSchema,
  schemaNames: { record: "Supplier", input: "SupplierInput" },
  filter: z.strictObject({ companyId: uuidSchema.optional(), type: supplierType.optional() }),
  filterFields: {
    companyId: oneValue.pipe(uuidSchema).optional(),
    type: oneValue.pipe(supplierType).optional().meta({ description: "suppliers or clients" }),
  },
  listQuery: (filter) => ({ companyId: filter.companyId, type: filter.type }),
  order: [
    { name: "name", value: (supplier) => supplier.name },
    { name: "id", value: (supplier) => supplier.id },
  ],
  idOf,
  // A server answering without companyId (the spec's answer) gives a record no token's scope holds.
  scope: (value) => value.companyId ?? "",
  filterScope: (filter) => filter.companyId,
  ofCompany: (filter, companyId) => ({ ...filter, companyId }),
  everything: {},
  writers: ["admin", "member"],
  operations: {
    list: { path: "/suppliers", spec: true },
    get: { path: "/suppliers/{id}", spec: false },
    upsert: { path: "/suppliers", spec: true },
  },
  // Upsert by externalId, dry runs and the hidden conflict: src/server/routes/suppliers.ts.
  ownRoutes: ["upsert"],
  summaries: {
    list: "List suppliers and clients, ordered by name then id",
    get: "Get one supplier or client",
    upsert:
      "Create or update a supplier or client by id, or by companyId + externalId (member, admin)",
  },
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly suppliers: {
      readonly record: Supplier;
      readonly input: SupplierInput;
      readonly filter: SupplierFilter;
      /** The spec's `{id, name, email}`, and what the upsert did. */
      readonly upserted: SupplierUpsertResult;
    };
  }
}
