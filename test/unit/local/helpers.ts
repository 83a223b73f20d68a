import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onTestFinished } from "vitest";
import type { LocalService } from "../../../src/backends/local/local-service.js";
import { openLocalService } from "../../../src/backends/local/open.js";
import { CarbonError } from "../../../src/core/errors.js";
import { categoryId } from "../../../src/core/ids.js";
import type { ConsumptionInput } from "../../../src/core/model/consumption.js";

const cleanups: (() => Promise<void> | void)[] = [];

/**
 * Runs `cleanup` when the current test finishes, last registered first. Registered per test, not
 * with a module-level afterEach: test files share this module when isolation is off.
 */
function afterThisTest(cleanup: () => Promise<void> | void): void {
  if (cleanups.length === 0) {
    onTestFinished(async () => {
      for (const pending of cleanups.splice(0).reverse()) await pending();
    });
  }
  cleanups.push(cleanup);
}

/** A fresh temp dir, removed after the test. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
  afterThisTest(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A service on a new database file in a temp dir, closed after the test. */
export async function openTemp(
  file = path.join(tempDir(), "carbon.db"),
  busyTimeoutMs?: number,
): Promise<LocalService> {
  const service = await openLocalService(
    busyTimeoutMs === undefined ? { path: file } : { path: file, busyTimeoutMs },
  );
  afterThisTest(() => service.close());
  return service;
}

export const ids = {
  gbCompany: "11111111-1111-4111-8111-111111111111",
  gbBuilding: "22222222-2222-4222-8222-222222222222",
  esCompany: "33333333-3333-4333-8333-333333333333",
  esBuilding: "44444444-4444-4444-8444-444444444444",
  esBuilding2: "55555555-5555-4555-8555-555555555555",
} as const;

/** Two companies: GB (one building) and ES (two buildings, countries from the company). */
export async function seed(service: LocalService): Promise<void> {
  await service.companies.upsert({ id: ids.gbCompany, name: "Acme UK", country: "GB" });
  await service.companies.upsert({ id: ids.esCompany, name: "Acme España", country: "ES" });
  await service.buildings.upsert({
    id: ids.gbBuilding,
    companyId: ids.gbCompany,
    name: "London office",
    country: null,
  });
  await service.buildings.upsert({
    id: ids.esBuilding,
    companyId: ids.esCompany,
    name: "Madrid HQ",
    country: null,
  });
  await service.buildings.upsert({
    id: ids.esBuilding2,
    companyId: ids.esCompany,
    name: "Bilbao plant",
    country: "ES",
  });
}

let serial = 0;

/** A schema-valid consumption (dates already normalized), overridable field by field. */
export function consumption(
  overrides: Partial<ConsumptionInput> & { readonly category?: string } = {},
): ConsumptionInput {
  serial += 1;
  const { category = "electricity", ...rest } = overrides;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    entityId: `INV-${serial}`,
    categoryId: categoryId(category),
    startDate: "2025-01-01T00:00:00.000Z",
    endDate: "2025-01-31T00:00:00.000Z",
    companyId: ids.gbCompany,
    buildingId: ids.gbBuilding,
    quantity: 1000,
    unitType: "kWh",
    ...rest,
  };
}

/** The CarbonError a promise rejects with (fails the test if it resolves or throws another). */
export async function carbonError(promise: Promise<unknown>): Promise<CarbonError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CarbonError) return error;
    throw error;
  }
  throw new Error("expected a CarbonError, but the call succeeded");
}

export function carbonErrorSync(fn: () => unknown): CarbonError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CarbonError) return error;
    throw error;
  }
  throw new Error("expected a CarbonError, but the call succeeded");
}
