/**
 * GLEC logistics service footprint entries (spec: /api/v1/service-footprint/glec). The input is
 * the specification's entry and action objects, field by field; which fields are required is our
 * decision (docs/glec.md). Codes come from glec-codes.ts; an unknown code is refused with the
 * list of accepted ones.
 */
import { z } from "zod";
import {
  countrySchema,
  isoDateSchema,
  isoDateTimeSchema,
  noControlCharacters,
  uuidSchema,
} from "./common.js";
import { allocationFields, allocationIssues } from "./glec-allocation.js";
import {
  glecEnergyRateUnitCodes,
  glecLoadUnitCodes,
  glecModes,
  glecTocCodes,
  glecTransportTypes,
  glecVehicleTransportSizes,
  glecVehicleTypeCodes,
  tonnesPerLoadUnit,
} from "./glec-codes.js";
import { MAX_ENERGY_RATE, MAX_LEG_KM, MAX_LEG_TONNES } from "./text-values.js";
import {
  answerDateSchema,
  answerDateTimeSchema,
  answerDecimalTextSchema,
  answerIdSchema,
} from "./wire.js";

function codeList<const T extends readonly [string, ...string[]]>(values: T) {
  const accepted = values.join(", ");
  return z.enum(values, {
    error: (issue) => `unknown code ${JSON.stringify(issue.input)}; accepted: ${accepted}`,
  });
}

const decimalPattern = /^\d+(?:\.\d+)?$/;

/** A string holding a decimal number of 0 or more, e.g. "250" or "12.5" (never a JSON number). */
export const decimalStringSchema = z
  .string({ error: 'expected a decimal number written as a string, e.g. "250.5"' })
  .trim()
  .refine((value) => decimalPattern.test(value), {
    error: (issue) =>
      `expected a decimal number of 0 or more written as a string, e.g. "250.5", got ${JSON.stringify(issue.input)}`,
  });

const freeText = z.string().max(500).check(noControlCharacters);

export const glecActionInputSchema = z
  .strictObject({
    id: uuidSchema,
    mode: codeList(glecModes),
    externalId: freeText.default(""),
    vehicleId: uuidSchema.nullable().default(null),
    from: freeText.default(""),
    to: freeText.default(""),
    distance: decimalStringSchema.meta({ description: "km" }),
    vehicleClassification: freeText.default(""),
    vehicleType: codeList(glecVehicleTypeCodes),
    transportType: codeList(glecTransportTypes).nullable().default(null),
    vehicleTransportSize: codeList(glecVehicleTransportSizes).nullable().default(null),
    load: decimalStringSchema,
    loadUnit: codeList(glecLoadUnitCodes),
    licensePlate: freeText.default(""),
    energyQuantity: decimalStringSchema.nullable().default(null),
    energyQuantityUnit: codeList(glecEnergyRateUnitCodes).nullable().default(null),
    driver: freeText.default(""),
    hasCleaning: z.boolean({ error: "expected true or false" }).default(false),
    toc: codeList(glecTocCodes).nullable().default(null),
    // ISO 14083 allocation of measured fuel and the grid of electric traction (docs/glec.md).
    totalTransportActivity: decimalStringSchema
      .nullable()
      .default(null)
      .meta({ description: "tkm" }),
    totalLoad: decimalStringSchema.nullable().default(null),
    loadFactor: decimalStringSchema.nullable().default(null),
    payloadCapacity: decimalStringSchema.nullable().default(null),
    country: countrySchema.nullable().default(null),
  })
  .superRefine((action, ctx) => {
    const tooLarge = (path: string, value: number, max: number, what: string): void => {
      // NaN (a field that failed its own check) is not reported twice.
      if (!(value > max)) return;
      ctx.addIssue({ code: "custom", path: [path], message: `expected ${what} of at most ${max}` });
    };
    tooLarge("distance", Number(action.distance), MAX_LEG_KM, "a leg distance (km)");
    const tonnes = Number(action.load) * tonnesPerLoadUnit[action.loadUnit];
    tooLarge("load", tonnes, MAX_LEG_TONNES, "a load (t)");
    if (action.energyQuantity !== null) {
      tooLarge("energyQuantity", Number(action.energyQuantity), MAX_ENERGY_RATE, "an energy rate");
    }
    if ((action.energyQuantity === null) !== (action.energyQuantityUnit === null)) {
      const missing = action.energyQuantity === null ? "energyQuantity" : "energyQuantityUnit";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "energyQuantity and energyQuantityUnit go together: give both or neither",
      });
    }
  })
  .superRefine((action, ctx) => {
    for (const issue of allocationIssues(action)) ctx.addIssue({ code: "custom", ...issue });
  });
