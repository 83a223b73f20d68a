/**
 * A company's custom inputs as a plain resource (docs/inputs.md#custom-inputs): the spec reads
 * one by id (`GET /inputs/custom/{id}`); the list by company and the upsert are extensions.
 */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type CustomInput,
  type CustomInputInput,
  customInputAnswerSchema,
  customInputInputSchema,
  customInputSchema,
} from "../model/custom-input.js";
import { unwrapRecord } from "../model/wire.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid } from "./fields.js";

export interface CustomInputFilter {
  readonly companyId: string;
}

export const customInputsResource: ResourceDescriptor<
  CustomInput,
  CustomInputInput,
  CustomInputFilter
> = {
  name: "customInputs",
  singular: "custom input",
  record: customInputSchema,
  // What a remote answer needs (a server of the spec may leave out createdAt); unknown fields
  // kept; the hosted service's `{id, data: {...}}` wrapping read as the record.
  answer: z.preprocess(unwrapRecord, customInputAnswerSchema),
  input: customInputInputSchema,
  schemaNames: { record: "CustomInput", input: "CustomInputInput" },
  filter: z.strictObject({ companyId: uuidSchema }),
  filterFields: { companyId: oneUuid },
  listQuery: (filter) => ({ companyId: filter.companyId }),
  order: [
    { name: "name", value: (record) => record.name },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<CustomInput, CustomInputInput, CustomInputFilter>(),
  everything: undefined,
  writers: ["admin", "member"],
  operations: {
    list: { path: "/inputs/custom", spec: false },
    get: { path: "/inputs/custom/{id}", spec: true },
    upsert: { path: "/inputs/custom", spec: false },
  },
  summaries: {
    list: "List a company's custom inputs",
    get: "Get one custom input",
    upsert: "Create or update a custom input by its id (member, admin)",
  },
  upsertRefusal: {
    what: "writing custom inputs",
    instead: "write custom inputs in the service itself, or against carbon serve",
  },
  upsertNote:
    "404 when customFactorId is not a custom factor of the company; 422 for a unit carbon does not know",
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly customInputs: {
      readonly record: CustomInput;
      readonly input: CustomInputInput;
      readonly filter: CustomInputFilter;
    };
  }
}
