/**
 * Waste operators as a plain resource (docs/waste-operators.md). The spec has the listing and
 * the upsert (`GET, POST /waste-operators`); the get by id is an extension, read from the
 * listing where a server does not offer it. Names unique per company live in the local
 * repository (src/backends/local/waste-operators.ts).
 */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type WasteOperator,
  type WasteOperatorInput,
  wasteOperatorAnswerSchema,
  wasteOperatorInputSchema,
  wasteOperatorSchema,
} from "../model/waste-operator.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid } from "./fields.js";

/** Without a company: every company the token sees. */
export interface WasteOperatorFilter {
  readonly companyId?: string;
}

export const wasteOperatorsResource: ResourceDescriptor<
  WasteOperator,
  WasteOperatorInput,
  WasteOperatorFilter
> = {
  name: "wasteOperators",
  singular: "waste operator",
  record: wasteOperatorSchema,
  // What a remote answer needs (a server of the spec may answer fewer fields); unknown fields kept.
  answer: wasteOperatorAnswerSchema,
  input: wasteOperatorInputSchema,
  schemaNames: { record: "WasteOperator", input: "WasteOperatorInput" },
  filter: z.strictObject({ companyId: uuidSchema.optional() }),
  filterFields: { companyId: oneUuid.optional() },
  listQuery: (filter) => ({ companyId: filter.companyId }),
  order: [
    { name: "name", value: (record) => record.name },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<WasteOperator, WasteOperatorInput, WasteOperatorFilter>(),
  // The spec's listing without a company holds every operator the token sees: a get reads it.
  everything: {},
  writers: ["admin", "member"],
  operations: {
    list: { path: "/waste-operators", spec: true },
    get: { path: "/waste-operators/{id}", spec: false },
    upsert: { path: "/waste-operators", spec: true },
  },
  summaries: {
    list: "List waste operators, of one company or of every company the token sees",
    get: "Get one waste operator",
    upsert: "Create or update a waste operator by its id (member, admin)",
  },
  upsertNote:
    "409 when another operator of the company has the name, compared ignoring case and repeated spaces",
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly wasteOperators: {
      readonly record: WasteOperator;
      readonly input: WasteOperatorInput;
      readonly filter: WasteOperatorFilter;
    };
  }
}
