/**
 * Custom factors valid from a day to a day, on the local engine: a consumption is priced day by
 * day with the factor valid on each day, cut where a validity starts or ends; worked out by hand
 * from DESNZ 2025 ('UK electricity' 0.177 kg CO2e/kWh, fixtures/factors/emission-factors.csv).
 */
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { categoryId } from "../../../src/core/ids.js";
import type { CustomFactorInput } from "../../../src/core/model/factor.js";
import { emissionIdOf, emissionLineIdOf } from "../../../src/rules/consumption-rows.js";
import { carbonError, consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

const SUPPLIER = "77777777-7777-4777-8777-777777777777";
const OTHER = "88888888-8888-4888-8888-888888888888";

function factor(fields: Partial<CustomFactorInput> = {}): CustomFactorInput {
  return {
    id: SUPPLIER,
    companyId: ids.gbCompany,
    categoryId: categoryId("electricity"),
    basis: "location",
    unit: "kWh",
    co2e: 0.05,
    source: "Supplier contract from April 2025",
    ...fields,
  };
}

/** The March-April bill of the issue: 3,100 kWh over 31 days, 100 kWh a day. */
const bill = () =>
  consumption({
    id: "00000000-0000-4000-8000-00000000a001",
    startDate: "2025-03-15T00:00:00.000Z",
    endDate: "2025-04-14T00:00:00.000Z",
    quantity: 3100,
  });

/** [line, first day, last day, kWh, kg CO2e, step] of every line. */
async function linesOf(service: Awaited<ReturnType<typeof openTemp>>) {
  const { data } = await service.emissions.list({ limit: 500 });
  return data.map((e) => [
    e.line,
    e.startDate.slice(0, 10),
    e.endDate.slice(0, 10),
    e.quantity,
    e.co2e,
    e.resolution,
  ]);
}

describe("a custom factor valid from 1 April on a bill of 15 March to 14 April", () => {
  it("prices 17 days with the library and 14 with the factor, and reads them back after a reopen", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openLocalService({ path: file });
    await seed(service);
    const stored = await service.consumptions.upsert(bill());
    // Before: 3,100 kWh x 0.177 (DESNZ 2025 'UK electricity') = 548.7 kg
    expect(stored.emission.co2e).toBeCloseTo(548.7, 9);

    const change = await service.customFactors.change(factor({ validFrom: "2025-04-01" }), {
      dryRun: false,
    });
    expect(change.factor).toMatchObject({ validFrom: "2025-04-01", validTo: null });
    // 15-31 March, 17 days: 1,700 kWh x 0.177 = 300.9 kg (library);
    // 1-14 April, 14 days: 1,400 kWh x 0.05 = 70 kg (the custom factor); 370.9 kg in all.
    const direct = (await linesOf(service)).filter(([line]) => line === "direct");
    expect(direct).toEqual([
      [
        "direct",
        "2025-03-15",
        "2025-03-31",
        expect.closeTo(1700, 9),
        expect.closeTo(300.9, 9),
        "country_year",
      ],
      [
        "direct",
        "2025-04-01",
        "2025-04-14",
        expect.closeTo(1400, 9),
        expect.closeTo(70, 9),
        "company_custom",
      ],
    ]);
    const [first] = (await service.emissions.list({})).data;
    expect(first?.id).toBe(emissionLineIdOf(bill().id, "direct", 2025));
    const all = (await service.emissions.list({ limit: 500 })).data;
    expect(all[4]).toMatchObject({
      id: emissionLineIdOf(bill().id, "direct", "2025-04-01"),
      factorId: SUPPLIER,
      factorValue: 0.05,
      factorSource: "Supplier contract from April 2025",
      // a factor open at its end has no calendar year of its own
      factorYear: null,
    });
    expect(new Set(all.map((e) => e.id)).size).toBe(8);
    // The report: scope 2 went from 548.7 to 370.9 kg; the category 3 lines did not move.
    const report = change.recalculation;
    expect(report?.recalculated).toBe(1);
    const scope2 = report?.changes.find((c) => c.scope === 2);
    expect(scope2?.before.co2e).toBeCloseTo(548.7, 9);
    expect(scope2?.after.co2e).toBeCloseTo(370.9, 9);
    const scope3 = report?.changes.find((c) => c.scope === 3);
    expect(scope3?.after.co2e).toBeCloseTo(scope3?.before.co2e ?? Number.NaN, 9);
    const before = await linesOf(service);
    const ids8 = all.map((e) => e.id);
    await service.close();

    // A new connection reads the same days, figures and ids from the stored record.
    const again = await openLocalService({ path: file });
    try {
      expect(await linesOf(again)).toEqual(before);
      expect((await again.emissions.list({ limit: 500 })).data.map((e) => e.id)).toEqual(ids8);
      const summary = await again.emissions.summarize({ groupBy: ["month", "scope"] });
      // March: 300.9 kg of scope 2; April: 70 kg.
      const scope2Of = (month: string) =>
        summary.groups.find((g) => g.key.month === month && g.key.scope === "2")?.co2e;
      expect(scope2Of("2025-03")).toBeCloseTo(300.9, 9);
      expect(scope2Of("2025-04")).toBeCloseTo(70, 9);
    } finally {
      await again.close();
    }
    // The stored record names the stretches by their days; no other field changed shape.
    const db = new Database(file, { readonly: true });
    const lines = db
      .prepare<[], string>(
        "SELECT p.lines FROM consumptions c JOIN emission_provenance p ON p.ref = c.provenance_ref",
      )
      .pluck()
      .get();
    db.close();
    const parsed = JSON.parse(lines ?? "[]") as {
      kind: string;
      year: number;
      from?: string;
      to?: string;
    }[];
    expect(parsed.filter((l) => l.kind === "direct").map((l) => [l.year, l.from, l.to])).toEqual([
      [2025, undefined, "2025-03-31"],
      [2025, "2025-04-01", undefined],
    ]);
  });

  it("moves no stored figure of a day outside the validity, and a dry run stores nothing", async () => {
    const service = await openTemp();
    await seed(service);
    const january = consumption({ quantity: 1000 });
    await service.consumptions.upsert(january);
    await service.consumptions.upsert(bill());
    const before = await linesOf(service);
    const plan = await service.customFactors.change(factor({ validFrom: "2025-04-01" }), {
      dryRun: true,
    });
    expect(plan.recalculation).toMatchObject({ dryRun: true, stored: false, recalculated: 1 });
    expect(await linesOf(service)).toEqual(before);
    expect((await service.customFactors.list({ companyId: ids.gbCompany })).data).toEqual([]);
    // A consumption then priced sees no trace of the dry run's factor.
    const april = await service.consumptions.upsert(
      consumption({
        startDate: "2025-04-01T00:00:00.000Z",
        endDate: "2025-04-30T00:00:00.000Z",
      }),
    );
    expect(april.emission.resolution).toBe("country_year");

    await service.customFactors.change(factor({ validFrom: "2025-04-01" }), { dryRun: false });
    const after = await linesOf(service);
    // January (1,000 kWh x 0.177 = 177 kg) is not recalculated: its lines are as they were.
    expect(after.slice(0, 4)).toEqual(before.slice(0, 4));
    expect(after[0]).toEqual(["direct", "2025-01-01", "2025-01-31", 1000, 177, "country_year"]);
  });
});

