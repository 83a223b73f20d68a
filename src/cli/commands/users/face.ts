import type { ReadFace } from "../../resource-face.js";

/** The users commands list and get, derived by resource-verbs.ts (the writes have rules of their own). */
export const usersFace: ReadFace<"users"> = {
  name: "users",
  command: "users",
  singular: "user",
  descriptions: {
    list: "List users (accounts of carbon serve), ordered by e-mail",
    get: "Show one user",
  },
  getArgument: { description: "user id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "only the users of this company",
      kind: "company",
    },
  ],
  examples: {
    list: ["carbon users list", "carbon users list --company Acme --all --format csv"],
    get: [
      "carbon users get 6a1f3c2e-1111-4222-8333-444455556666",
      "carbon users get 6a1f3c2e-1111-4222-8333-444455556666 --json",
    ],
  },
  columns: async () => (await import("./columns.js")).userColumns,
};
