/** `POST /auth/who-am-i`: who a token speaks for, as carbon serve answers it and as clients read it. */
import { z } from "zod";
import { isoDateTimeSchema } from "./common.js";
import { answerIdSchema } from "./wire.js";

/** The roles of carbon serve's tokens (docs/serve.md). */
export const roles = ["admin", "member", "viewer"] as const;
export type Role = (typeof roles)[number];

/** carbon serve's answer (and its OpenAPI entry). */
export const whoAmISchema = z.object({
  email: z.string(),
  role: z.enum(roles),
  userId: z.string().optional().meta({ description: "the stored account the token is for" }),
  roles: z
    .array(z.string())
    .optional()
    .meta({ description: "the account's hosted role (ROLE_OWNER, …): docs/users.md" }),
  companies: z.array(z.string()).meta({ description: "company UUIDs; empty: every company" }),
  issuedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  instanceId: z.string().optional().meta({
    description:
      "the server's instance id, kept in its database: a client resuming an import checks it",
  }),
  extensions: z.array(z.string()).meta({
    description:
      "what this server offers beyond the specification: operations as `METHOD /path`, and `dryRun` (docs/http-api.md)",
  }),
});

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

/** A company as who-am-i names it: its id, or an object holding it (`{companyId}`). */
const companyRefSchema = z.preprocess(
  (value) =>
    typeof value === "object" && value !== null && "companyId" in value ? value.companyId : value,
  answerIdSchema,
);

/**
 * Any server's answer, read for what `auth status` shows, every field optional (the interface
 * does not show this answer's shape): the e-mail or "" when none is given; a role of any name
 * (the hosted service's are `ROLE_OWNER`..., as `role` or the first of `roles`); `companies`
 * missing or empty: every company.
 */
export const whoAmIAnswerSchema = z
  .object({
    email: z
      .string()
      .nullish()
      .transform((value) => value ?? ""),
    role: z.string().optional(),
    roles: z.array(z.string()).optional().catch(undefined),
    companies: z
      .array(companyRefSchema)
      .nullish()
      .transform((value) => value ?? []),
    issuedAt: instantSchema,
    expiresAt: instantSchema,
  })
  .loose()
  .transform(({ role, roles, ...rest }) => ({
    ...rest,
    role: role ?? roles?.[0] ?? "",
    roles: roles ?? [],
  }));
export type WhoAmI = z.output<typeof whoAmIAnswerSchema>;