export type GlecActionInput = z.input<typeof glecActionInputSchema>;

export type GlecAction = z.output<typeof glecActionInputSchema>;

export const glecEntryInputSchema = z
  .strictObject({
    id: uuidSchema,
    clientId: uuidSchema.nullable().default(null),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    actions: z.array(glecActionInputSchema).min(1, "expected at least one action (leg)"),
    companyId: uuidSchema,
    externalId: freeText.default(""),
    from: freeText.default(""),
    to: freeText.default(""),
  })
  .superRefine((entry, ctx) => {
    if (entry.endDate < entry.startDate) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: `endDate ${entry.endDate} is before startDate ${entry.startDate}`,
      });
    }
    const seen = new Set<string>();
    entry.actions.forEach((action, index) => {
      const id = action.id.toLowerCase();
      if (seen.has(id)) {
        ctx.addIssue({
          code: "custom",
          path: ["actions", index, "id"],
          message: `action id ${action.id} appears twice in this entry`,
        });
      }
      seen.add(id);
    });
  });
export type GlecEntryInput = z.input<typeof glecEntryInputSchema>;
export type GlecEntryParsed = z.output<typeof glecEntryInputSchema>;

export const glecMethods = ["measured_energy", "default_intensity"] as const;
export type GlecMethod = (typeof glecMethods)[number];

/** One glec-defaults.csv row as used: kg CO2e per `unit`. */
export const glecFactorSchema = z.object({
  key: z.string(),
  unit: z.string(),
  ttw: z.number(),
  wtt: z.number(),
  wtw: z.number(),
  /** How a split the row does not print was completed (null: all three are in the row). */
  derivation: z.string().nullable(),
  source: z.string(),
  sourceRef: z.string(),
  /** A grid factor's country and year (null: a glec-defaults.csv row, GB or EU). */
  country: z.string().nullable().default(null),
  year: z.number().int().nullable().default(null),
});
export type GlecFactor = z.output<typeof glecFactorSchema>;

const ghgSchema = z.object({ ttw: z.number(), wtt: z.number(), wtw: z.number() });
export type GlecGhg = z.infer<typeof ghgSchema>;

/** The calculation of one action (leg). Emissions in kg CO2e. */
export const glecLegResultSchema = z.object({
  actionId: uuidSchema,
  mode: z.string(),
  vehicleType: z.string(),
  method: z.enum(glecMethods),
  distanceKm: z.number(),
  loadTonnes: z.number(),
  tonneKm: z.number(),
  /** measured_energy: the fuel or energy used (rate x distance) in `energyUnit`. */
  energy: z.number().nullable(),
  energyUnit: z.string().nullable(),
  /** default_intensity: the TOC whose intensity was used. */
  toc: z.string().nullable(),
  factor: glecFactorSchema,
  emissions: ghgSchema,
  // Allocation of measured fuel: the vehicle's fuel over the leg, the shipment's share, and why.
  vehicleEnergy: z.number().nullable().default(null),
  allocationBasis: z.enum(allocationFields).nullable().default(null),
  /** tkm of the vehicle operation the measured fuel belongs to. */
  vehicleTransportActivity: z.number().nullable().default(null),
  allocationShare: z.number().nullable().default(null),
  /** Air with RF: the radiative forcing uplift, kg CO2e, reported apart (never in TTW or WTW). */
  rfUplift: z.number().nullable().default(null),
  rfFactor: glecFactorSchema.nullable().default(null),
});
export type GlecLegResult = z.output<typeof glecLegResultSchema>;

export const glecCalculationSchema = z.object({
  legs: z.array(glecLegResultSchema),
  tonneKm: z.number(),
  /** kg CO2e. */
  emissions: ghgSchema,
  /** g CO2e per tonne-km (null when the entry moved 0 tonne-km). */
  intensity: ghgSchema.nullable(),
  /** kg CO2e of RF uplift of the air legs with RF, apart from the emissions (null: none). */
  rfUplift: z.number().nullable().default(null),
});
export type GlecCalculation = z.output<typeof glecCalculationSchema>;

