/** Bills that cross the edges of the calendar years, on both engines: a local file and carbon serve. */
import type { GlobalOptions } from "../../../src/cli/context.js";
import type { CarbonService } from "../../../src/core/service.js";
import { type RealServer, startRealServer } from "../../unit/remote/real-server.js";
import { createTestDb, type TestDb } from "./local-db.js";

export const COMPANY = "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a";
export const MADRID = "8e7d6c5b-4a3f-4e2d-9c1b-0a9f8e7d6c5b";
export const LONDON = "9f8e7d6c-5b4a-4f3e-8d2c-1b0a9f8e7d6c";

interface Bill {
  readonly id: string;
  readonly building: string;
  readonly category: string;
  readonly start: string;
  readonly end: string;
  readonly quantity: number;
  readonly unit: string;
}

/** Three bills cross a year's edge, one spans all of 2025 and beyond, one is inside. */
export const bills: readonly Bill[] = [
  bill(1, MADRID, "electricity", "2024-12-15", "2025-01-14", 31_000, "kWh"),
  bill(2, LONDON, "natural_gas", "2025-06-20", "2025-07-10", 12_000, "kWh"),
  bill(3, LONDON, "electricity", "2025-12-01", "2026-01-31", 18_600, "kWh"),
  bill(4, MADRID, "natural_gas", "2024-11-01", "2026-02-28", 48_000, "kWh"),
  bill(5, MADRID, "diesel", "2025-03-01", "2025-03-31", 420, "l"),
];

function bill(
  n: number,
  building: string,
  category: string,
  start: string,
  end: string,
  quantity: number,
  unit: string,
): Bill {
  const id = `0a0b0c0d-0e0f-4a1b-8c2d-${String(n).padStart(12, "0")}`;
  return { id, building, category, start, end, quantity, unit };
}

export async function seedBills(service: CarbonService): Promise<void> {
  await service.companies.upsert({ id: COMPANY, name: "Window Test", country: "ES" });
  await service.buildings.upsert({
    id: MADRID,
    companyId: COMPANY,
    name: "Madrid HQ",
    country: "ES",
  });
  await service.buildings.upsert({
    id: LONDON,
    companyId: COMPANY,
    name: "London Office",
    country: "GB",
  });
  const categories = (await service.categories.list({ level: "subcategory" })).data;
  for (const one of bills) {
    const category = categories.find((candidate) => candidate.code === one.category);
    if (category === undefined) throw new Error(`no category ${one.category}`);
    await service.consumptions.upsert({
      id: one.id,
      entityId: `INV-${one.id.slice(-2)}`,
      categoryId: category.id,
      startDate: `${one.start}T00:00:00.000Z`,
      endDate: `${one.end}T00:00:00.000Z`,
      companyId: COMPANY,
      buildingId: one.building,
      quantity: one.quantity,
      unitType: one.unit,
    });
  }
}

export interface Engines {
  /** A local database with the bills. */
  readonly db: TestDb;
  /** carbon serve over another database with the same bills. */
  readonly server: RealServer;
  /** Globals that run a command on an engine: the local file, or the server with a token. */
  globals(engine: "local" | "remote"): GlobalOptions;
  close(): Promise<void>;
}

export async function startEngines(): Promise<Engines> {
  const db = createTestDb();
  await db.withService(seedBills);
  const server = await startRealServer();
  await seedBills(server.local);
  const token = await server.token();
  return {
    db,
    server,
    // `db: undefined` replaces the test database's file: the command runs on the server.
    globals: (engine) => (engine === "local" ? {} : { db: undefined, apiUrl: server.url, token }),
    close: () => server.close(),
  };
}
