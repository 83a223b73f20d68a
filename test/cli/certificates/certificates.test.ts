/**
 * `carbon certificates` through main(), on a local database file and against a real
 * `carbon serve` on port 0: recording a certificate, the regos dashboard and the market-based
 * figures it changes, bad input refused with cli.md's exit code and nothing stored, the delete.
 *
 * Factors (fixtures/factors/emission-factors.csv), Spain 2024: residual mix 0.283 kg/kWh
 * (MITECO V31, sheet '10. Factores de emisión' row 538, block 2024), grid 0.125 kg/kWh (EEA,
 * row Spain, column 2024).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Certificate } from "../../../src/core/model/certificate.js";
import type { RegosRow } from "../../../src/core/model/regos-dashboard.js";
import { bothEngines, type Engine } from "../engines.js";
import { tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const HQ = "44444444-4444-4444-8444-444444444444";
const CERTIFICATE = "6a1f0c2e-1111-4222-8333-444455556666";

const BILLS = [
  "building,category,startDate,endDate,quantity,unit",
  "HQ,electricity,2024-01-01,2024-01-31,10000,kWh",
  "HQ,natural_gas,2024-01-01,2024-01-31,5000,kWh",
].join("\n");

/** The flags of a valid certificate: 4 MWh of solar for January 2024 in Spain. */
function certificateFlags(overrides: Record<string, string> = {}): string[] {
  const flags: Record<string, string> = {
    "--id": CERTIFICATE,
    "--company": "Acme",
    "--building": HQ,
    "--mwh": "4",
    "--from": "2024-01-01",
    "--to": "2024-01-31",
    "--technology": "solar",
    "--issuing-body": "CNMC",
    "--cancellation-id": "GDO-2024-000123",
    "--country": "ES",
    ...overrides,
  };
  return Object.entries(flags).flat();
}

