/**
 * Effluent records as a plain resource (docs/effluents.md). The spec has the listing
 * (`GET /effluents`, a company required); the upsert and the get by id are extensions.
 */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type Effluent,
  type EffluentInput,
  effluentAnswerSchema,
  effluentInputSchema,
  effluentSchema,
  effluentTypes,
} from "../model/effluent.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid, oneValue } from "./fields.js";

/** Always one company's (the spec requires it); narrowed by building, type and year. */
export interface EffluentFilter {
  readonly companyId: string;
  readonly buildingId?: string;
  readonly type?: "limit" | "quality";
  /** A limit's year, or the year a quality record was sampled in. */
  readonly year?: number;
}

const yearFilter = z.number().int().min(1990).max(2100);

export const effluentsResource: ResourceDescriptor<Effluent, EffluentInput, EffluentFilter> = {
  name: "effluents",
  singular: "effluent record",
  record: effluentSchema,
  // What a remote answer needs (a server of the spec may answer fewer fields); unknown fields kept.
  answer: effluentAnswerSchema,
  input: effluentInputSchema,
  schemaNames: { record: "Effluent", input: "EffluentInput" },
  filter: z.strictObject({
    companyId: uuidSchema,
    buildingId: uuidSchema.optional(),
    type: z.enum(effluentTypes).optional(),
    year: yearFilter.optional(),
  }),
  filterFields: {
    companyId: oneUuid,
    buildingId: oneUuid.optional(),
    type: oneValue.pipe(z.enum(effluentTypes, { error: "expected limit or quality" })).optional(),
    year: oneValue
      .regex(/^\d{4}$/, "expected a year such as 2024")
      .transform(Number)
      .pipe(yearFilter)
      .optional(),
  },
  listQuery: (filter) => ({
    companyId: filter.companyId,
    buildingId: filter.buildingId,
    type: filter.type,
    year: filter.year === undefined ? undefined : String(filter.year),
  }),
  order: [
    { name: "year", value: (record) => String(record.year ?? 0).padStart(4, "0") },
    { name: "parameter", value: (record) => record.parameter ?? "" },
    { name: "type", value: (record) => record.type ?? "" },
    { name: "sampledAt", value: (record) => record.sampledAt ?? "" },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<Effluent, EffluentInput, EffluentFilter>(),
  // The spec lists effluents only by company: a get by id reads company after company.
  everything: undefined,
  writers: ["admin", "member"],
  operations: {
    list: { path: "/effluents", spec: true },
    get: { path: "/effluents/{id}", spec: false },
    upsert: { path: "/effluents", spec: false },
  },
  summaries: {
    list: "List a company's effluent limits and quality records, flagged against the limits",
    get: "Get one effluent record",
    upsert: "Create or update an effluent limit or quality record by its id (member, admin)",
  },
  upsertRefusal: {
    what: "writing effluent records",
    instead: "write them in the service itself, or against carbon serve",
  },
  upsertNote:
    "404 when the building is not the company's; 409 when the building already has a limit for the parameter and year",
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly effluents: {
      readonly record: Effluent;
      readonly input: EffluentInput;
      readonly filter: EffluentFilter;
    };
  }
}
