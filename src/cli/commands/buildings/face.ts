import type { ResourceFace } from "../../resource-face.js";

/** The buildings commands list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const buildingsFace: ResourceFace<"buildings"> = {
  name: "buildings",
  command: "buildings",
  singular: "building",
  descriptions: {
    list: "List buildings",
    get: "Show one building",
    upsert: "Create a building of a company, or update it when --id names an existing one",
  },
  getArgument: {
    description: "building id (UUID), or its name when no other building has it",
    kind: "building",
  },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "only the buildings of this company",
      kind: "company",
    },
  ],
  fields: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "the company it belongs to",
      kind: "company",
      required: true,
    },
    {
      key: "name",
      flag: "--name <name>",
      description: "building name, unique within the company",
      kind: "text",
      required: true,
    },
    {
      key: "country",
      flag: "--country <cc>",
      description: "ISO 3166 country code; decides the emission factors (default: the company's)",
      kind: "country",
    },
  ],
  upsertAlias: "create",
  examples: {
    list: [
      "carbon buildings list",
      "carbon buildings list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --all --format csv",
      'carbon buildings list --company "Acme Offices"',
    ],
    get: [
      "carbon buildings get 8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a",
      "carbon buildings get 8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a --json",
      'carbon buildings get "Madrid HQ"',
    ],
    upsert: [
      'carbon buildings upsert --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --name "Madrid HQ"',
      'carbon buildings create --company "Acme Offices" --name "Lisbon depot" --country PT --json',
    ],
  },
  columns: async () => (await import("./columns.js")).buildingColumns,
};
