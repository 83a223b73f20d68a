import type { ResourceFace } from "../../resource-face.js";

/** The technologies of a certificate (the model's list, repeated here to keep --help light). */
const TECHNOLOGIES = [
  "solar",
  "wind",
  "hydro",
  "marine",
  "geothermal",
  "biomass",
  "biogas",
  "nuclear",
  "other",
];

/** The certificates commands: list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const certificatesFace: ResourceFace<"certificates"> = {
  name: "certificates",
  command: "certificates",
  singular: "certificate",
  descriptions: {
    list: "List energy attribute certificates (guarantees of origin, REGOs), of one company or of every company you see",
    get: "Show one certificate",
    upsert:
      "Record a cancelled certificate for a building (or one of its supply points), or update it when --id names an existing one; its covered kWh get zero market-based emissions",
  },
  getArgument: { description: "certificate id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name (default: every company you see)",
      kind: "company",
      mustExist: true,
    },
    {
      key: "buildingId",
      flag: "--building <id|name>",
      description:
        "only the certificates of this building (a name is looked up in --company's buildings)",
      kind: "building",
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
      key: "buildingId",
      flag: "--building <id|name>",
      description: "building (id, or name in the company) whose electricity it covers",
      kind: "building",
      required: true,
    },
    {
      key: "cup",
      flag: "--cup <cups>",
      description: "supply point (CUPS) it was cancelled for; absent: any of the building's",
      kind: "text",
    },
    {
      key: "volumeMwh",
      flag: "--mwh <volume>",
      description: "volume in MWh, above 0",
      kind: "number",
      required: true,
    },
    {
      key: "periodFrom",
      flag: "--from <date>",
      description: "first day of the production period it certifies, YYYY-MM-DD",
      kind: "text",
      required: true,
    },
    {
      key: "periodTo",
      flag: "--to <date>",
      description: "last day of that period, YYYY-MM-DD, included",
      kind: "text",
      required: true,
    },
    {
      key: "technology",
      flag: "--technology <kind>",
      description: `generation technology: ${TECHNOLOGIES.join(", ")}`,
      kind: "choice",
      choices: TECHNOLOGIES,
      required: true,
    },
    {
      key: "issuingBody",
      flag: "--issuing-body <name>",
      description: "body that issued it, e.g. CNMC, Ofgem, AIB member",
      kind: "text",
      required: true,
    },
    {
      key: "cancellationId",
      flag: "--cancellation-id <id>",
      description: "its cancellation (redemption) id in the registry; one certificate per id",
      kind: "text",
      required: true,
    },
    {
      key: "countryCode",
      flag: "--country <cc>",
      description: "market it was issued and cancelled in (ISO 3166), the building's country",
      kind: "country",
      required: true,
    },
  ],
  upsertAlias: "create",
  examples: {
    list: [
      "carbon certificates list --company Acme",
      'carbon certificates list --company Acme --building "Madrid HQ"',
      "carbon certificates list --all --json",
    ],
    get: [
      "carbon certificates get 6a1f0c2e-1111-4222-8333-444455556666",
      "carbon certificates get 6a1f0c2e-1111-4222-8333-444455556666 --json",
    ],
    upsert: [
      "carbon certificates create --company Acme --building 44444444-4444-4444-8444-444444444444 --mwh 120 --from 2024-01-01 --to 2024-12-31 --technology solar --issuing-body CNMC --cancellation-id GDO-2024-000123 --country ES",
      "carbon certificates upsert --company Acme --building 44444444-4444-4444-8444-444444444444 --cup ES0021000000000001AB --mwh 4 --from 2024-01-01 --to 2024-01-31 --technology wind --issuing-body CNMC --cancellation-id GDO-2024-000124 --country ES --json",
    ],
  },
  columns: async () => (await import("./columns.js")).certificateColumns,
};
