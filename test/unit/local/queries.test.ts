import { describe, expect, it } from "vitest";
import type { Emission } from "../../../src/core/model/emission.js";
import { carbonError, consumption, ids, openTemp, seed } from "./helpers.js";

async function collect(iterable: AsyncIterable<Emission>): Promise<Emission[]> {
  const result: Emission[] = [];
  for await (const item of iterable) result.push(item);
  return result;
}

async function withData() {
  const service = await openTemp();
  await seed(service);
  const jan = consumption({
    startDate: "2025-01-01T00:00:00.000Z",
    endDate: "2025-01-31T00:00:00.000Z",
  });
  const febGas = consumption({
    category: "natural_gas",
    startDate: "2025-02-01T00:00:00.000Z",
    endDate: "2025-02-28T00:00:00.000Z",
  });
  const marchEs = consumption({
    category: "natural_gas",
    companyId: ids.esCompany,
    buildingId: ids.esBuilding,
    startDate: "2024-03-01T00:00:00.000Z",
    endDate: "2024-03-31T00:00:00.000Z",
  });
  const waterEs = consumption({
    category: "water_supply",
    unitType: "m3",
    quantity: 90,
    companyId: ids.esCompany,
    buildingId: ids.esBuilding2,
    startDate: "2024-03-01T00:00:00.000Z",
    endDate: "2024-03-31T00:00:00.000Z",
  });
  for (const row of [febGas, waterEs, jan, marchEs]) await service.consumptions.upsert(row);
  return { service, jan, febGas, marchEs, waterEs };
}

describe("companies and buildings", () => {
  it("upserts by id, lists by name then id, and refuses moving a building by upsert", async () => {
    const service = await openTemp();
    await seed(service);
    const renamed = await service.companies.upsert({
      id: ids.gbCompany,
      name: "Zeta UK",
      country: "GB",
    });
    expect(renamed.name).toBe("Zeta UK");
    expect((await service.companies.list({})).data.map((c) => c.name)).toEqual([
      "Acme España",
      "Zeta UK",
    ]);
    expect(
      (await service.buildings.list({ companyId: ids.esCompany })).data.map((b) => b.name),
    ).toEqual(["Bilbao plant", "Madrid HQ"]);
    const moved = await carbonError(
      service.buildings.upsert({
        id: ids.gbBuilding,
        companyId: ids.esCompany,
        name: "London office",
      }),
    );
    expect(moved.code).toBe("conflict");
    const orphan = await carbonError(
      service.buildings.upsert({ id: ids.esBuilding2, companyId: ids.gbBuilding, name: "Nowhere" }),
    );
    expect(orphan.code).toBe("not_found");
    expect((await carbonError(service.companies.get(ids.gbBuilding))).code).toBe("not_found");
    expect((await carbonError(service.buildings.get(ids.gbCompany))).code).toBe("not_found");
  });

  it("a building's new country recalculates its emissions", async () => {
    const service = await openTemp();
    await seed(service);
    const { emission } = await service.consumptions.upsert(
      consumption({
        companyId: ids.esCompany,
        buildingId: ids.esBuilding,
        category: "district_heat",
        unitType: "kWh",
      }),
    );
    expect(emission.status).toBe("awaiting_factor"); // no Spanish heat network factor, no proxy
    await service.buildings.upsert({
      id: ids.esBuilding,
      companyId: ids.esCompany,
      name: "Madrid HQ",
      country: "GB",
    });
    const [after] = (await service.emissions.list({ buildingId: ids.esBuilding })).data;
    expect(after).toMatchObject({
      status: "calculated",
      resolution: "country_year",
      factorYear: 2025,
    });
  });
});

describe("recalculation on country changes", () => {
  it("a company's new country recalculates buildings that follow it, not the others", async () => {
    const service = await openTemp();
    await seed(service);
    const water = { category: "district_heat", unitType: "kWh", companyId: ids.esCompany };
    const follows = await service.consumptions.upsert(
      consumption({ ...water, buildingId: ids.esBuilding }),
    );
    const own = await service.consumptions.upsert(
      consumption({ ...water, buildingId: ids.esBuilding2 }),
    );
    expect([follows.emission.status, own.emission.status]).toEqual([
      "awaiting_factor",
      "awaiting_factor",
    ]);
    await service.companies.upsert({ id: ids.esCompany, name: "Acme España", country: "GB" });
    const after = (await service.emissions.list({ companyId: ids.esCompany })).data;
    const byId = new Map(after.map((e) => [e.consumptionId, e.status]));
    expect(byId.get(follows.consumption.id)).toBe("calculated");
    expect(byId.get(own.consumption.id)).toBe("awaiting_factor"); // Bilbao has its own country, ES
  });
});