describe.each(bothEngines)("carbon certificates on the %s", (_name, open) => {
  let engine: Engine;

  async function dashboard(...flags: string[]): Promise<RegosRow[]> {
    const result = await engine.carbon(
      "certificates",
      "dashboard",
      "--company",
      "Acme",
      ...flags,
      "--json",
    );
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  }

  async function electricityMarketKg(): Promise<number> {
    const result = await engine.carbon(
      "emissions",
      "list",
      "--company",
      ACME,
      "--scope",
      "2",
      "--json",
    );
    expect(result.code, result.stderr).toBe(0);
    const [emission] = JSON.parse(result.stdout);
    return emission.co2eMarketBased;
  }

  async function count(): Promise<number> {
    const result = await engine.carbon("certificates", "list", "--company", "Acme", "--json");
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).length;
  }

  beforeAll(async () => {
    engine = await open();
    const company = await engine.carbon(
      "companies",
      "create",
      "--id",
      ACME,
      "--name",
      "Acme",
      "--country",
      "ES",
    );
    expect(company.code, company.stderr).toBe(0);
    const building = await engine.carbon(
      "buildings",
      "create",
      "--id",
      HQ,
      "--company",
      "Acme",
      "--name",
      "HQ",
    );
    expect(building.code, building.stderr).toBe(0);
    const csv = path.join(tempDir(), "bills.csv");
    fs.writeFileSync(csv, `${BILLS}\n`);
    const imported = await engine.carbon("consumptions", "import", csv, "--company", ACME);
    expect(imported.code, imported.stderr).toBe(0);
  });

  afterAll(async () => {
    await engine.close();
  });

  it("without a certificate the dashboard has no covered kWh: market 10000 × 0.283 = 2830 kg", async () => {
    const [row] = await dashboard();
    expect(row).toMatchObject({
      buildingId: HQ,
      buildingName: "HQ",
      cup: null,
      consumedKwh: 10_000,
      coveredKwh: 0,
      coveragePercent: 0,
    });
    expect(row?.locationKg).toBeCloseTo(1250, 9);
    expect(row?.marketKg).toBeCloseTo(2830, 9);
    expect(await electricityMarketKg()).toBeCloseTo(2830, 9);
  });

  it("create records the certificate; list and get show it", async () => {
    const created = await engine.carbon("certificates", "create", ...certificateFlags(), "--json");
    expect(created.code, created.stderr).toBe(0);
    const record: Certificate = JSON.parse(created.stdout);
    expect(record).toMatchObject({
      id: CERTIFICATE,
      companyId: ACME,
      buildingId: HQ,
      cup: null,
      volumeMwh: 4,
      periodFrom: "2024-01-01",
      periodTo: "2024-01-31",
      technology: "solar",
      issuingBody: "CNMC",
      cancellationId: "GDO-2024-000123",
      countryCode: "ES",
    });
    const got = await engine.carbon("certificates", "get", CERTIFICATE, "--json");
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ id: CERTIFICATE, volumeMwh: 4 });
    expect(await count()).toBe(1);
  });

  it("the 4 MWh cover 4000 of the 10000 kWh: market 6000 × 0.283 = 1698 kg in the dashboard and the emissions", async () => {
    const [row] = await dashboard();
    expect(row).toMatchObject({ consumedKwh: 10_000, coveredKwh: 4000, coveragePercent: 40 });
    expect(row?.locationKg).toBeCloseTo(1250, 9);
    expect(row?.marketKg).toBeCloseTo(1698, 9);
    expect(await electricityMarketKg()).toBeCloseTo(1698, 9);
    // Filters: another supply point has no row; a period outside the bill has none either.
    expect(await dashboard("--cup", "ES0021000000000001AB")).toEqual([]);
    expect(await dashboard("--from", "2025-01-01", "--to", "2025-12-31")).toEqual([]);
    expect(await dashboard("--building", "HQ")).toHaveLength(1);
  });

  it("bad input is refused with cli.md's exit code and stores nothing", async () => {
    const zero = await engine.carbon(
      "certificates",
      "create",
      ...certificateFlags({
        "--id": "6a1f0c2e-1111-4222-8333-444455556667",
        "--mwh": "0",
        "--cancellation-id": "B",
      }),
    );
    expect(zero.code).toBe(3);
    expect(zero.stderr).toContain("volumeMwh: expected a volume above 0 MWh");
    const market = await engine.carbon(
      "certificates",
      "create",
      ...certificateFlags({
        "--id": "6a1f0c2e-1111-4222-8333-444455556668",
        "--country": "FR",
        "--cancellation-id": "C",
      }),
    );
    expect(market.code).toBe(3);
    expect(market.stderr).toContain("is in market ES");
    const period = await engine.carbon(
      "certificates",
      "create",
      ...certificateFlags({
        "--id": "6a1f0c2e-1111-4222-8333-444455556669",
        "--to": "2023-12-31",
        "--cancellation-id": "D",
      }),
    );
    expect(period.code).toBe(3);
    expect(period.stderr).toContain("periodTo: expected periodTo on or after periodFrom");
    const taken = await engine.carbon(
      "certificates",
      "create",
      ...certificateFlags({ "--id": "6a1f0c2e-1111-4222-8333-44445555666a" }),
    );
    expect(taken.code).toBe(6);
    expect(taken.stderr).toContain('cancellation id "GDO-2024-000123" is already recorded');
    const unknown = await engine.carbon(
      "certificates",
      "get",
      "6a1f0c2e-1111-4222-8333-44445555666b",
    );
    expect(unknown.code).toBe(5);
    const window = await engine.carbon(
      "certificates",
      "dashboard",
      "--company",
      "Acme",
      "--from",
      "2024-02-01",
      "--to",
      "2024-01-01",
    );
    expect(window.code).toBe(2);
    expect(await count()).toBe(1);
    expect(await electricityMarketKg()).toBeCloseTo(1698, 9);
  });

  it("delete removes it, audited, and the residual mix comes back: 2830 kg", async () => {
    const deleted = await engine.carbon("certificates", "delete", CERTIFICATE, "--yes", "--json");
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)[0]).toMatchObject({
      resource: "certificate",
      id: CERTIFICATE,
    });
    expect(await count()).toBe(0);
    expect(await electricityMarketKg()).toBeCloseTo(2830, 9);
    const [row] = await dashboard();
    expect(row).toMatchObject({ coveredKwh: 0, coveragePercent: 0 });
  });
});
