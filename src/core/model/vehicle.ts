import { z } from "zod";
import { isoDateSchema, isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

/**
 * Vehicles (docs/vehicles.md): a company's fleet. A consumption whose entityId is a vehicle is
 * calculated from the vehicle's type and fuel (src/engine/fleet.ts).
 */
export const vehicleTypes = [
  "passenger_car",
  "van",
  "truck",
  "motorbike",
  "bus",
  "machinery",
] as const;
export type VehicleType = (typeof vehicleTypes)[number];

/** The spec's vehicle categories (interface.md, "Typical vehicle categories"). */
export const vehicleCategories = [
  "LAND_TRANSPORTATION",
  "AIR_TRANSPORTATION",
  "MARITIME_TRANSPORTATION",
  "RAIL_TRANSPORTATION",
  "FORESTRY_MACHINERY",
  "FARM_MACHINERY",
  "INDUSTRIAL_MACHINERY",
] as const;
export type VehicleCategory = (typeof vehicleCategories)[number];

/** The fuels the factor library can price (docs/vehicles.md has the mapping). */
export const fuelTypes = [
  "petrol",
  "diesel",
  "lpg",
  "cng",
  "lng",
  "electric",
  "hybrid",
  "plug_in_hybrid",
] as const;
export type FuelType = (typeof fuelTypes)[number];

export const ownerships = ["owned", "leased", "rented"] as const;
export type Ownership = (typeof ownerships)[number];

/** One of `values`, case and surrounding spaces ignored; the message lists them. */
function oneOf<const T extends readonly string[]>(values: T, upper = false) {
  const message = `expected one of ${values.join(", ")}`;
  return z.string({ error: message }).transform((value, ctx): T[number] => {
    const text = upper ? value.trim().toUpperCase() : value.trim().toLowerCase();
    const found = values.find((candidate) => candidate === text);
    if (found !== undefined) return found;
    ctx.addIssue({ code: "custom", message: `${message}, got "${value}"` });
    return z.NEVER;
  });
}

/** A licence plate as compared for uniqueness: upper case, without spaces and dashes. */
export function plateKey(plate: string): string {
  return plate.toUpperCase().replace(/[\s-]+/g, "");
}

export const vehicleInputSchema = z
  .strictObject({
    id: uuidSchema,
    companyId: uuidSchema,
    /** The building the vehicle is based at, of the same company. */
    buildingId: uuidSchema.nullish().transform((value) => value ?? null),
    name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
    /** Blank text (or null, or absent) is none. */
    licensePlate: z
      .string({ error: "expected a text" })
      .nullish()
      .transform((value) => {
        const trimmed = value?.trim() ?? "";
        return trimmed === "" ? null : trimmed;
      })
      .pipe(
        z
          .string()
          .max(20, "expected a licence plate of at most 20 characters")
          .check(noControlCharacters)
          .nullable(),
      ),
    vehicleType: oneOf(vehicleTypes),
    vehicleCategory: oneOf(vehicleCategories, true),
    fuelType: oneOf(fuelTypes),
    ownership: oneOf(ownerships),
    activeFrom: isoDateSchema,
    activeTo: isoDateSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((vehicle, ctx) => {
    if (vehicle.licensePlate !== null && plateKey(vehicle.licensePlate) === "") {
      ctx.addIssue({
        code: "custom",
        path: ["licensePlate"],
        message: "expected letters or digits in the licence plate",
      });
    }
    if (vehicle.activeTo !== null && vehicle.activeTo < vehicle.activeFrom) {
      ctx.addIssue({
        code: "custom",
        path: ["activeTo"],
        message: `expected a date on or after activeFrom ${vehicle.activeFrom}, got "${vehicle.activeTo}"`,
      });
    }
  });
export type VehicleInput = z.input<typeof vehicleInputSchema>;
export type ParsedVehicleInput = z.output<typeof vehicleInputSchema>;

/** A vehicle as carbon serve answers it (and documents it). */
export const vehicleSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  buildingId: uuidSchema.nullable(),
  name: z.string(),
  licensePlate: z.string().nullable(),
  vehicleType: z.enum(vehicleTypes),
  vehicleCategory: z.enum(vehicleCategories),
  fuelType: z.enum(fuelTypes),
  ownership: z.enum(ownerships),
  activeFrom: z.string(),
  activeTo: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/**
 * A vehicle as any server of the interface answers it: id, company and name needed; a type, fuel
 * or category this build does not know is kept as the server wrote it.
 */
const vehicleAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  buildingId: answerIdSchema.nullable().default(null),
  name: z.string(),
  licensePlate: z.string().nullable().default(null),
  vehicleType: z.string().nullable().default(null),
  vehicleCategory: z.string().nullable().default(null),
  fuelType: z.string().nullable().default(null),
  ownership: z.string().nullable().default(null),
  activeFrom: z.string().nullable().default(null),
  activeTo: z.string().nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const vehicleAnswerSchema = vehicleAnswerFields.loose();
export type Vehicle = z.output<typeof vehicleAnswerFields>;
