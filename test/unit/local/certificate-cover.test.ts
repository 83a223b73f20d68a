/**
 * Certificates and market-based scope 2 (docs/certificates.md#coverage), worked out by hand.
 *
 * Factors (fixtures/factors/emission-factors.csv), Spain 2024, grid electricity:
 * - market-based: electricity_residual_mix ES 2024 = 0.283 kg CO2e/kWh, MITECO Calculadora de
 *   huella de carbono V31, sheet '10. Factores de emisión' row 538, block 2024 ("Mix sin GdO");
 * - location-based: electricity_grid ES 2024 = 0.125 kg CO2e/kWh, EEA GHG emission intensity of
 *   electricity generation, row Spain, column 2024.
 */
import { describe, expect, it } from "vitest";
import type { LocalService } from "../../../src/backends/local/local-service.js";
import type { CertificateInput } from "../../../src/core/model/certificate.js";
import { carbonError, consumption, ids, openTemp, seed } from "./helpers.js";

const RESIDUAL_ES_2024 = 0.283;
const GRID_ES_2024 = 0.125;

const CUP = "ES0021000000000001AB";

function esCertificate(overrides: Partial<CertificateInput> = {}): CertificateInput {
  return {
    id: "66666666-6666-4666-8666-000000000001",
    companyId: ids.esCompany,
    buildingId: ids.esBuilding2,
    volumeMwh: 4,
    periodFrom: "2024-01-01",
    periodTo: "2024-01-31",
    technology: "solar",
    issuingBody: "CNMC",
    cancellationId: "GO-ES-2024-0001",
    countryCode: "ES",
    ...overrides,
  };
}

async function januaryBill(
  service: LocalService,
  kwh: number,
  id = "00000000-0000-4000-8000-0000000000e1",
) {
  return service.consumptions.upsert(
    consumption({
      id,
      companyId: ids.esCompany,
      buildingId: ids.esBuilding2,
      startDate: "2024-01-01T00:00:00.000Z",
      endDate: "2024-01-31T00:00:00.000Z",
      quantity: kwh,
    }),
  );
}

async function marketOf(
  service: LocalService,
  consumptionId: string,
): Promise<number | null | undefined> {
  const emissions = (await service.emissions.list({ companyId: ids.esCompany })).data;
  return emissions.find((e) => e.consumptionId === consumptionId)?.co2eMarketBased;
}