describe("validity dates", () => {
  it("an open-ended factor prices every day, and the bill stays one part", async () => {
    const service = await openTemp();
    await seed(service);
    await service.consumptions.upsert(bill());
    await service.customFactors.upsert(factor());
    const lines = (await service.emissions.list({})).data;
    // 3,100 kWh x 0.05 = 155 kg, one direct line over the whole bill with its usual id.
    expect(lines[0]).toMatchObject({
      id: emissionIdOf(bill().id),
      startDate: "2025-03-15T00:00:00.000Z",
      endDate: "2025-04-14T00:00:00.000Z",
      co2e: 155,
      resolution: "company_custom",
    });
    expect(lines).toHaveLength(4);
  });

  it("year is the shorthand of 1 January to 31 December: a bill across two years", async () => {
    const service = await openTemp();
    await seed(service);
    const stored = await service.customFactors.upsert(factor({ year: 2025 }));
    expect(stored).toMatchObject({ validFrom: "2025-01-01", validTo: "2025-12-31" });
    // 36,500 kWh from 2025-12-31 to 2026-12-30: 1 day of 2025 at the custom 0.05 = 5 kg;
    // 364 days of 2026 at DESNZ 2026 0.13096: 36,400 x 0.13096 = 4,766.944 kg.
    await service.consumptions.upsert(
      consumption({
        startDate: "2025-12-31T00:00:00.000Z",
        endDate: "2026-12-30T00:00:00.000Z",
        quantity: 36_500,
      }),
    );
    const direct = (await linesOf(service)).filter(([line]) => line === "direct");
    expect(direct).toEqual([
      ["direct", "2025-12-31", "2025-12-31", 100, expect.closeTo(5, 9), "company_custom"],
      ["direct", "2026-01-01", "2026-12-30", 36_400, expect.closeTo(4766.944, 9), "country_year"],
    ]);
  });

  it("refuses validTo before validFrom, and year with dates, naming the field; nothing stored", async () => {
    const service = await openTemp();
    await seed(service);
    const backwards = await carbonError(
      service.customFactors.upsert(factor({ validFrom: "2025-04-01", validTo: "2025-03-31" })),
    );
    expect(backwards.code).toBe("validation");
    expect(backwards.issues).toEqual([
      {
        path: "validTo",
        message: "expected validTo on or after validFrom 2025-04-01, got 2025-03-31",
      },
    ]);
    const both = await carbonError(
      service.customFactors.change(factor({ year: 2025, validFrom: "2025-04-01" }), {
        dryRun: false,
      }),
    );
    expect(both.code).toBe("validation");
    expect(both.issues[0]?.path).toBe("year");
    const notADay = await carbonError(
      service.customFactors.upsert(factor({ validTo: "2025-02-30" })),
    );
    expect(notADay.issues[0]?.path).toBe("validTo");
    expect((await service.customFactors.list({ companyId: ids.gbCompany })).data).toEqual([]);
  });

  it("of two factors valid on a day, the one whose validity starts later prices it", async () => {
    const service = await openTemp();
    await seed(service);
    await service.consumptions.upsert(bill());
    // An open-ended contract figure created after the April disclosure: on 15-31 March only the
    // contract is valid (0.09); from 1 April both are, and the disclosure starts later (0.05).
    await service.customFactors.upsert(factor({ validFrom: "2025-04-01" }));
    await service.customFactors.upsert(
      factor({ id: OTHER, co2e: 0.09, source: "Contract figure, every year" }),
    );
    const direct = (await linesOf(service)).filter(([line]) => line === "direct");
    // 1,700 kWh x 0.09 = 153 kg; 1,400 kWh x 0.05 = 70 kg.
    expect(direct.map((l) => [l[1], l[4], l[5]])).toEqual([
      ["2025-03-15", expect.closeTo(153, 9), "company_custom"],
      ["2025-04-01", expect.closeTo(70, 9), "company_custom"],
    ]);
    const factors = (await service.emissions.list({ limit: 500 })).data
      .filter((e) => e.line === "direct")
      .map((e) => e.factorId);
    expect(factors).toEqual([OTHER, SUPPLIER]);
  });

  it("a market-based factor cuts the market figure only; the location figure keeps DESNZ", async () => {
    const service = await openTemp();
    await seed(service);
    await service.consumptions.upsert(bill());
    await service.customFactors.upsert(
      factor({ basis: "market", co2e: 0, validFrom: "2025-04-01" }),
    );
    const direct = (await service.emissions.list({ limit: 500 })).data.filter(
      (e) => e.line === "direct",
    );
    // Location: 1,700 and 1,400 kWh x 0.177 = 300.9 and 247.8 kg. Market: GB has no residual
    // mix, so 15-31 March falls back to the location figure (300.9 kg); April is 0 kg.
    expect(direct.map((e) => [e.co2e, e.co2eMarketBased, e.marketBasis])).toEqual([
      [expect.closeTo(300.9, 9), expect.closeTo(300.9, 9), "location_fallback"],
      [expect.closeTo(247.8, 9), 0, "company_custom"],
    ]);
  });
});

