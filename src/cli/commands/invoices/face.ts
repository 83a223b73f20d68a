import type { ResourceFace } from "../../resource-face.js";

/** The model's lists, repeated here to keep --help light. */
const TYPES = [
  "heat",
  "fuel",
  "electricity",
  "generated-energy",
  "process-emissions",
  "water",
  "wastes",
  "wastes-expenses",
  "others",
  "waste-water",
];
const ROUTES = ["landfill", "recycling", "incineration", "composting", "anaerobic_digestion"];

/** The invoices commands: list, get and upsert, derived by resource-verbs.ts; upsert adds --line. */
export const invoicesFace: ResourceFace<"invoices"> = {
  name: "invoices",
  command: "invoices",
  singular: "invoice",
  descriptions: {
    list: "List invoices, of one company or of every company you see",
    get: "Show one invoice with its lines' consumptions and emissions",
    upsert:
      "Create an invoice, or update it when --id names an existing one; its lines become consumptions",
  },
  getArgument: { description: "invoice id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name (default: every company you see)",
      kind: "company",
      mustExist: true,
    },
    {
      key: "buildingIds",
      flag: "--building <id|name>",
      description: "the invoices of this building; repeat the flag for several (any of them)",
      kind: "buildings",
    },
    {
      key: "type",
      flag: "--type <type>",
      description: `invoice type: ${TYPES.join(", ")}`,
      kind: "choice",
      choices: TYPES,
    },
    {
      key: "startDate",
      flag: "--from <date>",
      description: "invoices billing a day on or after this one, YYYY-MM-DD",
      kind: "text",
    },
    {
      key: "endDate",
      flag: "--to <date>",
      description: "invoices billing a day on or before this one, YYYY-MM-DD",
      kind: "text",
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
      description: "building billed (id, or name in the company)",
      kind: "building",
      required: true,
    },
    {
      key: "type",
      flag: "--type <type>",
      description: `invoice type: ${TYPES.join(", ")}`,
      kind: "choice",
      choices: TYPES,
      required: true,
    },
    {
      key: "startDate",
      flag: "--start <date>",
      description: "first day billed, YYYY-MM-DD",
      kind: "text",
      required: true,
    },
    {
      key: "endDate",
      flag: "--end <date>",
      description: "last day billed, YYYY-MM-DD",
      kind: "text",
      required: true,
    },
    {
      key: "totalCost",
      flag: "--total-cost <amount>",
      description: "total of the invoice",
      kind: "number",
      required: true,
    },
    {
      key: "currency",
      flag: "--currency <code>",
      description: "ISO 4217 currency, e.g. EUR",
      kind: "text",
      required: true,
    },
    {
      key: "status",
      flag: "--status <status>",
      description: "valid (default: counted) or draft (stored, not counted)",
      kind: "choice",
      choices: ["valid", "draft"],
    },
    {
      key: "cup",
      flag: "--cup <code>",
      description: "supply point code (CUPS in Spain)",
      kind: "text",
    },
    { key: "supplier", flag: "--supplier <name>", description: "supplier's name", kind: "text" },
    {
      key: "provider",
      flag: "--provider <uuid>",
      description: "a custom input (provider or heat) of the company: prices its lines",
      kind: "uuid",
    },
    {
      key: "countryCode",
      flag: "--country <cc>",
      description: "ISO 3166 country code (default: the building's)",
      kind: "country",
    },
    {
      key: "externalId",
      flag: "--external-id <id>",
      description: "the invoice's number in your own system",
      kind: "text",
    },
    {
      key: "wasteType",
      flag: "--waste-type <code>",
      description:
        "waste invoices: EU List of Waste code (20 03 01) or material (paper, plastics…)",
      kind: "text",
    },
    {
      key: "wasteDisposalMethod",
      flag: "--disposal <route>",
      description: `waste invoices: disposal route, ${ROUTES.join(", ")}`,
      kind: "choice",
      choices: ROUTES,
    },
    {
      key: "wasteOperatorId",
      flag: "--waste-operator <uuid>",
      description: "waste invoices: the waste operator (must offer the route)",
      kind: "uuid",
    },
  ],
  examples: {
    list: [
      "carbon invoices list --company Acme",
      "carbon invoices list --company Acme --type electricity --json",
      "carbon invoices list --company Acme --from 2025-01-01 --to 2025-03-31",
      'carbon invoices list --company Acme --building "Madrid HQ" --building Depot',
    ],
    get: ["carbon invoices get 9a000000-0000-4000-8000-000000000001 --json"],
    upsert: [
      "carbon invoices upsert --company Acme --building 4f0c9a1e-2b3d-4c5e-8f60-718293a4b5c6 --type electricity --start 2025-01-01 --end 2025-01-31 --total-cost 182.40 --currency EUR --cup ES0021000000000000AA --line 1000:kWh",
      "carbon invoices upsert --company Acme --building 4f0c9a1e-2b3d-4c5e-8f60-718293a4b5c6 --type heat --start 2025-01-01 --end 2025-01-31 --total-cost 95 --currency EUR --line 5000:kWh:natural_gas",
      'carbon invoices upsert --company Acme --building 4f0c9a1e-2b3d-4c5e-8f60-718293a4b5c6 --type wastes --waste-type "20 01 01" --disposal recycling --start 2025-01-01 --end 2025-03-31 --total-cost 60 --currency EUR --line 2:t --status draft',
    ],
  },
  columns: async () => (await import("./columns.js")).invoiceColumns,
};
