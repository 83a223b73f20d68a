import type { Command } from "commander";
import type { Context } from "../context.js";

/**
 * The resources the program offers, in help order. Only names and descriptions are loaded at
 * start-up; a resource's verbs (and everything they import) load when that resource is invoked,
 * so `carbon --help` and `carbon --version` read a handful of modules.
 */
export interface ResourceEntry {
  readonly name: string;
  readonly description: string;
  load(): Promise<(ctx: Context) => Command>;
}

export const resources: readonly ResourceEntry[] = [
  {
    name: "companies",
    description: "Companies: the organisations whose footprint is measured",
    load: async () => (await import("./companies/index.js")).companiesCommand,
  },
  {
    name: "buildings",
    description: "Buildings: the sites of a company where consumptions happen",
    load: async () => (await import("./buildings/index.js")).buildingsCommand,
  },
  {
    name: "categories",
    description: "Categories: the GHG Protocol scope/category/subcategory tree",
    load: async () => (await import("./categories/index.js")).categoriesCommand,
  },
  {
    name: "factors",
    description: "Emission factors: the default library, resolution, and custom factors",
    load: async () => (await import("./factors/index.js")).factorsCommand,
  },
  {
    name: "consumptions",
    description: "Consumptions: energy, fuels and activity that emissions are calculated from",
    load: async () => (await import("./consumptions/index.js")).consumptionsCommand,
  },
  {
    name: "emissions",
    description: "Emissions calculated from consumptions: list, export, dashboard, summary",
    load: async () => (await import("./emissions/index.js")).emissionsCommand,
  },
  {
    name: "suppliers",
    description: "Suppliers and clients of a company: list, get, upsert, delete, import from CSV",
    load: async () => (await import("./suppliers/index.js")).suppliersCommand,
  },
  {
    name: "waste-operators",
    description: "Waste operators of a company: list, get, upsert",
    load: async () => (await import("./waste-operators/index.js")).wasteOperatorsCommand,
  },
  {
    name: "vehicles",
    description: "Vehicles of a company's fleet: list, get, upsert, import from CSV",
    load: async () => (await import("./vehicles/index.js")).vehiclesCommand,
  },
  {
    name: "certificates",
    description:
      "Energy attribute certificates (guarantees of origin, REGOs): list, get, upsert, delete, and the regos dashboard",
    load: async () => (await import("./certificates/index.js")).certificatesCommand,
  },
  {
    name: "comments",
    description: "Comments on a company's records: list, get, upsert",
    load: async () => (await import("./comments/index.js")).commentsCommand,
  },
  {
    name: "goals",
    description: "Reduction goals and their tasks: list, get, upsert, progress",
    load: async () => (await import("./goals/index.js")).goalsCommand,
  },
  {
    name: "invoices",
    description:
      "Invoices and their lines' consumptions: list, get, upsert, delete, import from CSV",
    load: async () => (await import("./invoices/index.js")).invoicesCommand,
  },
  {
    name: "effluents",
    description:
      "Wastewater effluent limits and samples of buildings: list, get, upsert, delete, import, summary",
    load: async () => (await import("./effluents/index.js")).effluentsCommand,
  },
  {
    name: "inputs",
    description:
      "Inputs: recommended by country (from the factor library) and a company's custom ones",
    load: async () => (await import("./inputs/index.js")).inputsCommand,
  },
  {
    name: "organization-limits",
    description: "Organizational boundaries of a company: list, get, upsert",
    load: async () => (await import("./organization-limits/index.js")).organizationLimitsCommand,
  },
  {
    name: "users",
    description:
      "Users of carbon serve, their roles and companies: list, get, upsert, update, remove, invite",
    load: async () => (await import("./users/index.js")).usersCommand,
  },
  {
    name: "glec",
    description: "GLEC logistics service footprints: submit legs, see TTW/WTT/WTW per leg",
    load: async () => (await import("./glec/index.js")).glecCommand,
  },
  {
    name: "audit",
    description:
      "Audit trail: who moved which buildings, deleted what or changed which user, and when",
    load: async () => (await import("./audit/index.js")).auditCommand,
  },
  {
    name: "api",
    description: "Call any operation of the server's HTTP interface, like gh api",
    load: async () => (await import("./api/index.js")).apiCommand,
  },
  {
    name: "auth",
    description: "Log in to a carbon server (or accept an invitation), check the token, log out",
    load: async () => (await import("./auth/index.js")).authCommand,
  },
  {
    name: "profile",
    description: "Named profiles: which server or database commands use",
    load: async () => (await import("./profile/index.js")).profileCommand,
  },
  {
    name: "serve",
    description: "Serve the REST interface over the local database; mint its tokens",
    load: async () => (await import("./serve/index.js")).serveCommand,
  },
];

/** Global options that take a value, so the word after them is not a command name. */
const optionsWithValue = new Set([
  "--db",
  "--format",
  "--api-url",
  "--token",
  "--profile",
  "--concurrency",
]);

/** The resource named on the command line (`carbon [globals] RESOURCE ...`, or `carbon help RESOURCE`). */
export function requestedResource(args: readonly string[]): ResourceEntry | undefined {
  let wantHelp = false;
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i] ?? "";
    if (word === "--") return undefined;
    if (word.startsWith("-")) {
      if (optionsWithValue.has(word)) i += 1;
      continue;
    }
    if (word === "help" && !wantHelp) {
      wantHelp = true;
      continue;
    }
    return resources.find((entry) => entry.name === word);
  }
  return undefined;
}
