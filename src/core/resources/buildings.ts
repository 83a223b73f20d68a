/**
 * Buildings as a plain resource: the properties of a company. The spec lists them per company
 * (`GET /companies/{id}/buildings`) and has no listing of every company's, no building by id and
 * no way to write one: those are extensions. Names unique per company, a building keeping its
 * company and moves live in the local repository (src/backends/local/buildings.ts) and the part
 * of the port (src/core/ports/buildings.ts).
 */
import { z } from "zod";
import {
  type Building,
  type BuildingInput,
  buildingAnswerSchema,
  buildingInputSchema,
  buildingSchema,
} from "../model/building.js";
import { uuidSchema } from "../model/common.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneValue } from "./fields.js";

export interface BuildingFilter {
  readonly companyId?: string;
}

export const buildingsResource: ResourceDescriptor<Building, BuildingInput, BuildingFilter> = {
  name: "buildings",
  singular: "building",
  record: buildingSchema,
  // What a remote answer needs, read tolerantly; the fields a server adds are kept.
  answer: buildingAnswerSchema,
  input: buildingInputSchema,
  schemaNames: { record: "Building", input: "BuildingInput" },
  filter: z.strictObject({ companyId: uuidSchema.optional() }),
  filterFields: { companyId: oneValue.pipe(uuidSchema).optional() },
  listQuery: (filter) => ({ companyId: filter.companyId }),
  order: [
    { name: "name", value: (building) => building.name },
    { name: "id", value: (building) => building.id },
  ],
  ...companyOwned<Building, BuildingInput, BuildingFilter>(),
  // The spec has no listing of every company's buildings: the company listings stand in.
  everything: undefined,
  writers: ["admin", "member"],
  operations: {
    list: { path: "/buildings", spec: false },
    get: { path: "/buildings/{id}", spec: false },
    upsert: { path: "/buildings", spec: false },
  },
  summaries: {
    list: "List buildings of every company the token sees",
    get: "Get one building",
    upsert: "Create or update a building by its id (member, admin)",
  },
  companyList: {
    path: "/companies/{id}/buildings",
    spec: true,
    summary: "List the buildings of a company",
    filter: (companyId) => ({ companyId }),
  },
  upsertRefusal: {
    what: "creating buildings",
    instead: "create the building in the service itself, then use its id",
  },
  upsertNote:
    "409 when another building of the company has the name, compared ignoring case and repeated spaces",
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly buildings: {
      readonly record: Building;
      readonly input: BuildingInput;
      readonly filter: BuildingFilter;
    };
  }
}