describe("pagination", () => {
  it.each([
    [{ limit: 0 }, "limit"],
    [{ limit: 501 }, "limit"],
    [{ limit: 2.5 }, "limit"],
    [{ page: 0 }, "page"],
  ])("rejects %j as a usage error", async (query, word) => {
    const service = await openTemp();
    const error = await carbonError(service.companies.list(query));
    expect(error.code).toBe("usage");
    expect(error.message).toContain(word);
    expect((await carbonError(service.emissions.list(query))).code).toBe("usage");
  });

  it("pages with defaults 1 and 50, and a total", async () => {
    const service = await openTemp();
    // The open sources release: 6,566 factors (migrations.test.ts says how they add up).
    const page = await service.factors.list({});
    expect(page.pagination).toEqual({ page: 1, limit: 50, total: 6566 });
    expect(page.data).toHaveLength(50);
    const last = await service.factors.list({ page: 132, limit: 50 });
    expect(last.data).toHaveLength(16);
    const keys = [...page.data, ...last.data].map((f) => f.key);
    expect(page.data.map((f) => f.key)).toEqual([...page.data.map((f) => f.key)].sort());
    expect(keys.length).toBe(66);
    const max = await service.factors.list({ limit: 500 });
    expect(max.data).toHaveLength(500);
  });

  it("filters factors by key and country", async () => {
    const service = await openTemp();
    // MITECO V31 prices Spanish natural gas per kWh PCS for 2021-2024 (sheet 10 row 10).
    const page = await service.factors.list({ key: "natural_gas", country: "es" });
    expect(page.data.map((f) => [f.key, f.country, f.year])).toEqual([
      ["natural_gas", "ES", 2021],
      ["natural_gas", "ES", 2022],
      ["natural_gas", "ES", 2023],
      ["natural_gas", "ES", 2024],
    ]);
  });
});

