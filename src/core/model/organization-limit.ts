import { z } from "zod";
import { isoDateSchema, isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import {
  answerDateSchema,
  answerDateTimeSchema,
  answerIdSchema,
  answerNumberSchema,
} from "./wire.js";

/**
 * Organization limits (docs/organization-limits.md): the organizational boundary of a company
 * for a period, per the GHG Protocol Corporate Standard's consolidation approaches, with the
 * subsidiaries and buildings inside it and the share of each.
 */
export const consolidationApproaches = [
  "operational_control",
  "financial_control",
  "equity_share",
] as const;
export type ConsolidationApproach = (typeof consolidationApproaches)[number];

/** A member is a subsidiary company or a building: exactly one of the two ids. */
const memberSchema = z
  .strictObject({
    companyId: uuidSchema.optional(),
    buildingId: uuidSchema.optional(),
    sharePercent: z
      .number({ error: "expected a percentage" })
      .gt(0, "expected a share above 0")
      .max(100, "expected a share of at most 100")
      .optional(),
  })
  .superRefine((member, ctx) => {
    if ((member.companyId === undefined) === (member.buildingId === undefined)) {
      ctx.addIssue({ code: "custom", message: "expected exactly one of companyId and buildingId" });
    }
  });

export const organizationLimitInputSchema = z
  .strictObject({
    id: uuidSchema,
    companyId: uuidSchema,
    name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
    approach: z.enum(consolidationApproaches, {
      error: `expected one of ${consolidationApproaches.join(", ")}`,
    }),
    periodFrom: isoDateSchema,
    periodTo: isoDateSchema,
    members: z.array(memberSchema).max(500, "expected at most 500 members"),
  })
  .superRefine((limit, ctx) => {
    if (limit.periodTo < limit.periodFrom) {
      ctx.addIssue({
        code: "custom",
        path: ["periodTo"],
        message: `expected a date on or after periodFrom ${limit.periodFrom}, got ${limit.periodTo}`,
      });
    }
    const seen = new Set<string>();
    limit.members.forEach((member, index) => {
      const id = (member.companyId ?? member.buildingId ?? "").toLowerCase();
      const field = member.companyId === undefined ? "buildingId" : "companyId";
      if (id === limit.companyId.toLowerCase()) {
        ctx.addIssue({
          code: "custom",
          path: ["members", index, field],
          message: "the limit's own company is inside its limit already; list only subsidiaries",
        });
      }
      if (seen.has(id)) {
        ctx.addIssue({
          code: "custom",
          path: ["members", index, field],
          message: `${id} is listed twice`,
        });
      }
      seen.add(id);
      const share = member.sharePercent ?? 100;
      if (limit.approach !== "equity_share" && share !== 100) {
        ctx.addIssue({
          code: "custom",
          path: ["members", index, "sharePercent"],
          message: `${limit.approach} includes a member whole (100) or leaves it out, got ${share}`,
        });
      }
    });
  });
export type OrganizationLimitInput = z.input<typeof organizationLimitInputSchema>;
export type OrganizationLimitParsed = z.output<typeof organizationLimitInputSchema>;

/** A member as stored and answered: one id null, the share always given. */
export const limitMemberSchema = z.object({
  companyId: uuidSchema.nullable(),
  buildingId: uuidSchema.nullable(),
  sharePercent: z.number(),
});

/** A limit as carbon serve answers it (and documents it). */
export const organizationLimitSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  approach: z.enum(consolidationApproaches),
  periodFrom: z.string(),
  periodTo: z.string(),
  members: z.array(limitMemberSchema),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/** A limit as any server of the interface answers it: id, company and name needed. */
const limitAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  name: z.string(),
  approach: z.string().nullable().default(null),
  periodFrom: answerDateSchema.nullable().default(null),
  periodTo: answerDateSchema.nullable().default(null),
  members: z
    .array(
      z
        .object({
          companyId: answerIdSchema.nullable().default(null),
          buildingId: answerIdSchema.nullable().default(null),
          sharePercent: answerNumberSchema.nullable().default(null),
        })
        .loose(),
    )
    .default([]),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const organizationLimitAnswerSchema = limitAnswerFields.loose();
export type OrganizationLimit = z.output<typeof limitAnswerFields>;
export type LimitMember = OrganizationLimit["members"][number];
