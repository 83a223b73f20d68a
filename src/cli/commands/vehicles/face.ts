import type { ResourceFace } from "../../resource-face.js";

/** The model's lists, repeated here to keep --help light. */
const TYPES = ["passenger_car", "van", "truck", "motorbike", "bus", "machinery"];
const CATEGORIES = [
  "LAND_TRANSPORTATION",
  "AIR_TRANSPORTATION",
  "MARITIME_TRANSPORTATION",
  "RAIL_TRANSPORTATION",
  "FORESTRY_MACHINERY",
  "FARM_MACHINERY",
  "INDUSTRIAL_MACHINERY",
];
const FUELS = ["petrol", "diesel", "lpg", "cng", "lng", "electric", "hybrid", "plug_in_hybrid"];
const OWNERSHIPS = ["owned", "leased", "rented"];

/** The vehicles commands: list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const vehiclesFace: ResourceFace<"vehicles"> = {
  name: "vehicles",
  command: "vehicles",
  singular: "vehicle",
  descriptions: {
    list: "List vehicles, of one company or of every company you see",
    get: "Show one vehicle",
    upsert: "Create a vehicle, or update it when --id names an existing one",
  },
  getArgument: { description: "vehicle id (UUID)", kind: "uuid" },
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
        "only the vehicles of this building (a name is looked up in --company's buildings)",
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
      key: "name",
      flag: "--name <name>",
      description: "vehicle name",
      kind: "text",
      required: true,
    },
    {
      key: "vehicleType",
      flag: "--type <type>",
      description: `one of ${TYPES.join(", ")}`,
      kind: "choice",
      choices: TYPES,
      required: true,
    },
    {
      key: "vehicleCategory",
      flag: "--category <category>",
      description: `one of ${CATEGORIES.join(", ")}`,
      kind: "choice",
      choices: CATEGORIES,
      required: true,
    },
    {
      key: "fuelType",
      flag: "--fuel <fuel>",
      description: `one of ${FUELS.join(", ")}; with the unit, it chooses the factor of the vehicle's consumptions`,
      kind: "choice",
      choices: FUELS,
      required: true,
    },
    {
      key: "ownership",
      flag: "--ownership <ownership>",
      description: `one of ${OWNERSHIPS.join(", ")}`,
      kind: "choice",
      choices: OWNERSHIPS,
      required: true,
    },
    {
      key: "activeFrom",
      flag: "--active-from <date>",
      description: "first day in the fleet, YYYY-MM-DD",
      kind: "text",
      required: true,
    },
    {
      key: "activeTo",
      flag: "--active-to <date>",
      description: "last day in the fleet, YYYY-MM-DD (default: still active)",
      kind: "text",
    },
    {
      key: "licensePlate",
      flag: "--plate <plate>",
      description: "licence plate, unique in the company (case, spaces and dashes ignored)",
      kind: "text",
    },
    {
      key: "buildingId",
      flag: "--building <id|name>",
      description: "the company's building the vehicle is based at (id or name)",
      kind: "building",
    },
  ],
  upsertAlias: "create",
  examples: {
    list: [
      "carbon vehicles list --company Acme",
      'carbon vehicles list --company Acme --building "Madrid HQ"',
      "carbon vehicles list --all --json",
    ],
    get: [
      "carbon vehicles get 8d2e4f6a-1111-4222-8333-444455556666",
      "carbon vehicles get 8d2e4f6a-1111-4222-8333-444455556666 --json",
    ],
    upsert: [
      'carbon vehicles upsert --company Acme --name "Delivery van 3" --type van --category LAND_TRANSPORTATION --fuel diesel --ownership leased --active-from 2024-01-01 --plate "1234 KLM"',
      'carbon vehicles create --company Acme --name "Pool car" --type passenger_car --category LAND_TRANSPORTATION --fuel electric --ownership owned --active-from 2025-03-01 --json',
      'carbon vehicles upsert --id 8d2e4f6a-1111-4222-8333-444455556666 --company Acme --name "Delivery van 3" --type van --category LAND_TRANSPORTATION --fuel diesel --ownership leased --active-from 2024-01-01 --active-to 2025-12-31',
    ],
  },
  deletion: {
    resource: "vehicle",
    noun: "vehicle",
    description: "Delete vehicles that no consumption belongs to",
    notes: [
      "A vehicle that consumptions still belong to is refused (exit 6) and nothing is deleted:",
      "delete them first, or end the vehicle's active period (upsert --active-to) to retire it.",
    ],
    examples: [
      "carbon vehicles delete 8d2e4f6a-1111-4222-8333-444455556666 --dry-run",
      "carbon vehicles delete 8d2e4f6a-1111-4222-8333-444455556666 --yes",
    ],
  },
  columns: async () => (await import("./columns.js")).vehicleColumns,
};