const actionSchema = z.object({
  id: uuidSchema,
  mode: z.string(),
  externalId: z.string(),
  vehicleId: uuidSchema.nullable(),
  from: z.string(),
  to: z.string(),
  distance: z.string(),
  vehicleClassification: z.string(),
  vehicleType: z.string(),
  transportType: z.string().nullable(),
  vehicleTransportSize: z.string().nullable(),
  load: z.string(),
  loadUnit: z.string(),
  licensePlate: z.string(),
  energyQuantity: z.string().nullable(),
  energyQuantityUnit: z.string().nullable(),
  driver: z.string(),
  hasCleaning: z.boolean(),
  toc: z.string().nullable(),
  totalTransportActivity: z.string().nullable().default(null),
  totalLoad: z.string().nullable().default(null),
  loadFactor: z.string().nullable().default(null),
  payloadCapacity: z.string().nullable().default(null),
  country: z.string().nullable().default(null),
});

/** A stored entry as carbon serve answers it (and documents it): submitted, calculated, when. */
export const glecEntrySchema = z.object({
  id: uuidSchema,
  clientId: uuidSchema.nullable(),
  startDate: z.string(),
  endDate: z.string(),
  actions: z.array(actionSchema),
  companyId: uuidSchema,
  externalId: z.string(),
  from: z.string(),
  to: z.string(),
  calculation: glecCalculationSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

const answerText = z
  .string()
  .nullable()
  .transform((value) => value ?? "");

/**
 * An action as any server answers it: distance and load as decimal strings or numbers (the
 * hosted service sends numbers), as strings; what is not given is empty, as in a submission.
 */
const glecActionAnswerSchema = z
  .object({
    id: answerIdSchema,
    mode: answerText.default(""),
    externalId: answerText.default(""),
    vehicleId: answerIdSchema.nullable().default(null),
    from: answerText.default(""),
    to: answerText.default(""),
    distance: answerDecimalTextSchema,
    vehicleClassification: answerText.default(""),
    vehicleType: answerText.default(""),
    transportType: z.string().nullable().default(null),
    vehicleTransportSize: z.string().nullable().default(null),
    load: answerDecimalTextSchema,
    loadUnit: answerText.default(""),
    licensePlate: answerText.default(""),
    energyQuantity: answerDecimalTextSchema.nullable().default(null),
    energyQuantityUnit: z.string().nullable().default(null),
    driver: answerText.default(""),
    hasCleaning: z.boolean().default(false),
    toc: z.string().nullable().default(null),
    totalTransportActivity: answerDecimalTextSchema.nullable().default(null),
    totalLoad: answerDecimalTextSchema.nullable().default(null),
    loadFactor: answerDecimalTextSchema.nullable().default(null),
    payloadCapacity: answerDecimalTextSchema.nullable().default(null),
    country: z.string().nullable().default(null),
  })
  .loose();

/**
 * An entry as any server answers it: dates as dates or date-times (the hosted service sends
 * date-times), as `YYYY-MM-DD`; our calculation and timestamps when the server gives them.
 */
const glecEntryAnswerFields = z.object({
  id: answerIdSchema,
  clientId: answerIdSchema.nullable().default(null),
  startDate: answerDateSchema,
  endDate: answerDateSchema,
  actions: z.array(glecActionAnswerSchema),
  companyId: answerIdSchema,
  externalId: answerText.default(""),
  from: answerText.default(""),
  to: answerText.default(""),
  calculation: glecCalculationSchema.optional(),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields (the hosted service's `authorship`, per-action `emission`...) are kept. */
export const glecEntryAnswerSchema = glecEntryAnswerFields.loose();
export type GlecEntry = z.output<typeof glecEntryAnswerFields>;

/** The answer of POST and DELETE: the specification's `{message, id}`. */
export const glecReceiptSchema = z.object({ message: z.string(), id: uuidSchema });
export type GlecReceipt = z.infer<typeof glecReceiptSchema>;

/** `{message, id}` from any server: the id any UUID, the message whatever it says. */
export const glecReceiptAnswerSchema = z
  .object({ message: z.string().default(""), id: answerIdSchema })
  .loose();
