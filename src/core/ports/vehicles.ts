/** The vehicles part of the port: the plain resource's verbs, plus the batch of an import. */
import { type CarbonError, isCarbonError } from "../errors.js";
import type { VehicleInput } from "../model/vehicle.js";
import type { PortOf } from "../resource-types.js";

/** A row of a batch the engine refused (unknown company or building, plate conflict...). */
export interface VehicleRowProblem {
  readonly index: number;
  /** The input field it is about (`licensePlate`), or "" for the row as a whole. */
  readonly field: string;
  readonly message: string;
}

export interface VehicleBatchResult {
  /** One per input row, in order: what its upsert did (or would do); undefined when refused. */
  readonly outcomes: readonly ("inserted" | "updated" | undefined)[];
  readonly problems: readonly VehicleRowProblem[];
  /** Rows stored: all or none locally; against a server, those sent before a refused one. */
  readonly stored: number;
}

export interface VehiclesPort extends PortOf<"vehicles"> {
  /**
   * Many upserts (an import), in order. Locally one transaction: with a refused row nothing is
   * stored. Against a server one upsert per row, stopping at the first refused one. A dry run
   * stores nothing and sends no write.
   */
  write(
    inputs: readonly VehicleInput[],
    options: { readonly dryRun: boolean },
  ): Promise<VehicleBatchResult>;
}

/** Error codes that refuse one row of a batch; any other error fails the whole batch. */
const rowCodes = new Set(["validation", "not_found", "conflict"]);

export function isVehicleRowError(error: unknown): error is CarbonError {
  return isCarbonError(error) && rowCodes.has(error.code);
}

/** The problems of a refused row, by field, as an import reports them. */
export function vehicleRowProblems(index: number, error: CarbonError): VehicleRowProblem[] {
  if (error.code === "not_found") {
    const field = error.message.startsWith("building") ? "buildingId" : "companyId";
    return [{ index, field, message: error.message }];
  }
  if (error.issues.length === 0) return [{ index, field: "", message: error.message }];
  return error.issues.map((issue) => ({
    index,
    field: issue.path.split(".")[0] ?? "",
    message: error.code === "conflict" ? error.message : issue.message,
  }));
}
