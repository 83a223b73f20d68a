import { describe, expect, it } from "vitest";
import { plannedBuildingId, References } from "../../../src/import/references.js";

const company = "11111111-1111-4111-8111-111111111111";
const madrid = { id: "22222222-2222-4222-8222-222222222222", name: "Madrid HQ" };

function refs(): References {
  return References.restore(
    { categories: [], companies: [[company, [madrid]]] },
    { load: async () => null },
  );
}

describe("References.building", () => {
  it("finds a building by name (any case, trimmed, spaces collapsed) or by id, the same object each time", () => {
    const r = refs();
    expect(r.building(company, "Madrid HQ")).toBe(madrid);
    expect(r.building(company, "Madrid HQ")).toBe(madrid);
    expect(r.building(company, "  madrid hq ")).toBe(madrid);
    // Compared as building names are kept unique: repeated spaces (tabs, no-break spaces) as one.
    expect(r.building(company, "MADRID  HQ")).toBe(madrid);
    expect(r.building(company, "Madrid\u00a0\tHQ")).toBe(madrid);
    expect(r.building(company, madrid.id.toUpperCase())).toBe(madrid);
    expect(r.building("33333333-3333-4333-8333-333333333333", "Madrid HQ")).toBeUndefined();
  });

  it("does not remember a name it did not find: planned later, it is found", () => {
    const r = refs();
    expect(r.building(company, "Bilbao plant")).toBeUndefined();
    const planned = r.planBuilding(company, "Bilbao plant", "ES");
    expect(planned.id).toBe(plannedBuildingId(company, "Bilbao plant"));
    expect(r.building(company, "Bilbao plant")).toBe(planned);
    expect(r.building(company, "BILBAO PLANT")).toBe(planned);
    expect(r.building(company, "bilbao   plant")).toBe(planned);
    expect(plannedBuildingId(company, " Bilbao  Plant")).toBe(planned.id);
  });

  it("hands out planned buildings once", () => {
    const r = refs();
    expect(r.takePending()).toEqual([]);
    r.planBuilding(company, "Bilbao plant", null);
    expect(r.takePending().map((b) => b.name)).toEqual(["Bilbao plant"]);
    expect(r.takePending()).toEqual([]);
  });
});
