/**
 * carbon serve answers emission lines: pages are counted in lines, also over the union of a
 * token's companies, where a consumption's lines stay together and in order (a bill across a
 * year's edge has its later year's lines after its first year's, whatever else starts between).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILDING_A,
  BUILDING_B,
  COMPANY_A,
  COMPANY_B,
  consumptionBody,
  field,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

interface Line {
  readonly id: string;
  readonly consumptionId: string;
  readonly line: string;
  readonly startDate: string;
}

describe("emission lines on carbon serve", () => {
  let server: TestServer;
  let both: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    const bills = [
      // Company A (ES): a bill across 2024/2025, and one of January 2025.
      ["0a000000-0000-4000-8000-000000000001", COMPANY_A, BUILDING_A, "2024-12-15", "2025-01-14"],
      ["0a000000-0000-4000-8000-000000000002", COMPANY_A, BUILDING_A, "2025-01-01", "2025-01-31"],
      // Company B (GB): late December 2024 (between the split bill's two years) and February.
      ["0b000000-0000-4000-8000-000000000001", COMPANY_B, BUILDING_B, "2024-12-20", "2024-12-31"],
      ["0b000000-0000-4000-8000-000000000002", COMPANY_B, BUILDING_B, "2025-02-01", "2025-02-28"],
    ] as const;
    for (const [id, companyId, buildingId, startDate, endDate] of bills) {
      await server.service.consumptions.upsert(
        consumptionBody({
          id,
          entityId: `INV-${id.slice(-1)}`,
          companyId,
          buildingId,
          startDate,
          endDate,
        }),
      );
    }
    both = await server.token("viewer", [COMPANY_A, COMPANY_B]);
  });
  afterAll(async () => {
    await server.close();
  });

  async function page(query: string): Promise<{ data: Line[]; total: number }> {
    const answer = await server.call("GET", `/api/v1/emissions?${query}`, { token: both });
    expect(answer.status, answer.text).toBe(200);
    return {
      data: field(answer, "data") as Line[],
      total: field(answer, "pagination", "total") as number,
    };
  }

  it("counts lines, and pages of 3 over both companies add up to the whole list", async () => {
    const whole = await page("limit=500");
    // Four electricity bills of four lines each; the bill across the year's edge twice.
    expect(whole.total).toBe(20);
    expect(whole.data).toHaveLength(20);
    const pages: Line[] = [];
    for (let n = 1; n <= 7; n += 1) pages.push(...(await page(`limit=3&page=${n}`)).data);
    expect(pages.map((line) => line.id)).toEqual(whole.data.map((line) => line.id));
    expect(new Set(pages.map((line) => line.id)).size).toBe(20);
    // A consumption's lines together, in the order of the consumptions' starts: the split
    // bill's 2025 lines right after its 2024 ones, before company B's bill of 20 December.
    const order = whole.data.map((line) => line.consumptionId);
    const runs = order.filter((id, i) => id !== order[i - 1]);
    expect(runs).toEqual([
      "0a000000-0000-4000-8000-000000000001",
      "0b000000-0000-4000-8000-000000000001",
      "0a000000-0000-4000-8000-000000000002",
      "0b000000-0000-4000-8000-000000000002",
    ]);
    expect(whole.data.slice(0, 12).map((line) => line.startDate.slice(0, 10))).toEqual([
      ...Array(4).fill("2024-12-15"),
      ...Array(4).fill("2025-01-01"),
      ...Array(4).fill("2024-12-20"),
    ]);
  });

  it("filters lines by scope and date window, and counts what it keeps", async () => {
    const scope3 = await page("limit=500&scope=3");
    expect(scope3.total).toBe(15);
    expect(scope3.data.every((line) => line.line !== "direct")).toBe(true);
    const december = await page("limit=500&from=2024-12-01&to=2024-12-31");
    // The split bill's 2024 part and company B's December bill overlap December 2024.
    expect(december.total).toBe(8);
    expect(december.data.every((line) => line.startDate.startsWith("2024-12"))).toBe(true);
  });
});
