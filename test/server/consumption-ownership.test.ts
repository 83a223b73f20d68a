/**
 * A consumption stays in its company over HTTP too: an unscoped member token writing another
 * company's consumption id for its own company gets 409 naming the owner (single and batch),
 * and an import against the server stops at that row's line (exit 6), the stored row unchanged.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../src/core/errors.js";
import { importConsumptions } from "../../src/import/consumptions.js";
import {
  BUILDING_A,
  BUILDING_B,
  COMPANY_A,
  COMPANY_B,
  consumptionBody,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
  tempDir,
} from "./helpers.js";

const OWNED_BY_B = consumptionBody({ companyId: COMPANY_B, buildingId: BUILDING_B });
const OWNER = `consumption ${OWNED_BY_B.id} belongs to company ${COMPANY_B}, not ${COMPANY_A}`;

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await seedTwoCompanies(server.service);
  await server.service.consumptions.upsert(OWNED_BY_B);
});
afterEach(async () => {
  await server.close();
});

async function storedCompany(): Promise<string> {
  return (await server.service.consumptions.get(OWNED_BY_B.id)).companyId;
}

describe("a consumption id of another company over HTTP", () => {
  it("POST /consumptions with an unscoped member token answers 409 naming the owner", async () => {
    const token = await server.token("member");
    const body = { ...OWNED_BY_B, companyId: COMPANY_A, buildingId: BUILDING_A };
    for (const query of ["", "?dryRun=true"]) {
      const answer = await server.call("POST", `/api/v1/consumptions${query}`, { token, body });
      expect(answer.status, answer.text).toBe(409);
      const problem = problemOf(answer);
      expect(problem.detail).toBe(OWNER);
      expect(problem.errors).toEqual([{ path: "id", message: OWNER }]);
    }
    expect(await storedCompany()).toBe(COMPANY_B);
  });

  it("POST /consumptions/batch answers 409 at the item's id, storing nothing of the batch", async () => {
    const token = await server.token("member");
    const fresh = consumptionBody({ id: "0d1e2f3a-4b5c-4d6e-8f70-000000000042" });
    const moved = { ...OWNED_BY_B, companyId: COMPANY_A, buildingId: BUILDING_A };
    const answer = await server.call("POST", "/api/v1/consumptions/batch", {
      token,
      body: { items: [fresh, moved] },
    });
    expect(answer.status, answer.text).toBe(409);
    expect(problemOf(answer).errors).toEqual([{ path: "items.1.id", message: OWNER }]);
    expect(await storedCompany()).toBe(COMPANY_B);
    expect((await server.service.consumptions.list({ companyId: COMPANY_A })).data).toEqual([]);
  });

  it("an import against the server stops with exit 6 at the row's line", async () => {
    const dir = tempDir();
    const csv = path.join(dir, "a.csv");
    fs.writeFileSync(
      csv,
      `id,building,category,startDate,endDate,quantity,unit\n${OWNED_BY_B.id},Madrid HQ,electricity,2024-01-01,2024-01-31,7,kWh\n`,
    );
    const service = createRemoteService({
      apiUrl: server.url,
      token: await server.token("member"),
      retry: { baseDelayMs: 1, maxDelayMs: 20 },
    });
    try {
      const error = await importConsumptions(service, {
        file: csv,
        companyId: COMPANY_A,
        decimalComma: false,
        dryRun: false,
        skipInvalid: false,
        createBuildings: false,
      }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(CarbonError);
      if (!(error instanceof CarbonError)) return;
      expect(error.exitCode).toBe(6);
      expect(error.message).toBe(
        `line 2: ${OWNER}; the import stopped (0 rows of this run were stored on the server)`,
      );
      expect(error.issues).toEqual([{ path: "id", line: 2, message: OWNER }]);
    } finally {
      await service.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(await storedCompany()).toBe(COMPANY_B);
  });
});
