/**
 * Vehicles over HTTP (docs/vehicles.md). List, get and upsert come from the descriptor
 * (resource-client.ts). A batch (an import) is sent as one `POST /vehicles` per row, in order,
 * stopping at the first row the server refuses; a dry run sends no write and tells inserts from
 * updates by reading each vehicle.
 */
import { isCarbonError } from "../../core/errors.js";
import {
  isVehicleRowError,
  type VehicleRowProblem,
  type VehiclesPort,
  vehicleRowProblems,
} from "../../core/ports/vehicles.js";
import { vehiclesResource } from "../../core/resources/vehicles.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { remoteResource } from "./resource-client.js";

export function remoteVehicles(client: HttpClient, capabilities: ServerCapabilities): VehiclesPort {
  const resource = remoteResource(client, capabilities, vehiclesResource);

  async function exists(id: string): Promise<boolean> {
    try {
      await resource.get(id);
      return true;
    } catch (error) {
      if (isCarbonError(error) && error.code === "not_found") return false;
      throw error;
    }
  }

  return {
    ...resource,
    write: async (inputs, options) => {
      const outcomes: ("inserted" | "updated" | undefined)[] = [];
      const problems: VehicleRowProblem[] = [];
      let stored = 0;
      for (const [index, input] of inputs.entries()) {
        const existed = await exists(input.id);
        if (options.dryRun) {
          outcomes.push(existed ? "updated" : "inserted");
          continue;
        }
        try {
          await resource.upsert(input);
        } catch (error) {
          if (!isVehicleRowError(error)) throw error;
          problems.push(...vehicleRowProblems(index, error));
          break;
        }
        outcomes.push(existed ? "updated" : "inserted");
        stored += 1;
      }
      return { outcomes, problems, stored };
    },
  };
}
