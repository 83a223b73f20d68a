/**
 * The buildings part of the remote engine: list, get and upsert derived from the descriptor
 * (resource-client.ts, with the spec's per-company listing standing in for our extensions), and
 * the move, which the specification has (`POST /buildings/move`) without its answer or a dry run.
 */
import { z } from "zod";
import { DRY_RUN_EXTENSION, MOVE_EXPECTED_COMPANIES_EXTENSION } from "../../core/extensions.js";
import { buildingMoveResultSchema } from "../../core/model/building-move.js";
import type { BuildingsPort } from "../../core/ports/buildings.js";
import { buildingsResource } from "../../core/resources/buildings.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { planMove } from "./move-plan.js";
import { remoteResource } from "./resource-client.js";

export function remoteBuildings(
  client: HttpClient,
  capabilities: ServerCapabilities,
  concurrency: number,
): BuildingsPort {
  return {
    ...remoteResource(client, capabilities, buildingsResource),
    // The server records its token's user in the audit trail: no actor is sent.
    async move(request) {
      if (request.dryRun === true && !(await capabilities.offers(DRY_RUN_EXTENSION))) {
        // A server that may ignore dryRun is never sent the move: the client plans it.
        return planMove(client, request, concurrency);
      }
      const body = { buildingIds: request.buildingIds, companyId: request.companyId };
      if (await capabilities.offers(DRY_RUN_EXTENSION)) {
        const expected =
          request.expectedCompanyIds !== undefined &&
          (await capabilities.offers(MOVE_EXPECTED_COMPANIES_EXTENSION))
            ? request.expectedCompanyIds.join(",")
            : undefined;
        return client.request("POST", "/buildings/move", {
          schema: buildingMoveResultSchema,
          query: {
            dryRun: request.dryRun === true ? "true" : undefined,
            expectedCompanyIds: expected,
          },
          body,
        });
      }
      // The interface does not show this answer: without carbon's, the client's plan says what moved.
      const plan = await planMove(client, request, concurrency);
      const answer = await client.request("POST", "/buildings/move", { schema: z.unknown(), body });
      const result = buildingMoveResultSchema.safeParse(answer);
      return result.success ? result.data : { ...plan, dryRun: false };
    },
  };
}
