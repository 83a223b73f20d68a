/** Answers of the HTTP interface that are not a core model item (docs/http-api.md). */
import { z } from "zod";
import { uuidSchema } from "../../core/model/common.js";
import { consumptionSchema } from "../../core/model/consumption.js";
import { emissionSchema } from "../../core/model/emission.js";

export const roles = ["admin", "member", "viewer"] as const;
export type Role = (typeof roles)[number];

/** An instant as ISO text or as seconds since the epoch (a JWT's `iat`/`exp`), as ISO text. */
const instantSchema = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({
        code: "custom",
        message: `expected a date-time, got ${JSON.stringify(value)}`,
      });
      return z.NEVER;
    }
    return date.toISOString();
  });

/** `POST /auth/who-am-i`: who the token speaks for. `companies` empty: every company. */
export const whoAmISchema = z.object({
  email: z.string(),
  role: z.enum(roles),
  companies: z
    .array(uuidSchema)
    .nullable()
    .transform((value) => value ?? []),
  issuedAt: instantSchema,
  expiresAt: instantSchema,
});
export type WhoAmI = z.output<typeof whoAmISchema>;

/**
 * `POST /auth/who-am-i` read for the instance id a server may announce (carbon serve does); an
 * answer of any other shape announces none.
 */
export const announcedInstanceSchema = z
  .object({ instanceId: z.string().min(1).optional().catch(undefined) })
  .catch({});

/** An answer whose body does not matter, only that it is a success. */
export const anyAnswerSchema = z.unknown();

/** `POST /consumptions`. */
export const consumptionUpsertSchema = z.object({
  outcome: z.enum(["inserted", "updated", "unchanged"]),
  consumption: consumptionSchema,
  emission: emissionSchema,
});

/** `POST /consumptions/batch` (our extension): what the batch did. */
export const consumptionBatchSchema = z.object({
  counts: z.object({
    inserted: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    awaitingFactor: z.number(),
    co2eByScope: z.object({ "1": z.number(), "2": z.number(), "3": z.number() }),
  }),
});
