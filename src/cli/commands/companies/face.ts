import type { ResourceFace } from "../../resource-face.js";

/** The companies commands: list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const companiesFace: ResourceFace<"companies"> = {
  name: "companies",
  command: "companies",
  singular: "company",
  descriptions: {
    list: "List companies",
    get: "Show one company",
    upsert: "Create a company, or update it when --id names an existing one",
  },
  getArgument: {
    description: "company id (UUID), or its name when no other company has it",
    kind: "company",
  },
  filters: [],
  fields: [
    {
      key: "name",
      flag: "--name <name>",
      description: "company name",
      kind: "text",
      required: true,
    },
    {
      key: "country",
      flag: "--country <cc>",
      description: "ISO 3166 country code, e.g. ES",
      kind: "country",
    },
  ],
  upsertAlias: "create",
  examples: {
    list: [
      "carbon companies list",
      "carbon companies list --all --json",
      "carbon companies list --page 2 --limit 100",
    ],
    get: [
      "carbon companies get 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
      "carbon companies get 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --json",
      'carbon companies get "Acme Offices"',
    ],
    upsert: [
      'carbon companies upsert --name "Acme Iberia" --country ES',
      'carbon companies create --name "Acme UK" --country GB --id 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --json',
    ],
  },
  columns: async () => (await import("./columns.js")).companyColumns,
};
