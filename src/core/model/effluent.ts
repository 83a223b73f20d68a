import { z } from "zod";
import { isoDateSchema, isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import {
  answerDateSchema,
  answerDateTimeSchema,
  answerIdSchema,
  answerIntegerSchema,
  answerNumberSchema,
} from "./wire.js";

/**
 * Wastewater discharge records of a building (docs/effluents.md): a `limit` is the permitted
 * value of a parameter for a year, a `quality` record a value measured on a date.
 */
export const effluentTypes = ["limit", "quality"] as const;
export type EffluentType = (typeof effluentTypes)[number];

/** Each parameter with the one unit its values are given in (no conversion is made). */
export const effluentParameters = {
  COD: "mg/L",
  BOD5: "mg/L",
  TSS: "mg/L",
  TOC: "mg/L",
  total_nitrogen: "mg/L",
  ammonium_nitrogen: "mg/L",
  total_phosphorus: "mg/L",
  oils_and_grease: "mg/L",
  pH: "pH",
  temperature: "degC",
  conductivity: "uS/cm",
} as const;
export type EffluentParameter = keyof typeof effluentParameters;
export type EffluentUnit = (typeof effluentParameters)[EffluentParameter];

export const effluentParameterNames = Object.keys(effluentParameters);

/** The one parameter whose limit may be a range (a minimum besides the maximum). */
export const RANGE_PARAMETER = "pH";

function isParameter(value: string): value is EffluentParameter {
  return Object.hasOwn(effluentParameters, value);
}

/** Case, spaces and hyphens ignored: `Total Nitrogen`, `total-nitrogen`, `bod5`. */
function parameterKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

const parametersByKey = new Map(effluentParameterNames.map((name) => [parameterKey(name), name]));

/** The spellings each unit is read from, compared without case or spaces. */
const unitSpellings: readonly (readonly [EffluentUnit, readonly string[]])[] = [
  ["mg/L", ["mg/l"]],
  ["pH", ["ph", "phunits", "phunit", "uph"]],
  ["degC", ["degc", "°c", "c", "celsius"]],
  ["uS/cm", ["us/cm", "µs/cm", "μs/cm"]],
];

const unitsByKey = new Map(
  unitSpellings.flatMap(([unit, spellings]) =>
    spellings.map((spelling): [string, EffluentUnit] => [spelling, unit]),
  ),
);

/** The canonical parameter name for a spelling, or undefined. */
export function effluentParameterOf(text: string): EffluentParameter | undefined {
  const name = parametersByKey.get(parameterKey(text));
  return name !== undefined && isParameter(name) ? name : undefined;
}

/** The canonical unit for a spelling, or undefined. */
export function effluentUnitOf(text: string): EffluentUnit | undefined {
  return unitsByKey.get(text.replace(/\s+/g, "").toLowerCase());
}

const parameterSchema = z.string({ error: "expected a parameter name" }).transform((text, ctx) => {
  const name = effluentParameterOf(text);
  if (name !== undefined) return name;
  ctx.addIssue({
    code: "custom",
    message: `expected one of ${effluentParameterNames.join(", ")}, got "${text}"`,
  });
  return z.NEVER;
});

const yearSchema = z
  .number({ error: "expected a year such as 2024" })
  .int("expected a whole year")
  .min(1990, "expected a year from 1990 to 2100")
  .max(2100, "expected a year from 1990 to 2100");

const valueSchema = z
  .number({ error: "expected a number" })
  .min(0, "expected a value of at least 0");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .check(noControlCharacters)
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v === "" ? null : v));

