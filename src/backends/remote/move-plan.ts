import { CarbonError, notFound } from "../../core/errors.js";
import { buildingAnswerSchema } from "../../core/model/building.js";
import {
  type BuildingMoveItem,
  type BuildingMoveResult,
  buildingMoveInputSchema,
} from "../../core/model/building-move.js";
import { companyAnswerSchema } from "../../core/model/company.js";
import { consumptionAnswerSchema } from "../../core/model/consumption.js";
import { emissionAnswerSchema } from "../../core/model/emission.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { BuildingMoveRequest } from "../../core/ports/buildings.js";
import { parseInput } from "../../core/validate.js";
import type { HttpClient } from "./client.js";
import { runLimited } from "./limiter.js";
import { everyRow } from "./pages.js";
import { periodQuery } from "./period-query.js";

interface Located {
  readonly name: string;
  readonly companyId: string;
}

/**
 * What travels with one building: its consumptions, and their emissions' figures now. As the
 * local engine counts them: a consumption's direct figure (its direct lines, one per calendar
 * year), calculated when every one of them is.
 */
async function footprintOf(client: HttpClient, building: string, companyId: string) {
  const query = periodQuery({ companyId, buildingId: building });
  const consumptions = await client.request("GET", "/consumptions", {
    schema: answerPageSchema(consumptionAnswerSchema),
    query: { ...query, page: 1, limit: 1 },
  });
  const emissions = await everyRow(client, "/emissions", emissionAnswerSchema, query);
  const direct = new Map<string, { co2e: number; calculated: boolean }>();
  for (const emission of emissions) {
    if (emission.line !== "direct") continue;
    const id = emission.consumptionId.toLowerCase();
    const sum = direct.get(id) ?? { co2e: 0, calculated: true };
    if (emission.co2e === null) sum.calculated = false;
    else sum.co2e += emission.co2e;
    direct.set(id, sum);
  }
  const calculated = [...direct.values()].filter((sum) => sum.calculated);
  return {
    consumptions: consumptions.pagination.total,
    emissions: calculated.length,
    co2e: calculated.reduce((sum, consumption) => sum + consumption.co2e, 0),
  };
}

export async function planMove(
  client: HttpClient,
  request: BuildingMoveRequest,
  concurrency: number,
): Promise<BuildingMoveResult> {
  const input = parseInput(
    buildingMoveInputSchema,
    { buildingIds: request.buildingIds, companyId: request.companyId },
    "move request",
  );
  const targetId = input.companyId.toLowerCase();
  const companies = await everyRow(client, "/companies", companyAnswerSchema);
  const target = companies.find((company) => company.id.toLowerCase() === targetId);
  if (target === undefined) throw notFound("company", targetId);
  const wanted = new Set(input.buildingIds.map((id) => id.toLowerCase()));
  const located = new Map<string, Located>();
  await runLimited(companies, concurrency, async (company) => {
    const route = `/companies/${encodeURIComponent(company.id)}/buildings`;
    for (const building of await everyRow(client, route, buildingAnswerSchema)) {
      const id = building.id.toLowerCase();
      if (wanted.has(id)) located.set(id, { name: building.name, companyId: company.id });
    }
  });
  const missing = [...wanted].filter((id) => !located.has(id));
  const [only, ...others] = missing;
  if (only !== undefined) {
    if (others.length === 0) throw notFound("building", only);
    throw new CarbonError("not_found", `buildings ${missing.join(", ")} not found`);
  }
  const items: BuildingMoveItem[] = [];
  for (const id of wanted) {
    const building = located.get(id);
    if (building === undefined) continue;
    const footprint = await footprintOf(client, id, building.companyId);
    const unchanged = building.companyId.toLowerCase() === targetId;
    items.push({
      buildingId: id,
      name: building.name,
      fromCompanyId: building.companyId.toLowerCase(),
      action: unchanged ? "unchanged" : "move",
      consumptions: footprint.consumptions,
      emissions: footprint.emissions,
      awaitingFactor: footprint.consumptions - footprint.emissions,
      co2eBefore: footprint.co2e,
      co2eAfter: unchanged ? footprint.co2e : null,
    });
  }
  const moving = items.filter((item) => item.action === "move");
  return {
    companyId: targetId,
    companyName: target.name,
    dryRun: true,
    moveId: null,
    buildings: items,
    totals: {
      moved: moving.length,
      unchanged: items.length - moving.length,
      consumptions: moving.reduce((sum, item) => sum + item.consumptions, 0),
      emissions: moving.reduce((sum, item) => sum + item.emissions, 0),
      awaitingFactor: moving.reduce((sum, item) => sum + item.awaitingFactor, 0),
    },
  };
}
