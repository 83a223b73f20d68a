/**
 * The goals part of the remote engine: list, get and upsert derived from the descriptor
 * (resource-client.ts), and the progress, read from `GET /goals/{id}/progress` where the server
 * announces it, else computed here from the server's emission dashboards as the local engine does.
 */
import { operationExtension } from "../../core/extensions.js";
import { goalProgress } from "../../core/goal-progress.js";
import { goalProgressSchema } from "../../core/model/goal-progress.js";
import type { EmissionsPort } from "../../core/ports/emissions.js";
import type { GoalsPort } from "../../core/ports/goals.js";
import { goalsResource } from "../../core/resources/goals.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { remoteResource } from "./resource-client.js";

export const GOAL_PROGRESS_PATH = "/goals/{id}/progress";

export function remoteGoals(
  client: HttpClient,
  capabilities: ServerCapabilities,
  emissions: EmissionsPort,
): GoalsPort {
  const goals = remoteResource(client, capabilities, goalsResource);
  return {
    ...goals,
    async progress(id) {
      if (await capabilities.offers(operationExtension("GET", GOAL_PROGRESS_PATH))) {
        return client.request("GET", `/goals/${encodeURIComponent(id)}/progress`, {
          schema: goalProgressSchema,
        });
      }
      return goalProgress({ goals, emissions }, id);
    },
  };
}
