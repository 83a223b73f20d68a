import type { Supplier, SupplierUpsertResult } from "../../../core/model/supplier.js";
import type { Column } from "../../output/format.js";

export const supplierColumns: readonly Column<Supplier>[] = [
  { header: "id", value: (supplier) => supplier.id },
  { header: "companyId", value: (supplier) => supplier.companyId },
  { header: "type", value: (supplier) => supplier.type },
  { header: "name", value: (supplier) => supplier.name },
  { header: "email", value: (supplier) => supplier.email },
  { header: "address", value: (supplier) => supplier.address },
  { header: "externalId", value: (supplier) => supplier.externalId },
  { header: "updatedAt", value: (supplier) => supplier.updatedAt },
];

export const supplierUpsertColumns: readonly Column<SupplierUpsertResult>[] = [
  { header: "id", value: (result) => result.id },
  { header: "name", value: (result) => result.name },
  { header: "email", value: (result) => result.email },
  { header: "outcome", value: (result) => result.outcome },
];
