/**
 * Releases of the factor library and what changed between two (docs/factor-library.md,
 * "Library releases"): `carbon factors releases` and `carbon factors diff OLD NEW`.
 */
import { z } from "zod";
import { scopeSchema } from "./common.js";
import { type EmissionFactor, gwpSetSchema } from "./factor.js";
import { answerIntegerSchema, answerNumberSchema } from "./wire.js";

/** A release a database has loaded, oldest first; `current` is the one new emissions use. */
export const factorReleaseSchema = z.object({
  /** `lib-` + 12 hex digits of the sha256 of its files: what identifies it. */
  version: z.string(),
  name: z.string(),
  /** What it changed, in words. */
  note: z.string(),
  loadedAt: z.string(),
  factors: z.number().int(),
  /** Against the release before it. */
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  current: z.boolean(),
});
export type FactorRelease = z.infer<typeof factorReleaseSchema>;

/** A release as any server answers it: a version needed, the rest read when given. */
export const factorReleaseAnswerSchema = z
  .object({
    version: z.string(),
    name: z.string().default(""),
    note: z.string().default(""),
    loadedAt: z.string().default(""),
    factors: answerIntegerSchema.default(0),
    added: answerIntegerSchema.default(0),
    changed: answerIntegerSchema.default(0),
    removed: answerIntegerSchema.default(0),
    current: z.boolean().default(false),
  })
  .loose();

export const factorChangeKinds = ["added", "changed", "removed"] as const;

/** The figures of a factor a diff shows, old or new; null on the side it is missing from. */
const side = {
  co2e: z.number().nullable(),
  co2: z.number().nullable(),
  ch4: z.number().nullable(),
  n2o: z.number().nullable(),
  biogenicCo2: z.number().nullable(),
  gwpSet: gwpSetSchema.nullable(),
};

/**
 * One factor that differs between two releases: added (only in the new), removed (only in the
 * old) or changed (the same id with another value, gas split, biogenic CO2, GWP set or calorific
 * basis: `fields` names which).
 */
export const factorChangeSchema = z.object({
  change: z.enum(factorChangeKinds),
  id: z.string(),
  key: z.string(),
  scope: scopeSchema,
  country: z.string().nullable(),
  year: z.number().int(),
  unit: z.string(),
  basis: z.string(),
  source: z.string(),
  fields: z.array(z.string()),
  old: z.object(side).nullable(),
  new: z.object(side).nullable(),
});
export type FactorChange = z.infer<typeof factorChangeSchema>;

const answerSide = z
  .object({
    co2e: answerNumberSchema.nullable().default(null),
    co2: answerNumberSchema.nullable().default(null),
    ch4: answerNumberSchema.nullable().default(null),
    n2o: answerNumberSchema.nullable().default(null),
    biogenicCo2: answerNumberSchema.nullable().default(null),
    gwpSet: gwpSetSchema.nullable().catch(null).default(null),
  })
  .loose();

/** A change as any server answers it. */
export const factorChangeAnswerSchema = z
  .object({
    change: z.enum(factorChangeKinds),
    id: z.string(),
    key: z.string(),
    scope: answerIntegerSchema.pipe(scopeSchema),
    country: z.string().nullable().default(null),
    year: answerIntegerSchema,
    unit: z.string(),
    basis: z.string().default(""),
    source: z.string().default(""),
    fields: z.array(z.string()).default([]),
    old: answerSide.nullable().default(null),
    new: answerSide.nullable().default(null),
  })
  .loose();

/** The figures a diff compares: a change in any is a changed factor. */
export const COMPARED_FIELDS = [
  "co2e",
  "co2",
  "ch4",
  "n2o",
  "biogenicCo2",
  "gwpSet",
  "calorificBasis",
] as const satisfies readonly (keyof EmissionFactor)[];

/** Which of the compared figures differ from one version of a factor to another. */
export function changedFields(before: EmissionFactor, after: EmissionFactor): string[] {
  return COMPARED_FIELDS.filter((field) => before[field] !== after[field]);
}
