/** The remote engine's consumptions part: the interface's consumption operations. */
import { isCarbonError } from "../../core/errors.js";
import {
  CONSUMPTION_KWH_PER_M3_EXTENSION,
  DRY_RUN_EXTENSION,
  operationExtension,
} from "../../core/extensions.js";
import {
  consumptionAnswerSchema,
  consumptionRecordAnswerSchema,
  consumptionUpsertAnswerSchema,
} from "../../core/model/consumption.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { ConsumptionsPort } from "../../core/ports/consumptions.js";
import type { CarbonService } from "../../core/service.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { anyDashboardSchema, consumptionDashboard } from "./dashboards.js";
import { runLimited } from "./limiter.js";
import { periodQuery } from "./period-query.js";
import { RemoteImportSession, refuseKwhPerM3 } from "./remote-import-session.js";
import { anyAnswerSchema } from "./schemas.js";

export interface RemotePartOptions {
  /** Requests in flight for bulk work (imports, id checks). */
  readonly concurrency: number;
  /** The whole service, whose streams a dashboard sums when a server's answer is not carbon's. */
  readonly streams: () => Pick<CarbonService, "streamList">;
}

export function remoteConsumptions(
  client: HttpClient,
  capabilities: ServerCapabilities,
  options: RemotePartOptions,
): ConsumptionsPort {
  const path = (id: string) => `/consumptions/${encodeURIComponent(id)}`;
  return {
    // What a server stored stays stored: no request undoes an import.
    importsAtomically: false,
    list: (query) =>
      client.request("GET", "/consumptions", {
        schema: answerPageSchema(consumptionAnswerSchema),
        query: { ...periodQuery(query), page: query.page, limit: query.limit },
      }),
    get: (id) => client.request("GET", path(id), { schema: consumptionRecordAnswerSchema }),
    // Any success counts: the hosted service wraps the record in `{id, data}`.
    async storedIds(ids) {
      const stored = new Set<string>();
      await runLimited(ids, options.concurrency, async (id) => {
        try {
          await client.request("GET", path(id), { schema: anyAnswerSchema });
          stored.add(id);
        } catch (error) {
          if (!isCarbonError(error) || error.code !== "not_found") throw error;
        }
      });
      return stored;
    },
    async upsert(input) {
      if (input.kwhPerM3 !== undefined) {
        const offered = await capabilities.offers(CONSUMPTION_KWH_PER_M3_EXTENSION);
        if (!offered) refuseKwhPerM3(client.api.href, [input]);
      }
      return client.request("POST", "/consumptions", {
        schema: consumptionUpsertAnswerSchema,
        body: input,
      });
    },
    async openImport(sessionOptions) {
      const [batches, dryRun, createBuildings, kwhPerM3] = await Promise.all([
        capabilities.offers(operationExtension("POST", "/consumptions/batch")),
        capabilities.offers(DRY_RUN_EXTENSION),
        capabilities.offers(operationExtension("POST", "/buildings")),
        capabilities.offers(CONSUMPTION_KWH_PER_M3_EXTENSION),
      ]);
      return new RemoteImportSession(client, {
        dryRun: sessionOptions.dryRun,
        concurrency: options.concurrency,
        offers: { batches, dryRun, createBuildings, kwhPerM3 },
      });
    },
    async summarize(query) {
      const answer = await client.request("GET", "/consumptions/dashboard", {
        schema: anyDashboardSchema,
        query: periodQuery(query),
      });
      return consumptionDashboard(answer, options.streams(), query);
    },
  };
}
