import type { ResourceFace } from "../../resource-face.js";

/** The treatments a waste operator offers (the model's list, repeated here to keep --help light). */
const TREATMENTS = ["landfill", "recycling", "incineration", "composting", "anaerobic_digestion"];

/** The waste-operators commands: list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const wasteOperatorsFace: ResourceFace<"wasteOperators"> = {
  name: "wasteOperators",
  command: "waste-operators",
  singular: "waste operator",
  descriptions: {
    list: "List waste operators, of one company or of every company you see",
    get: "Show one waste operator",
    upsert: "Create a waste operator, or update it when --id names an existing one",
  },
  getArgument: { description: "waste operator id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name (default: every company you see)",
      kind: "company",
      mustExist: true,
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
      key: "name",
      flag: "--name <name>",
      description: "operator name, unique in the company (case and repeated spaces ignored)",
      kind: "text",
      required: true,
    },
    {
      key: "treatments",
      flag: "--treatment <route>",
      description: `disposal route offered, repeatable or comma-separated: ${TREATMENTS.join(", ")}`,
      kind: "choices",
      choices: TREATMENTS,
      required: true,
    },
    {
      key: "registrationCode",
      flag: "--registration-code <code>",
      description: "authorisation or registration number given by the authority",
      kind: "text",
    },
    {
      key: "countryCode",
      flag: "--country <cc>",
      description: "ISO 3166 country code of the operator, e.g. ES",
      kind: "country",
    },
  ],
  upsertAlias: "create",
  examples: {
    list: [
      "carbon waste-operators list --company Acme",
      "carbon waste-operators list --all --json",
    ],
    get: [
      "carbon waste-operators get 8d2e4f6a-1111-4222-8333-444455556666",
      "carbon waste-operators get 8d2e4f6a-1111-4222-8333-444455556666 --json",
    ],
    upsert: [
      'carbon waste-operators upsert --company Acme --name "Recycla S.L." --treatment recycling,composting --registration-code 13/GR/0042 --country ES',
      'carbon waste-operators create --company Acme --name "Vertedero Norte" --treatment landfill --treatment incineration --json',
      'carbon waste-operators upsert --id 8d2e4f6a-1111-4222-8333-444455556666 --company Acme --name "Recycla" --treatment recycling',
    ],
  },
  deletion: {
    resource: "wasteOperator",
    noun: "waste operator",
    description: "Delete waste operators",
    notes: [],
    examples: [
      "carbon waste-operators delete 8d2e4f6a-1111-4222-8333-444455556666",
      "carbon waste-operators delete 8d2e4f6a-1111-4222-8333-444455556666 --yes --json",
    ],
  },
  columns: async () => (await import("./columns.js")).wasteOperatorColumns,
};
