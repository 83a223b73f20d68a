/** The remote engine's emissions part: the interface's emission listings and dashboard. */
import { DRY_RUN_EXTENSION, operationExtension } from "../../core/extensions.js";
import { MAX_PAGE_LIMIT } from "../../core/model/common.js";
import { emissionAnswerSchema } from "../../core/model/emission.js";
import { recalculationReportSchema } from "../../core/model/recalculation.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { EmissionFilter, EmissionsPort } from "../../core/ports/emissions.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient, QueryValue } from "./client.js";
import { anyDashboardSchema, emissionDashboard } from "./dashboards.js";
import { allPages } from "./pages.js";
import { periodQuery } from "./period-query.js";
import type { RemotePartOptions } from "./remote-consumptions.js";

function emissionQuery(filter: EmissionFilter): Record<string, QueryValue> {
  const scopes = filter.scopes;
  return {
    ...periodQuery(filter),
    "entityIds[]": filter.entityIds,
    scope: scopes === undefined || scopes.length === 0 ? undefined : scopes.join(","),
  };
}

const RECALCULATE = "/emissions/recalculate";

export function remoteEmissions(
  client: HttpClient,
  capabilities: ServerCapabilities,
  options: Pick<RemotePartOptions, "streams">,
): EmissionsPort {
  const part: EmissionsPort = {
    list: (query) =>
      client.request("GET", "/emissions", {
        schema: answerPageSchema(emissionAnswerSchema),
        query: { ...emissionQuery(query), page: query.page, limit: query.limit },
      }),
    // Pages of the interface's maximum size, each asked for when the last one is used up.
    async *stream(filter) {
      for await (const rows of allPages(
        (window) => part.list({ ...filter, ...window }),
        MAX_PAGE_LIMIT,
      )) {
        yield* rows;
      }
    },
    async summarize(query) {
      const answer = await client.request("GET", "/emissions/dashboard", {
        schema: anyDashboardSchema,
        query: {
          ...emissionQuery(query),
          groupBy: query.groupBy.length === 0 ? undefined : query.groupBy.join(","),
        },
      });
      return emissionDashboard(answer, options.streams(), query);
    },
    // Carbon serve's extension; the server records its token's user in the audit trail.
    async recalculate(request) {
      await capabilities.require(
        operationExtension("POST", RECALCULATE),
        "recalculating stored emissions",
        "run carbon emissions recalculate on the server's own database",
      );
      if (request.dryRun === true) {
        await capabilities.require(DRY_RUN_EXTENSION, "a dry run of a recalculation");
      }
      return client.request("POST", RECALCULATE, {
        schema: recalculationReportSchema,
        query: { dryRun: request.dryRun === true ? "true" : undefined },
        body: {
          ...(request.companyIds === undefined ? {} : { companyIds: request.companyIds }),
          ...(request.maxChangePercent === undefined
            ? {}
            : { maxChangePercent: request.maxChangePercent }),
          ...(request.library === undefined ? {} : { library: request.library }),
        },
      });
    },
  };
  return part;
}
