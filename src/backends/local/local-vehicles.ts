/** The vehicles part of the local engine: the repository inside the service's transactions. */
import {
  isVehicleRowError,
  type VehicleRowProblem,
  type VehiclesPort,
  vehicleRowProblems,
} from "../../core/ports/vehicles.js";
import { localResource } from "./local-resource.js";
import type { Transactions } from "./transaction-tools.js";
import type { VehicleRepository } from "./vehicles.js";

/** Thrown inside a write transaction to roll it back. */
const ROLLBACK = Symbol("rollback");

export function localVehicles(vehicles: VehicleRepository, tx: Transactions): VehiclesPort {
  return {
    ...localResource(vehicles, tx),
    /** One transaction: every row is tried, then all are kept, or none (a refusal, a dry run). */
    write: async (inputs, options) => {
      const outcomes: ("inserted" | "updated" | undefined)[] = [];
      const problems: VehicleRowProblem[] = [];
      try {
        tx.write(() => {
          inputs.forEach((input, index) => {
            try {
              const existed = vehicles.exists(input.id);
              vehicles.upsert(input);
              outcomes.push(existed ? "updated" : "inserted");
            } catch (error) {
              if (!isVehicleRowError(error)) throw error;
              outcomes.push(undefined);
              problems.push(...vehicleRowProblems(index, error));
            }
          });
          if (options.dryRun || problems.length > 0) throw ROLLBACK;
        });
      } catch (error) {
        if (error !== ROLLBACK) throw error;
        return { outcomes, problems, stored: 0 };
      }
      return { outcomes, problems, stored: inputs.length };
    },
  };
}
