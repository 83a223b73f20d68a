import type { ResourceFace } from "../../resource-face.js";

/** The effluents commands: list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const effluentsFace: ResourceFace<"effluents"> = {
  name: "effluents",
  command: "effluents",
  singular: "effluent record",
  descriptions: {
    list: "List a company's effluent limits and samples; samples show their limit and whether they exceed it",
    get: "Show one effluent record (a sample with its limit and whether it exceeds it)",
    upsert: "Create an effluent limit or sample, or update it when --id names an existing one",
  },
  getArgument: { description: "effluent record id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name (required, as the interface requires it)",
      kind: "company",
      required: true,
      mustExist: true,
    },
    {
      key: "buildingId",
      flag: "--building <id|name>",
      description: "building id or name",
      kind: "building",
    },
    {
      key: "type",
      flag: "--type <type>",
      description: "limit or quality",
      kind: "choice",
      choices: ["limit", "quality"],
    },
    {
      key: "year",
      flag: "--year <year>",
      description: "a limit's year, or the year a sample was taken",
      kind: "year",
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
      description: "building id or name (a building of the company)",
      kind: "building",
      required: true,
    },
    {
      key: "type",
      flag: "--type <type>",
      description: "limit (the permitted value for a year) or quality (a value measured on a date)",
      kind: "choice",
      choices: ["limit", "quality"],
      required: true,
    },
    {
      key: "parameter",
      flag: "--parameter <name>",
      description:
        "COD, BOD5, TSS, TOC, total_nitrogen, ammonium_nitrogen, total_phosphorus, oils_and_grease, pH, temperature, conductivity",
      kind: "text",
      required: true,
    },
    {
      key: "value",
      flag: "--value <number>",
      description: "the limit (a maximum) or the measured value, in the parameter's unit",
      kind: "number",
      required: true,
    },
    {
      key: "unit",
      flag: "--unit <unit>",
      description: "the parameter's unit: mg/L, pH, degC (temperature) or uS/cm (conductivity)",
      kind: "text",
      required: true,
    },
    {
      key: "year",
      flag: "--year <year>",
      description: "a limit's year (a sample's is that of --sampled-at)",
      kind: "year",
    },
    {
      key: "sampledAt",
      flag: "--sampled-at <date>",
      description: "a sample's date, YYYY-MM-DD",
      kind: "text",
    },
    {
      key: "minValue",
      flag: "--min-value <number>",
      description: "a pH limit's minimum: a sample below it exceeds the limit too",
      kind: "number",
    },
    {
      key: "dischargePoint",
      flag: "--discharge-point <text>",
      description: "where the water is discharged or sampled (optional)",
      kind: "text",
    },
    { key: "notes", flag: "--notes <text>", description: "free text (optional)", kind: "text" },
  ],
  upsertAlias: "create",
  examples: {
    list: [
      "carbon effluents list --company Acme",
      "carbon effluents list --company Acme --type quality --year 2025 --all --json",
    ],
    get: ["carbon effluents get 8d2e4f6a-1111-4222-8333-444455556666"],
    upsert: [
      "carbon effluents create --company Acme --building 3f0c9a1e-1111-4222-8333-444455556666 --type limit --parameter COD --value 125 --unit mg/L --year 2025",
      "carbon effluents create --company Acme --building 3f0c9a1e-1111-4222-8333-444455556666 --type limit --parameter pH --min-value 6 --value 9 --unit pH --year 2025",
      "carbon effluents create --company Acme --building 3f0c9a1e-1111-4222-8333-444455556666 --type quality --parameter COD --value 140 --unit mg/L --sampled-at 2025-03-14 --discharge-point 'Outfall 1'",
    ],
  },
  columns: async () => (await import("./columns.js")).effluentColumns,
};
