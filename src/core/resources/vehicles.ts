/**
 * Vehicles as a plain resource (docs/vehicles.md). The spec has the listing and the upsert
 * (`GET, POST /vehicles`); the get by id is an extension, read from the listing where a server
 * does not offer it. Licence plates unique per company and the building's company live in the
 * local engine's rules (src/rules/vehicles.ts).
 */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type Vehicle,
  type VehicleInput,
  vehicleAnswerSchema,
  vehicleInputSchema,
  vehicleSchema,
} from "../model/vehicle.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid, sameId } from "./fields.js";

/** Without a company: every company the token sees; a building narrows to its vehicles. */
export interface VehicleFilter {
  readonly companyId?: string;
  readonly buildingId?: string;
}

export const vehiclesResource: ResourceDescriptor<Vehicle, VehicleInput, VehicleFilter> = {
  name: "vehicles",
  singular: "vehicle",
  record: vehicleSchema,
  // What a remote answer needs (a server of the spec may answer fewer fields); unknown fields kept.
  answer: vehicleAnswerSchema,
  input: vehicleInputSchema,
  schemaNames: { record: "Vehicle", input: "VehicleInput" },
  filter: z.strictObject({ companyId: uuidSchema.optional(), buildingId: uuidSchema.optional() }),
  filterFields: { companyId: oneUuid.optional(), buildingId: oneUuid.optional() },
  listQuery: (filter) => ({ companyId: filter.companyId, buildingId: filter.buildingId }),
  order: [
    { name: "name", value: (record) => record.name },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<Vehicle, VehicleInput, VehicleFilter>(),
  // The spec's listing without a company holds every vehicle the token sees: a get reads it.
  everything: {},
  writers: ["admin", "member"],
  operations: {
    list: { path: "/vehicles", spec: true },
    get: { path: "/vehicles/{id}", spec: false },
    upsert: { path: "/vehicles", spec: true },
  },
  summaries: {
    list: "List vehicles, of one company (and building) or of every company the token sees",
    get: "Get one vehicle",
    upsert: "Create or update a vehicle by its id (member, admin)",
  },
  matches: (vehicle, filter) =>
    sameId(vehicle.companyId, filter.companyId) && sameId(vehicle.buildingId, filter.buildingId),
  upsertNote:
    "409 when another vehicle of the company has the licence plate, compared ignoring case, spaces and dashes",
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly vehicles: {
      readonly record: Vehicle;
      readonly input: VehicleInput;
      readonly filter: VehicleFilter;
    };
  }
}
