/** Custom emission factors as a plain resource: one company's own factors (docs/factor-library.md). */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type CustomFactor,
  type CustomFactorInput,
  customFactorAnswerSchema,
  customFactorInputSchema,
  customFactorSchema,
} from "../model/factor.js";
import type { ResourceDescriptor } from "../resource.js";
import { oneValue } from "./fields.js";

/** The list is always one company's. */
export interface CustomFactorFilter {
  readonly companyId: string;
}

export const customFactorsResource: ResourceDescriptor<
  CustomFactor,
  CustomFactorInput,
  CustomFactorFilter
> = {
  name: "customFactors",
  singular: "custom factor",
  record: customFactorSchema,
  // What a resolution needs, read tolerantly; the fields a server adds are kept.
  answer: customFactorAnswerSchema,
  input: customFactorInputSchema,
  schemaNames: { record: "CustomFactor", input: "CustomFactorInput" },
  filter: z.strictObject({ companyId: uuidSchema }),
  filterFields: { companyId: oneValue.pipe(uuidSchema) },
  listQuery: (filter) => ({ companyId: filter.companyId }),
  // The engine orders categories by their place in the catalog, which a record does not carry:
  // the id stands in, so only pages of one category merge in the engine's order (a list is one
  // company's, so no scoped listing merges them).
  order: [
    { name: "category", value: (factor) => factor.categoryId },
    { name: "basis", value: (factor) => factor.basis },
    { name: "validFrom", value: (factor) => factor.validFrom ?? "" },
    { name: "createdAt", value: (factor) => factor.createdAt ?? "" },
    { name: "id", value: (factor) => factor.id },
  ],
  idOf: (value) => value.id,
  scope: (value) => value.companyId,
  filterScope: (filter) => filter.companyId,
  ofCompany: (_filter, companyId) => ({ companyId }),
  // The spec lists custom factors only by company: a get by id needs the extension.
  everything: undefined,
  writers: ["admin", "member"],
  operations: {
    list: { path: "/emission-factors/custom", spec: true },
    get: { path: "/emission-factors/custom/{id}", spec: false },
    upsert: { path: "/emission-factors/custom", spec: false },
  },
  // A scoped token hears 404, not conflict, for another company's factor: routes/custom-factors.ts.
  ownRoutes: ["upsert"],
  summaries: {
    list: "List a company's custom emission factors",
    get: "Get one custom emission factor",
    upsert: "Create or update a company's custom emission factor by its id (member, admin)",
  },
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly customFactors: {
      readonly record: CustomFactor;
      readonly input: CustomFactorInput;
      readonly filter: CustomFactorFilter;
    };
  }
}
