/**
 * Users of carbon serve (docs/users.md): accounts with one hosted role, the companies they may
 * see (none: every company) and a status. Tokens are minted for an account; its role and
 * companies decide what each request may do.
 */
import { z } from "zod";
import { noControlCharacters, type PageQuery, uuidSchema } from "./common.js";
import { emailProblem } from "./text-values.js";
import type { Role } from "./who-am-i.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

/** The hosted service's roles, the names an account is stored and answered with. */
export const hostedRoles = ["ROLE_OWNER", "ROLE_MANAGER", "ROLE_VALIDATOR", "ROLE_VIEWER"] as const;
export type HostedRole = (typeof hostedRoles)[number];

/**
 * What each hosted role may do on carbon serve: the owner administers, the manager keeps the
 * inventory, and the validator reads (carbon has no approval step, so read access is all it needs).
 */
export const roleOfHosted: Readonly<Record<HostedRole, Role>> = {
  ROLE_OWNER: "admin",
  ROLE_MANAGER: "member",
  ROLE_VALIDATOR: "viewer",
  ROLE_VIEWER: "viewer",
};

/** The hosted role an account gets when minted by `serve token --role`. */
export const hostedOfRole: Readonly<Record<Role, HostedRole>> = {
  admin: "ROLE_OWNER",
  member: "ROLE_MANAGER",
  viewer: "ROLE_VIEWER",
};

export const userStatuses = ["active", "pending", "removed"] as const;
export type UserStatus = (typeof userStatuses)[number];

const ROLE_MESSAGE = `expected one of ${hostedRoles.join(", ")}`;

function isHostedRole(value: string): value is HostedRole {
  return hostedRoles.some((role) => role === value);
}

/** One hosted role, case ignored. */
export const hostedRoleSchema = z
  .string({ error: ROLE_MESSAGE })
  .transform((value, ctx): HostedRole => {
    const role = value.trim().toUpperCase();
    if (isHostedRole(role)) return role;
    ctx.addIssue({ code: "custom", message: `${ROLE_MESSAGE}, got "${value}"` });
    return z.NEVER;
  });

/** `roles` as the hosted bodies send it: one value, or a list holding one role (repeats allowed). */
export const rolesFieldSchema = z
  .union([hostedRoleSchema, z.array(hostedRoleSchema).min(1, "expected one role")])
  .transform((value, ctx): HostedRole => {
    if (!Array.isArray(value)) return value;
    const distinct = [...new Set(value)];
    if (distinct.length === 1 && distinct[0] !== undefined) return distinct[0];
    ctx.addIssue({
      code: "custom",
      message: `a user has one role; got ${distinct.join(", ")}`,
    });
    return z.NEVER;
  });

export const userEmailSchema = z
  .string({ error: "expected an e-mail address" })
  .trim()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem === undefined) return;
    ctx.addIssue({
      code: "custom",
      message: `expected an e-mail address such as name@example.com, got "${value}": ${problem}`,
    });
  });

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `expected at most ${max} characters`)
    .check(noControlCharacters)
    .optional();
}

/** `[{companyId}]`: the companies an account may see, each once, lower-case; empty: every company. */
export const userCompaniesSchema = z
  .array(z.strictObject({ companyId: uuidSchema }))
  .transform((list) =>
    [...new Set(list.map((entry) => entry.companyId.toLowerCase()))].map((companyId) => ({
      companyId,
    })),
  );

/** Passwords are never taken: sign-in is by token (docs/users.md). */
const noPassword = z
  .unknown()
  .optional()
  .superRefine((value, ctx) => {
    if (value === undefined) return;
    ctx.addIssue({
      code: "custom",
      message:
        "carbon serve keeps no passwords: users sign in with a token (carbon serve token, or an invitation's code); leave password out",
    });
  });

/**
 * `POST /users`: the hosted body, upserted by id, plus `email` (needed to create an account,
 * which the hosted body does not show); `companies` absent keeps an account's (new: every company).
 */
export const userInputSchema = z.strictObject({
  id: uuidSchema,
  email: userEmailSchema.optional(),
  companies: userCompaniesSchema.optional(),
  roles: rolesFieldSchema,
  name: optionalText(200),
  phone: optionalText(50),
  language: optionalText(35),
  externalId: optionalText(200),
  password: noPassword,
});
export type UserInput = z.input<typeof userInputSchema>;

/** `PATCH /users`: what changes an account's access; at least one of roles, companies, status. */
export const userPatchSchema = z
  .strictObject({
    id: uuidSchema,
    roles: rolesFieldSchema.optional(),
    companies: userCompaniesSchema.optional(),
    status: z.enum(["active", "removed"], { error: "expected active or removed" }).optional(),
  })
  .refine(
    (patch) =>
      patch.roles !== undefined || patch.companies !== undefined || patch.status !== undefined,
    { message: "expected at least one of roles, companies and status to change" },
  );
export type UserPatch = z.input<typeof userPatchSchema>;

/** `POST /users/invite`: the hosted body. */
export const userInviteSchema = z.strictObject({
  email: userEmailSchema,
  companyId: uuidSchema,
  roles: rolesFieldSchema,
});
export type UserInvite = z.input<typeof userInviteSchema>;

/** `POST /auth/accept-invite` (an extension): the code of an invitation. */
export const acceptInviteSchema = z.strictObject({
  code: z
    .string({ error: "expected the invitation's code" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "expected the invitation's code as it was given"),
});

/** An account as carbon serve answers it: `role` is ours, `roles` the hosted one. */
export const userSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string().nullable(),
  externalId: z.string().nullable(),
  roles: z.array(z.enum(hostedRoles)),
  role: z.enum(["admin", "member", "viewer"]),
  companies: z.array(z.object({ companyId: uuidSchema })),
  status: z.enum(userStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** An account as the local engine stores it. */
export type StoredUser = z.output<typeof userSchema>;

/** Any server's account: id needed; roles as one value or a list; unknown fields kept. */
const userAnswerFields = z.object({
  id: answerIdSchema,
  email: z.string().nullable().default(null),
  name: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
  language: z.string().nullable().default(null),
  externalId: z.string().nullable().default(null),
  roles: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((value) => (value === null || value === undefined ? [] : [value].flat())),
  role: z.string().nullable().default(null),
  companies: z
    .array(z.object({ companyId: answerIdSchema }).loose())
    .nullish()
    .transform((value) => (value ?? []).map((entry) => ({ companyId: entry.companyId }))),
  status: z.string().nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
export const userAnswerSchema = userAnswerFields.loose();
export type User = z.output<typeof userAnswerFields>;

/** An invitation's answer: the pending account and its code, shown once. */
export const invitationSchema = z.object({
  user: userSchema,
  code: z.string(),
  expiresAt: z.string(),
});
export const invitationAnswerSchema = z
  .object({
    user: userAnswerSchema.optional(),
    code: z.string().optional(),
    expiresAt: answerDateTimeSchema.optional(),
  })
  .loose();
export type Invitation = z.output<typeof invitationAnswerSchema>;

/** What accepting an invitation answers: a token for the account. */
export const acceptedSchema = z.object({
  token: z.string(),
  email: z.string(),
  role: z.enum(["admin", "member", "viewer"]),
  companies: z.array(z.string()),
  expiresAt: z.string(),
});
export const acceptedAnswerSchema = acceptedSchema.loose();
export type Accepted = z.output<typeof acceptedSchema>;

export interface UserQuery extends PageQuery {
  readonly companyId?: string;
  /** Only accounts whose companies are some of these (a scoped admin's view); none: every one. */
  readonly within?: readonly string[];
}
