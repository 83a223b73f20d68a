/** The users commands and accepting an invitation, on every conformance server. */
import type { CommandCase } from "./command-case.js";
import { ids } from "./seed.js";

export const userCases: readonly CommandCase[] = [
  { name: "users list", args: () => ["users", "list", "--company", ids.company] },
  { name: "users list (every company)", args: () => ["users", "list"] },
  { name: "users get", args: () => ["users", "get", ids.user] },
  {
    name: "users upsert",
    args: () => [
      "users",
      "upsert",
      "--id",
      ids.newUser,
      "--email",
      "lea@example.com",
      "--role",
      "ROLE_MANAGER",
      "--company",
      ids.company,
      "--name",
      "Lea",
    ],
  },
  { name: "users update", args: () => ["users", "update", ids.user, "--role", "ROLE_VALIDATOR"] },
  { name: "users remove", args: () => ["users", "remove", ids.userToRemove] },
  {
    name: "users invite",
    args: () => [
      "users",
      "invite",
      "--email",
      "max@example.com",
      "--company",
      ids.company,
      "--role",
      "ROLE_VIEWER",
    ],
  },
  {
    name: "auth accept-invite",
    args: (c) => ["--api-url", c.url, "auth", "accept-invite", c.seed.inviteCode],
  },
];
