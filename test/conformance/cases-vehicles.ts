/** The vehicles commands against each server (cases.ts spreads them into the matrix). */
import type { CommandCase } from "./cases.js";
import { ids } from "./seed.js";

export const vehicleCases: readonly CommandCase[] = [
  {
    name: "vehicles upsert",
    args: () => [
      "vehicles",
      "upsert",
      "--company",
      ids.company,
      "--name",
      "Delivery van 3",
      "--type",
      "van",
      "--category",
      "LAND_TRANSPORTATION",
      "--fuel",
      "diesel",
      "--ownership",
      "leased",
      "--active-from",
      "2024-01-01",
      "--plate",
      "1234 KLM",
      "--id",
      ids.newVehicle,
    ],
  },
  { name: "vehicles list", args: () => ["vehicles", "list", "--company", ids.company] },
  { name: "vehicles list (every company)", args: () => ["vehicles", "list"] },
  { name: "vehicles get", args: () => ["vehicles", "get", ids.newVehicle] },
];
