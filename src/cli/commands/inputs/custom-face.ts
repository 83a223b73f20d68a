import type { ResourceFace } from "../../resource-face.js";

/** `carbon inputs custom`: list, get and upsert of a company's custom inputs, by resource-verbs.ts. */
export const customInputsFace: ResourceFace<"customInputs"> = {
  name: "customInputs",
  command: "custom",
  singular: "custom input",
  descriptions: {
    list: "List a company's custom inputs",
    get: "Show one custom input",
    upsert: "Create a custom input, or update it when --id names an existing one",
  },
  getArgument: { description: "custom input id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name",
      kind: "company",
      required: true,
    },
  ],
  fields: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name",
      kind: "company",
      required: true,
    },
    {
      key: "type",
      flag: "--type <type>",
      description: "provider, fuel, heat or waste",
      kind: "choice",
      choices: ["provider", "fuel", "heat", "waste"],
      required: true,
    },
    {
      key: "name",
      flag: "--name <name>",
      description: 'the input\'s name, e.g. "Biogas from our digester"',
      kind: "text",
      required: true,
    },
    {
      key: "unit",
      flag: "--unit <unit>",
      description: "the unit it is measured in (kWh, l, kg, t, m3...)",
      kind: "text",
      required: true,
    },
    {
      key: "customFactorId",
      flag: "--custom-factor <uuid>",
      description: "a custom emission factor of the company (carbon factors custom list)",
      kind: "uuid",
    },
  ],
  examples: {
    list: [
      "carbon inputs custom list --company Acme",
      "carbon inputs custom list --company Acme --all --json",
    ],
    get: ["carbon inputs custom get 8d2e4f6a-1111-4222-8333-444455556666"],
    upsert: [
      'carbon inputs custom upsert --company Acme --type fuel --name "Biogas (own digester)" --unit kWh',
      'carbon inputs custom upsert --company Acme --type provider --name "Green tariff" --unit kWh --custom-factor 5b6c7d8e-1111-4222-8333-444455556666',
    ],
  },
  deletion: {
    resource: "customInput",
    noun: "custom input",
    description: "Delete custom inputs (refused while consumptions or invoices name them)",
    notes: [],
    examples: [
      "carbon inputs custom delete 8d2e4f6a-1111-4222-8333-444455556666",
      "carbon inputs custom delete 8d2e4f6a-1111-4222-8333-444455556666 --yes --json",
    ],
  },
  columns: async () => (await import("./custom-columns.js")).customInputColumns,
};