describe("consumption and emission queries", () => {
  it("orders by startDate then the order stored, and filters by company, building, scope and period", async () => {
    const { service, jan, febGas, marchEs, waterEs } = await withData();
    const all = (await service.consumptions.list({})).data.map((c) => c.id);
    // marchEs and waterEs start on the same day: waterEs was stored first.
    expect(all).toEqual([waterEs.id, marchEs.id, jan.id, febGas.id]);
    const gb = await service.emissions.list({ companyId: ids.gbCompany });
    // Lines: the GB electricity bill's direct line, WTT of generation, T&D losses and their WTT;
    // the gas bill's direct line and its WTT (DESNZ 2025 has every one of them for GB).
    expect(gb.data.map((e) => [e.consumptionId, e.line, e.scope])).toEqual([
      [jan.id, "direct", 2],
      [jan.id, "wtt", 3],
      [jan.id, "td_losses", 3],
      [jan.id, "td_losses_wtt", 3],
      [febGas.id, "direct", 1],
      [febGas.id, "wtt", 3],
    ]);
    expect(gb.pagination.total).toBe(6);
    const building = await service.consumptions.list({ buildingId: ids.esBuilding2 });
    expect(building.data.map((c) => c.id)).toEqual([waterEs.id]);
    const scope1 = await service.emissions.list({ scopes: [1] });
    expect(scope1.data.map((e) => e.consumptionId)).toEqual([marchEs.id, febGas.id]);
    // Scope 3: the water bill, and the category 3 lines of the scope 1 and 2 bills.
    const scope3 = await service.emissions.list({ scopes: [3] });
    expect(scope3.data.map((e) => [e.consumptionId, e.line])).toEqual([
      [waterEs.id, "direct"],
      [marchEs.id, "wtt"],
      [jan.id, "wtt"],
      [jan.id, "td_losses"],
      [jan.id, "td_losses_wtt"],
      [febGas.id, "wtt"],
    ]);
    expect(scope3.pagination.total).toBe(6);
    // Overlap, inclusive days: January ends on the 31st.
    const from31 = await service.consumptions.list({ from: "2025-01-31", to: "2025-01-31" });
    expect(from31.data.map((c) => c.id)).toEqual([jan.id]);
    const feb1 = await service.consumptions.list({ from: "2025-02-01" });
    expect(feb1.data.map((c) => c.id)).toEqual([febGas.id]);
    const untilFeb = await service.consumptions.list({ to: "2024-12-31" });
    expect(untilFeb.pagination.total).toBe(2);
    expect((await carbonError(service.consumptions.list({ from: "31/01/2025" }))).code).toBe(
      "usage",
    );
    expect((await carbonError(service.consumptions.list({ companyId: ids.gbBuilding }))).code).toBe(
      "not_found",
    );
  });

  it("streams every matching emission in order, equal to the listed ones", async () => {
    const { service } = await withData();
    const streamed = await collect(service.emissions.stream({}));
    const listed = (await service.emissions.list({})).data;
    expect(streamed).toEqual(listed);
    // A page's records carry their ids as values, a stream's work them out when read: the same
    // answer, field for field and in the same order.
    expect(JSON.stringify(streamed)).toBe(JSON.stringify(listed));
    const es = await collect(service.emissions.stream({ companyId: ids.esCompany, scopes: [3] }));
    // No Spanish water or natural gas WTT factor: the water bill and the gas bill's WTT are priced
    // with the DESNZ (GB) rows proxies.csv designates, labelled so.
    expect(es.map((e) => [e.line, e.status, e.resolution, e.geography])).toEqual([
      ["direct", "calculated", "proxy", "GB"],
      ["wtt", "calculated", "proxy", "GB"],
    ]);
    // The service stays usable between rows, and after stopping early.
    const seen: string[] = [];
    for await (const emission of service.emissions.stream({})) {
      seen.push(emission.consumptionId);
      expect((await service.companies.list({})).pagination.total).toBe(2);
      if (seen.length === 2) break;
    }
    expect(seen).toHaveLength(2);
    expect((await service.consumptions.upsert(consumption())).outcome).toBe("inserted");
  });

  it("summarizes emissions through the engine, with the library version", async () => {
    const { service } = await withData();
    const summary = await service.emissions.summarize({ groupBy: ["scope"] });
    expect(summary.factorLibraryVersion).toMatch(/^lib-[0-9a-f]{12}$/);
    // Scope 3 counts the water bill and the five category 3 lines of the others; none awaits (the
    // Spanish water and gas WTT have labelled proxies).
    expect(summary.groups.map((g) => [g.key.scope, g.count, g.awaitingFactor])).toEqual([
      ["1", 2, 0],
      ["2", 1, 0],
      ["3", 6, 0],
    ]);
    expect(summary.totals.byScope["2"]).toBe(177);
    // 1000 kWh × 0.182448 (MITECO 2024 natural gas, 0.182 kg CO2 + 0.000016 kg CH4 × 28 in AR5)
    // + 1000 kWh × 0.18296 (DESNZ 2025 natural gas, gross CV) = 182.448 + 182.96 = 365.408
    expect(summary.totals.byScope["1"]).toBeCloseTo(182.448 + 182.96, 6);
    // 1000 kWh × (0.0459 + 0.01853 + 0.00397) for GB electricity (DESNZ 2025 WTT generation,
    // T&D losses, WTT of T&D) + 1000 kWh × 0.03021 (DESNZ 2025 natural gas WTT, gross CV) for the
    // GB gas bill + 1000 kWh × 0.03021 for the Spanish one of 2024 (its proxy, DESNZ 2024 flat file
    // ID 11_100_1004_6, gross CV) + 90 m3 × 0.15311 for the Spanish water of 2024 (its proxy,
    // DESNZ 2024 ID 17_404_4005_1) = 68.4 + 30.21 + 30.21 + 13.7799 = 142.5999.
    expect(summary.totals.byScope["3"]).toBeCloseTo(142.5999, 9);
    expect(summary.totals.count).toBe(9);
    const es = await service.emissions.summarize({
      companyId: ids.esCompany,
      groupBy: ["building"],
    });
    expect(es.groups.map((g) => g.label.building)).toEqual(["Bilbao plant", "Madrid HQ"]);
    const windowed = await service.emissions.summarize({
      groupBy: ["month"],
      from: "2025-01-16",
      to: "2025-01-31",
    });
    // 16 of the January bill's 31 days, of each of its four lines.
    expect(windowed.totals.co2e).toBeCloseTo(((177 + 68.4) * 16) / 31, 9);
  });

  it("summarizes consumptions per month and subcategory", async () => {
    const { service } = await withData();
    // Spanish district heat has no factor and no proxy (heat depends on the network): the one
    // consumption awaiting a factor (the water bill has its labelled GB proxy).
    await service.consumptions.upsert(
      consumption({
        category: "district_heat",
        quantity: 900,
        companyId: ids.esCompany,
        buildingId: ids.esBuilding2,
        startDate: "2024-04-01T00:00:00.000Z",
        endDate: "2024-04-30T00:00:00.000Z",
      }),
    );
    const summary = await service.consumptions.summarize({ companyId: ids.esCompany });
    expect(summary.count).toBe(3);
    expect(summary.awaitingFactor).toBe(1);
    expect(summary.groups.map((g) => [g.month, g.categoryCode, g.quantity, g.unit])).toEqual([
      ["2024-03", "natural_gas", 1000, "kWh"],
      ["2024-03", "water_supply", 90, "m3"],
      ["2024-04", "district_heat", 900, "kWh"],
    ]);
    expect(summary.groups.map((g) => g.awaitingFactor)).toEqual([0, 0, 1]);
  });
});
