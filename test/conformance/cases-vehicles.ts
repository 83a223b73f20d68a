/** The vehicles commands against each server (cases.ts spreads them into the matrix). */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { CaseContext, CommandCase } from "./command-case.js";
import { ids } from "./seed.js";

/** A fleet file of two vehicles (ids derived from the plates), written in this run's directory. */
function fleetFile(c: CaseContext): string {
  const file = path.join(c.dir, "fleet.csv");
  writeFileSync(
    file,
    [
      "name;licensePlate;vehicleType;vehicleCategory;fuelType;ownership;activeFrom;activeTo",
      "Pool car;5678-BCD;passenger_car;LAND_TRANSPORTATION;electric;owned;2025-03-01;",
      "Sales car 1;9012 FGH;passenger_car;LAND_TRANSPORTATION;petrol;leased;2023-06-15;2025-06-14",
    ].join("\n"),
  );
  return file;
}

/** A check that every vehicle of a json list was answered as `building`'s. */
function onlyOf(building: string): CommandCase["check"] {
  return (stdout) => {
    const listed: { id: string; buildingId: string | null }[] = JSON.parse(stdout);
    const elsewhere = listed.find((vehicle) => vehicle.buildingId !== building);
    return elsewhere === undefined ? undefined : `listed ${elsewhere.id}, not of ${building}`;
  };
}

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
      "--building",
      ids.madrid,
      "--id",
      ids.newVehicle,
    ],
  },
  { name: "vehicles list", args: () => ["vehicles", "list", "--company", ids.company] },
  { name: "vehicles list (every company)", args: () => ["vehicles", "list"] },
  // The van is Madrid's. A server may ignore buildingId: only vehicles answered as the building's
  // are listed (the hosted shapes answer none with a building, so none is listed from them).
  {
    name: "vehicles list --building",
    args: () => [
      "vehicles",
      "list",
      ...["--company", ids.company, "--building", ids.madrid, "--json"],
    ],
    check: onlyOf(ids.madrid),
  },
  {
    name: "vehicles list --building --all",
    args: () => ["vehicles", "list", "--building", ids.lisbon, "--all", "--json"],
    check: onlyOf(ids.lisbon),
  },
  { name: "vehicles get", args: () => ["vehicles", "get", ids.newVehicle] },
  {
    name: "vehicles import --dry-run",
    dryRun: true,
    args: (c) => ["vehicles", "import", fleetFile(c), "--company", ids.company, "--dry-run"],
  },
  {
    name: "vehicles import",
    args: (c) => ["vehicles", "import", fleetFile(c), "--company", ids.company],
  },
  {
    name: "vehicles delete --dry-run",
    dryRun: true,
    args: () => ["vehicles", "delete", ids.newVehicle, "--dry-run"],
  },
  { name: "vehicles delete", args: () => ["vehicles", "delete", ids.newVehicle, "--yes"] },
];
