/**
 * Buildings through the interface: the specification lists them per company
 * (`GET /companies/{id}/buildings`) and has no building by id, no listing of every company's and
 * no way to create one. Those are extensions of ours, used when the server announces them;
 * otherwise every company's listing is read (every page) and a building found in it.
 */
import { notFound } from "../../core/errors.js";
import { operationExtension } from "../../core/extensions.js";
import { type Building, buildingAnswerSchema } from "../../core/model/building.js";
import { DEFAULT_PAGE_LIMIT, type Page } from "../../core/model/common.js";
import { companyAnswerSchema } from "../../core/model/company.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { CarbonService } from "../../core/service.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { everyRow } from "./pages.js";

type BuildingMethods = Pick<CarbonService, "listBuildings" | "getBuilding" | "createBuilding">;

const buildingPage = answerPageSchema(buildingAnswerSchema);
const _companyPage = answerPageSchema(companyAnswerSchema);

export function remoteBuildings(
  client: HttpClient,
  capabilities: ServerCapabilities,
): BuildingMethods {
  const ofCompany = (companyId: string, window: { page?: number; limit?: number }) =>
    client.request("GET", `/companies/${encodeURIComponent(companyId)}/buildings`, {
      schema: buildingPage,
      query: { page: window.page, limit: window.limit },
    });

  /** Every building of every company the token may read, company after company. */
  async function everyBuilding(): Promise<Building[]> {
    const all: Building[] = [];
    for (const company of await everyRow(client, "/companies", companyAnswerSchema)) {
      const route = `/companies/${encodeURIComponent(company.id)}/buildings`;
      all.push(...(await everyRow(client, route, buildingAnswerSchema)));
    }
    return all;
  }

  return {
    async listBuildings(query): Promise<Page<Building>> {
      if (query.companyId !== undefined) return ofCompany(query.companyId, query);
      if (await capabilities.offers(operationExtension("GET", "/buildings"))) {
        return client.request("GET", "/buildings", {
          schema: buildingPage,
          query: { page: query.page, limit: query.limit },
        });
      }
      const all = await everyBuilding();
      const page = query.page ?? 1;
      const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
      return {
        data: all.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: all.length },
      };
    },

    async getBuilding(buildingId): Promise<Building> {
      if (await capabilities.offers(operationExtension("GET", "/buildings/{id}"))) {
        return client.request("GET", `/buildings/${encodeURIComponent(buildingId)}`, {
          schema: buildingAnswerSchema,
        });
      }
      const wanted = buildingId.toLowerCase();
      const found = (await everyBuilding()).find(
        (building) => building.id.toLowerCase() === wanted,
      );
      if (found === undefined) throw notFound("building", buildingId);
      return found;
    },

    async createBuilding(input) {
      await capabilities.require(
        operationExtension("POST", "/buildings"),
        "creating buildings",
        "create the building in the service itself, then use its id",
      );
      return client.request("POST", "/buildings", { schema: buildingAnswerSchema, body: input });
    },
  };
}
