import type { Command } from "commander";
import type { VehicleImportReport } from "../../../import/vehicles/import.js";
import type { Context } from "../../context.js";
import { type FileImport, fileImportCommand } from "../file-import.js";

const spec: FileImport<VehicleImportReport> = {
  description: "Import a company's vehicles from a CSV file, all or nothing",
  help: [
    "Columns (named as the fields, case ignored): id, companyId, buildingId, name,",
    "licensePlate, vehicleType, vehicleCategory, fuelType, ownership, activeFrom, activeTo.",
    "A row without id gets one derived from its company and licence plate, so importing the",
    "same file twice updates the same vehicles. Every row is checked before anything is",
    "stored; problems are reported with line and column, nothing is stored and the exit",
    "status is 3. Locally the file is stored in one transaction; a server gets one upsert",
    "per row and the import stops at a row it refuses. Example file:",
    "fixtures/vehicles/acme-fleet.csv (docs/vehicles.md).",
    "",
    "Examples:",
    "  $ carbon vehicles import fleet.csv --company Acme --dry-run",
    "  $ carbon vehicles import flota.csv --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
    "  $ carbon vehicles import fleet.csv --json",
  ],
  load: async () => {
    const [{ importVehicles }, { reportVehicleImport }] = await Promise.all([
      import("../../../import/vehicles/import.js"),
      import("./import-report.js"),
    ]);
    return {
      run: (service, options) => importVehicles(service, options),
      report: reportVehicleImport,
    };
  },
};

export function importCommand(ctx: Context): Command {
  return fileImportCommand(ctx, spec);
}
