import type { ReadFace } from "../../resource-face.js";

/** The suppliers commands list and get, derived by resource-verbs.ts (upsert has rules of its own). */
export const suppliersFace: ReadFace<"suppliers"> = {
  name: "suppliers",
  command: "suppliers",
  singular: "supplier",
  descriptions: {
    list: "List suppliers and clients, ordered by name",
    get: "Show one supplier or client",
  },
  getArgument: { description: "supplier or client id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "only those of this company",
      kind: "company",
    },
    {
      key: "type",
      flag: "--type <type>",
      description: "only suppliers or only clients: suppliers or clients",
      kind: "choice",
      choices: ["suppliers", "clients"],
    },
  ],
  examples: {
    list: [
      "carbon suppliers list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
      "carbon suppliers list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --type clients --all --format csv",
    ],
    get: [
      "carbon suppliers get 1bf69d80-b1e3-5a83-a46e-a391c41877e9",
      "carbon suppliers get 1bf69d80-b1e3-5a83-a46e-a391c41877e9 --json",
    ],
  },
  columns: async () => (await import("./columns.js")).supplierColumns,
};
