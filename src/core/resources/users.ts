/**
 * Users as a plain resource (docs/users.md). The spec has the listing (`GET /users?companyId`)
 * and the upsert (`POST /users`); the get by id is an extension, read from the listing where a
 * server does not offer it. Every route is the resource's own (src/server/routes/users.ts): a
 * user belongs to several companies (or to every one), which the framework's scope cannot say.
 */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type User,
  type UserInput,
  userAnswerSchema,
  userInputSchema,
  userSchema,
} from "../model/user.js";
import type { ResourceDescriptor } from "../resource.js";
import { oneUuid } from "./fields.js";

/** Without a company: every account the token may manage. */
export interface UserFilter {
  readonly companyId?: string;
}

export const usersResource: ResourceDescriptor<User, UserInput, UserFilter> = {
  name: "users",
  singular: "user",
  record: userSchema,
  answer: userAnswerSchema,
  input: userInputSchema,
  schemaNames: { record: "User", input: "UserInput" },
  filter: z.strictObject({ companyId: uuidSchema.optional() }),
  filterFields: { companyId: oneUuid.optional() },
  listQuery: (filter) => ({ companyId: filter.companyId }),
  order: [
    { name: "email", value: (record) => (record.email ?? "").toLowerCase() },
    { name: "id", value: (record) => record.id },
  ],
  idOf: (value) => value.id,
  // The first of its companies ("" for every company): the routes check the whole list.
  scope: (value) => value.companies?.[0]?.companyId ?? "",
  filterScope: (filter) => filter.companyId,
  ofCompany: (filter, companyId) => ({ ...filter, companyId }),
  // The spec's listing without a company holds every account the token may manage.
  everything: {},
  writers: ["admin"],
  operations: {
    list: { path: "/users", spec: true },
    get: { path: "/users/{id}", spec: false },
    upsert: { path: "/users", spec: true },
  },
  ownRoutes: ["list", "get", "upsert"],
  summaries: {
    list: "List users, of one company or every one the admin token manages (admin)",
    get: "Get one user (admin)",
    upsert: "Create or update a user by its id (admin); e-mail needed to create; no password",
  },
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly users: {
      readonly record: User;
      readonly input: UserInput;
      readonly filter: UserFilter;
    };
  }
}
