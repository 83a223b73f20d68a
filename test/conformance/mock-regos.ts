/**
 * The interface mocks' `GET /companies/{id}/buildings/regos-dashboard`: the seeded company's
 * rows (as carbon computed them from the seed), filtered by BuildingId and Cup and paged; the
 * hosted shape answers fewer fields, as a server that publishes none may.
 */
import type { Answer, Call, Handler, Item, MockSeed, Shapes } from "./mock-store.js";

const COMPANY = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";

function one(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function regosHandlers(
  shapes: Shapes,
  seed: MockSeed,
  page: (items: readonly Item[], query: Call["query"]) => Answer,
): Record<string, Handler> {
  return {
    "GET /api/v1/companies/{id}/buildings/regos-dashboard": (call) => {
      const building = one(call.query.BuildingId);
      const cup = one(call.query.Cup);
      const rows = (call.params.id === COMPANY ? seed.regosRows : []).filter(
        (row) =>
          (building === undefined || row.buildingId === building) &&
          (cup === undefined || row.cup === cup),
      );
      const answered =
        shapes === "hosted"
          ? rows.map((row) => ({
              buildingId: row.buildingId,
              cup: row.cup,
              consumedKwh: String(row.consumedKwh),
              coveredKwh: row.coveredKwh,
            }))
          : rows;
      return page(answered, call.query);
    },
  };
}