describe("the import's fast path", () => {
  it("shares one calculation among a year's bills without custom factors; stretches with one", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openLocalService({ path: file });
    await seed(service);
    const months = ["01", "02", "03", "04", "05", "06"];
    const rows = (company: string, building: string) =>
      months.map((month) =>
        consumption({
          companyId: company,
          buildingId: building,
          startDate: `2025-${month}-01T00:00:00.000Z`,
          endDate: `2025-${month}-28T00:00:00.000Z`,
        }),
      );
    // The Spanish company has a factor from 1 April; the British one has none.
    await service.customFactors.upsert(
      factor({ companyId: ids.esCompany, validFrom: "2025-04-01" }),
    );
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.write([
      ...rows(ids.gbCompany, ids.gbBuilding),
      ...rows(ids.esCompany, ids.esBuilding),
    ]);
    await session.commit();
    const byCompany = (await service.emissions.list({ limit: 500 })).data.filter(
      (e) => e.line === "direct",
    );
    // ES: January-March the EEA's Spain 2024 (the nearest earlier year), April-June the factor:
    // 1,000 kWh x 0.05 = 50 kg.
    const es = byCompany.filter((e) => e.companyId === ids.esCompany);
    expect(es.map((e) => e.resolution)).toEqual([
      "country_earlier_year",
      "country_earlier_year",
      "country_earlier_year",
      "company_custom",
      "company_custom",
      "company_custom",
    ]);
    expect(es.slice(3).map((e) => e.co2e)).toEqual([50, 50, 50]);
    await service.close();
    const db = new Database(file, { readonly: true });
    const records = db
      .prepare<[string], number>(
        `SELECT count(DISTINCT c.provenance_ref) FROM consumptions c
           JOIN companies co ON co.ref = c.company_ref WHERE co.id = ?`,
      )
      .pluck();
    // Six British bills, one shared record (one part each); the Spanish ones, one per stretch.
    expect(records.get(ids.gbCompany)).toBe(1);
    expect(records.get(ids.esCompany)).toBe(2);
    const cut = db
      .prepare<[], number>(
        "SELECT count(*) FROM emission_provenance WHERE lines LIKE '%\"from\"%' OR lines LIKE '%\"to\"%'",
      )
      .pluck()
      .get();
    db.close();
    // No bill lies across 1 April: no record names a stretch.
    expect(cut).toBe(0);
  });
});
