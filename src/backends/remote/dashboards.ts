/**
 * The dashboards of a server whose answers carbon cannot read: the interface shows the paths
 * (`GET /consumptions/dashboard`, `GET /emissions/dashboard`) but not their answers, and the
 * hosted service does not publish them. Such an answer is set aside and the dashboard is summed
 * on the client, with the engine's summarizers, from the spec's listings (emissions,
 * consumptions, categories, the company's buildings), so both engines show the same figures.
 */
import { z } from "zod";
import {
  type ConsumptionSummary,
  consumptionSummarySchema,
  type EmissionSummary,
  emissionSummaryAnswerSchema,
} from "../../core/model/emission.js";
import type { PeriodFilter } from "../../core/ports/consumptions.js";
import type { SummaryQuery } from "../../core/ports/emissions.js";
import type { CarbonService } from "../../core/service.js";
import { createConsumptionSummarizer } from "../../engine/consumption-summary.js";
import { createEmissionSummarizer } from "../../engine/emission-summary.js";
import type { CategoryInfo, SummaryLookups, SummaryWindow } from "../../engine/summary-types.js";

/** What the client sums with: the port's streams. */
type Streams = Pick<CarbonService, "streamList">;

/** The factor library a client-side sum names: the server's, which it does not say. */
const SERVER_LIBRARY = "the server's (not announced)";

function windowOf(filter: PeriodFilter): SummaryWindow {
  return {
    ...(filter.from === undefined ? {} : { from: filter.from }),
    ...(filter.to === undefined ? {} : { to: filter.to }),
  };
}

async function lookupsOf(streams: Streams, filter: PeriodFilter): Promise<SummaryLookups> {
  const categories = new Map<
    string,
    {
      code: string;
      name: string;
      scope: 1 | 2 | 3;
      parentId: string | null;
      defaultUnit: string | null;
    }
  >();
  for await (const page of streams.streamList("categories", {})) {
    for (const category of page) {
      categories.set(category.id.toLowerCase(), {
        code: category.code,
        name: category.name,
        scope: category.scope,
        parentId: category.parentId ?? null,
        defaultUnit: category.defaultUnit ?? null,
      });
    }
  }
  const names = new Map<string, string>();
  const buildings = filter.companyId === undefined ? {} : { companyId: filter.companyId };
  for await (const page of streams.streamList("buildings", buildings)) {
    for (const building of page) names.set(building.id.toLowerCase(), building.name);
  }
  return {
    category(id): CategoryInfo | undefined {
      const category = categories.get(id.toLowerCase());
      if (category === undefined) return undefined;
      const parent =
        category.parentId === null ? undefined : categories.get(category.parentId.toLowerCase());
      return {
        code: category.code,
        name: category.name,
        scope: category.scope,
        parentCode: parent?.code ?? category.code,
        parentName: parent?.name ?? category.name,
        defaultUnit: category.defaultUnit,
      };
    },
    buildingName: (id) => names.get(id.toLowerCase()),
  };
}

/** The server's answer when it is carbon serve's shape, else the sum of the listings. */
export async function emissionDashboard(
  answer: unknown,
  streams: Streams,
  query: SummaryQuery,
): Promise<EmissionSummary> {
  const ours = emissionSummaryAnswerSchema.safeParse(answer);
  if (ours.success) return ours.data;
  const lookups = await lookupsOf(streams, query);
  const summarizer = createEmissionSummarizer(query.groupBy, lookups, windowOf(query));
  const { groupBy: _groupBy, ...filter } = query;
  for await (const page of streams.streamList("emissions", filter)) {
    for (const emission of page) summarizer.add(emission);
  }
  return summarizer.result(SERVER_LIBRARY);
}

export async function consumptionDashboard(
  answer: unknown,
  streams: Streams,
  query: PeriodFilter,
): Promise<ConsumptionSummary> {
  const ours = consumptionSummarySchema.safeParse(answer);
  if (ours.success) return ours.data;
  const lookups = await lookupsOf(streams, query);
  // A consumption awaits a factor when its direct line says so (its derived lines are scope 3
  // category 3 emissions of their own; a server without lines answers direct ones).
  const awaiting = new Set<string>();
  for await (const page of streams.streamList("emissions", query)) {
    for (const emission of page) {
      if (emission.status === "awaiting_factor" && emission.line === "direct") {
        awaiting.add(emission.consumptionId.toLowerCase());
      }
    }
  }
  const summarizer = createConsumptionSummarizer(lookups, windowOf(query));
  for await (const page of streams.streamList("consumptions", query)) {
    for (const row of page) {
      summarizer.add({ ...row, awaitingFactor: awaiting.has(row.id.toLowerCase()) });
    }
  }
  return summarizer.result();
}

/** Any answer: read by the functions above. */
export const anyDashboardSchema = z.unknown();