describe("market-based scope 2 with certificates, on the local engine", () => {
  it("10 MWh consumed, 4 MWh certificate: market = 6000 kWh × 0.283 = 1698 kg; location unchanged = 10000 × 0.125 = 1250 kg", async () => {
    const service = await openTemp();
    await seed(service);
    const stored = await januaryBill(service, 10_000);
    // Before: 10000 × 0.283 = 2830 kg market-based.
    expect(stored.emission.co2eMarketBased).toBeCloseTo(10_000 * RESIDUAL_ES_2024, 9);
    expect(stored.emission.co2e).toBeCloseTo(10_000 * GRID_ES_2024, 9);

    await service.certificates.upsert(esCertificate());
    expect(await marketOf(service, stored.consumption.id)).toBeCloseTo(6000 * RESIDUAL_ES_2024, 9);

    // The summary's scope 2 market-based agrees: 1698 kg; location-based 1250 kg.
    const summary = await service.emissions.summarize({ companyId: ids.esCompany, groupBy: [] });
    expect(summary.totals.scope2MarketBased).toBeCloseTo(1698, 9);
    expect(summary.totals.co2e).toBeCloseTo(1250, 9);

    // The dashboard row: 10000 consumed, 4000 covered (40 %), 1250 and 1698 kg.
    const page = await service.certificates.dashboard({ companyId: ids.esCompany });
    expect(page.pagination).toEqual({ page: 1, limit: 50, total: 1 });
    expect(page.data[0]).toMatchObject({
      buildingId: ids.esBuilding2,
      buildingName: "Bilbao plant",
      cup: null,
      consumedKwh: 10_000,
      coveredKwh: 4000,
      coveragePercent: 40,
    });
    expect(page.data[0]?.locationKg).toBeCloseTo(1250, 9);
    expect(page.data[0]?.marketKg).toBeCloseTo(1698, 9);

    // A 12 MWh certificate covers the whole bill: 0 kg market-based.
    await service.certificates.upsert(esCertificate({ volumeMwh: 12 }));
    expect(await marketOf(service, stored.consumption.id)).toBe(0);

    // Deleting it gives the residual mix back: 2830 kg.
    await service.deleteRecords({ resource: "certificate", ids: [esCertificate().id] });
    expect(await marketOf(service, stored.consumption.id)).toBeCloseTo(2830, 9);
  });

  it("a bill written after the certificate is covered too, and a bigger bill re-shares the volume", async () => {
    const service = await openTemp();
    await seed(service);
    await service.certificates.upsert(esCertificate());
    const stored = await januaryBill(service, 5000);
    // 5000 - 4000 = 1000 kWh × 0.283 = 283 kg.
    expect(await marketOf(service, stored.consumption.id)).toBeCloseTo(283, 9);
    await januaryBill(service, 3000);
    // Corrected to 3000 kWh: fully covered (4000 > 3000).
    expect(await marketOf(service, stored.consumption.id)).toBe(0);
  });

  it("an import session settles coverage before its commit; a dry run stores none", async () => {
    const service = await openTemp();
    await seed(service);
    await service.certificates.upsert(esCertificate());
    const row = consumption({
      id: "00000000-0000-4000-8000-0000000000e9",
      companyId: ids.esCompany,
      buildingId: ids.esBuilding2,
      startDate: "2024-01-01T00:00:00.000Z",
      endDate: "2024-01-31T00:00:00.000Z",
      quantity: 10_000,
    });
    const dry = await service.consumptions.openImport({ dryRun: true });
    await dry.write([row]);
    await dry.commit();
    expect(await marketOf(service, row.id)).toBeUndefined();
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.write([row]);
    await session.commit();
    // 10000 - 4000 covered = 6000 kWh × 0.283 = 1698 kg.
    expect(await marketOf(service, row.id)).toBeCloseTo(1698, 9);
  });

  it("a building that changes market is no longer covered; one that moves takes its certificates along", async () => {
    const service = await openTemp();
    await seed(service);
    const stored = await januaryBill(service, 10_000);
    await service.certificates.upsert(esCertificate());
    expect(await marketOf(service, stored.consumption.id)).toBeCloseTo(1698, 9);
    // Bilbao plant moved to the GB company, keeping its own country ES: still covered.
    await service.buildings.move({ buildingIds: [ids.esBuilding2], companyId: ids.gbCompany });
    expect((await service.certificates.get(esCertificate().id)).companyId).toBe(ids.gbCompany);
    const moved = (await service.certificates.dashboard({ companyId: ids.gbCompany })).data;
    expect(moved.map((row) => row.coveredKwh)).toEqual([4000]);
    // Its country becomes PT: an ES certificate is of another market, nothing is covered.
    await service.buildings.upsert({
      id: ids.esBuilding2,
      companyId: ids.gbCompany,
      name: "Bilbao plant",
      country: "PT",
    });
    const after = (await service.certificates.dashboard({ companyId: ids.gbCompany })).data;
    expect(after.map((row) => row.coveredKwh)).toEqual([0]);
  });

  it("a half-month window takes the bill's and its coverage's share by day", async () => {
    const service = await openTemp();
    await seed(service);
    await januaryBill(service, 31_000);
    await service.certificates.upsert(esCertificate({ volumeMwh: 15.5 }));
    // 1-15 January: 15/31 of 31000 = 15000 kWh consumed, of 15500 covered = 7500 kWh;
    // market (31000 - 15500) × 0.283 × 15/31 = 2122.5 kg; location 31000 × 0.125 × 15/31 = 1875 kg.
    const page = await service.certificates.dashboard({
      companyId: ids.esCompany,
      startDate: "2024-01-01",
      endDate: "2024-01-15",
    });
    expect(page.data[0]?.consumedKwh).toBeCloseTo(15_000, 9);
    expect(page.data[0]?.coveredKwh).toBeCloseTo(7500, 9);
    expect(page.data[0]?.coveragePercent).toBeCloseTo(50, 9);
    expect(page.data[0]?.marketKg).toBeCloseTo(2122.5, 9);
    expect(page.data[0]?.locationKg).toBeCloseTo(1875, 9);
    const summary = await service.emissions.summarize({
      companyId: ids.esCompany,
      from: "2024-01-01",
      to: "2024-01-15",
      groupBy: [],
    });
    expect(summary.totals.scope2MarketBased).toBeCloseTo(2122.5, 9);
  });

  it("refuses a certificate of another market, a taken cancellation id, a building of another company", async () => {
    const service = await openTemp();
    await seed(service);
    const market = await carbonError(
      service.certificates.upsert(esCertificate({ countryCode: "FR" })),
    );
    expect(market.code).toBe("validation");
    expect(market.message).toContain(
      "building 55555555-5555-4555-8555-555555555555 is in market ES",
    );
    await service.certificates.upsert(esCertificate());
    const taken = await carbonError(
      service.certificates.upsert(esCertificate({ id: "66666666-6666-4666-8666-000000000002" })),
    );
    expect(taken.code).toBe("conflict");
    expect(taken.message).toContain('cancellation id "GO-ES-2024-0001"');
    const foreign = await carbonError(
      service.certificates.upsert(
        esCertificate({
          id: "66666666-6666-4666-8666-000000000003",
          cancellationId: "X",
          buildingId: ids.gbBuilding,
        }),
      ),
    );
    expect(foreign.code).toBe("validation");
    expect((await service.certificates.list({ companyId: ids.esCompany })).pagination.total).toBe(
      1,
    );
  });

  it("a building with certificates is not deleted", async () => {
    const service = await openTemp();
    await seed(service);
    await service.certificates.upsert(esCertificate());
    const refused = await carbonError(
      service.deleteRecords({
        resource: "building",
        ids: [ids.esBuilding2],
        withConsumptions: true,
      }),
    );
    expect(refused.code).toBe("conflict");
    expect(refused.message).toContain("energy attribute certificate");
  });

  it("a certificate naming a supply point covers only that supply point's invoice bills", async () => {
    const service = await openTemp();
    await seed(service);
    const invoiceId = "INV-CUPS-1";
    // The invoices table (migration 16) gives a consumption its supply point by entity_id.
    await insertInvoice(service, invoiceId, CUP);
    const billed = await service.consumptions.upsert(
      consumption({
        id: "00000000-0000-4000-8000-0000000000f1",
        entityId: invoiceId,
        companyId: ids.esCompany,
        buildingId: ids.esBuilding2,
        startDate: "2024-01-01T00:00:00.000Z",
        endDate: "2024-01-31T00:00:00.000Z",
        quantity: 10_000,
      }),
    );
    const other = await januaryBill(service, 2000);
    await service.certificates.upsert(
      esCertificate({ cup: "es 0021 0000 0000 0001 ab", volumeMwh: 11 }),
    );
    // The CUPS bill: 10000 covered (of 11000 offered); the other bill: none (2000 × 0.283 = 566).
    expect(await marketOf(service, billed.consumption.id)).toBe(0);
    expect(await marketOf(service, other.consumption.id)).toBeCloseTo(566, 9);
    const rows = (await service.certificates.dashboard({ companyId: ids.esCompany })).data;
    expect(rows.map((row) => [row.cup, row.consumedKwh, row.coveredKwh])).toEqual([
      [null, 2000, 0],
      [CUP, 10_000, 10_000],
    ]);
    const one = await service.certificates.dashboard({ companyId: ids.esCompany, cup: CUP });
    expect(one.data).toHaveLength(1);
  });
});

/** An invoice row as the invoices part stores it (only the columns coverage reads). */
async function insertInvoice(service: LocalService, id: string, cup: string): Promise<void> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(service.path);
  try {
    db.prepare(
      `INSERT INTO invoices (id, company_id, building_id, type, status, cup, start_date, end_date, lines, created_at, updated_at)
       VALUES (?, ?, ?, 'electricity', 'valid', ?, '2024-01-01', '2024-01-31', '[]', 'now', 'now')`,
    ).run(id, ids.esCompany, ids.esBuilding2, cup);
  } finally {
    db.close();
  }
}