export const effluentInputSchema = z
  .strictObject({
    id: uuidSchema,
    companyId: uuidSchema,
    buildingId: uuidSchema,
    type: z.enum(effluentTypes, { error: "expected limit or quality" }),
    parameter: parameterSchema,
    value: valueSchema,
    unit: z.string({ error: "expected the unit of the parameter" }),
    /** A limit's year; a quality record's is its sampling date's (given, it must agree). */
    year: yearSchema.optional(),
    sampledAt: isoDateSchema.nullish(),
    /** A pH limit's lower bound: a sample below it exceeds the limit too. */
    minValue: valueSchema.nullish(),
    dischargePoint: optionalText(200),
    notes: optionalText(2000),
  })
  .transform((input, ctx) => {
    const unit = effluentUnitOf(input.unit);
    const expected = effluentParameters[input.parameter];
    if (unit !== expected) {
      ctx.addIssue({
        code: "custom",
        path: ["unit"],
        message: `expected ${expected} for ${input.parameter}, got "${input.unit}"`,
      });
    }
    const sampledAt = input.sampledAt ?? null;
    const minValue = input.minValue ?? null;
    let year = input.year;
    if (input.type === "limit") {
      if (year === undefined) {
        ctx.addIssue({ code: "custom", path: ["year"], message: "expected the limit's year" });
      }
      if (sampledAt !== null) {
        ctx.addIssue({
          code: "custom",
          path: ["sampledAt"],
          message: "a limit has a year, not a sampling date",
        });
      }
      if (minValue !== null && input.parameter !== RANGE_PARAMETER) {
        ctx.addIssue({
          code: "custom",
          path: ["minValue"],
          message: `only a ${RANGE_PARAMETER} limit has a minimum`,
        });
      } else if (minValue !== null && minValue > input.value) {
        ctx.addIssue({
          code: "custom",
          path: ["minValue"],
          message: `expected a minimum of at most the limit's value ${input.value}, got ${minValue}`,
        });
      }
    } else {
      if (sampledAt === null) {
        ctx.addIssue({
          code: "custom",
          path: ["sampledAt"],
          message: "expected the sampling date YYYY-MM-DD",
        });
      } else {
        const sampledYear = Number(sampledAt.slice(0, 4));
        if (year !== undefined && year !== sampledYear) {
          ctx.addIssue({
            code: "custom",
            path: ["year"],
            message: `expected the year of the sampling date ${sampledAt}, got ${year}`,
          });
        }
        year = sampledYear;
      }
      if (minValue !== null) {
        ctx.addIssue({
          code: "custom",
          path: ["minValue"],
          message: "only a limit has a minimum",
        });
      }
    }
    return { ...input, unit: unit ?? input.unit, year: year ?? 0, sampledAt, minValue };
  });
export type EffluentInput = z.input<typeof effluentInputSchema>;

/** What a quality record is compared with: its building's limit for the parameter and year. */
const flagFields = {
  /** The limit applied (a quality record's), else null. */
  limitId: uuidSchema.nullable(),
  limitValue: z.number().nullable(),
  limitMinValue: z.number().nullable(),
  /** True above the limit (or below a pH minimum); null without a limit, and for limits. */
  exceedsLimit: z.boolean().nullable(),
};

/** An effluent record as carbon serve answers it (and documents it). */
export const effluentSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  buildingId: uuidSchema,
  type: z.enum(effluentTypes),
  parameter: z.string(),
  value: z.number(),
  unit: z.string(),
  year: z.number().int(),
  sampledAt: isoDateSchema.nullable(),
  minValue: z.number().nullable(),
  dischargePoint: z.string().nullable(),
  notes: z.string().nullable(),
  ...flagFields,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/**
 * An effluent record as any server of the interface answers it: id and company needed. The
 * flag fields stay absent when the server does not give them, so the client can work them out.
 */
const effluentAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  buildingId: answerIdSchema.nullable().default(null),
  type: z.string().nullable().default(null),
  parameter: z.string().nullable().default(null),
  value: answerNumberSchema.nullable().default(null),
  unit: z.string().nullable().default(null),
  year: answerIntegerSchema.nullable().default(null),
  sampledAt: answerDateSchema.nullable().default(null),
  minValue: answerNumberSchema.nullable().default(null),
  dischargePoint: z.string().nullable().default(null),
  notes: z.string().nullable().default(null),
  limitId: answerIdSchema.nullable().optional(),
  limitValue: answerNumberSchema.nullable().optional(),
  limitMinValue: answerNumberSchema.nullable().optional(),
  exceedsLimit: z.boolean().nullable().optional(),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const effluentAnswerSchema = effluentAnswerFields.loose();
export type Effluent = z.output<typeof effluentAnswerFields>;
