/**
 * Group commit of `POST /consumptions/batch`: batches queued together share a transaction, each
 * still all or nothing, in arrival order, answered only once committed.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConsumptionInput } from "../../src/core/model/consumption.js";
import type { ImportCounts } from "../../src/core/ports/consumptions.js";
import { GroupCommitter } from "../../src/server/group-commit.js";
import {
  COMPANY_A,
  consumptionBody,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const BATCH = "/api/v1/consumptions/batch";
const MISSING_BUILDING = "9f9f9f9f-0000-4000-8000-000000000001";

/** Canonical items (what an import sends): they take the schema-free path. */
function item(n: number, overrides: Partial<ConsumptionInput> = {}): ConsumptionInput {
  return consumptionBody({
    id: `1d1e2f3a-4b5c-4d6e-8f70-${String(n).padStart(12, "0")}`,
    entityId: `INV-${n}`,
    startDate: "2024-01-01T00:00:00.000Z",
    endDate: "2024-01-31T00:00:00.000Z",
    quantity: 100 + n,
    ...overrides,
  });
}

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await seedTwoCompanies(server.service);
});
afterEach(async () => {
  await server.close();
});

async function quantityOf(id: string): Promise<number> {
  return (await server.service.consumptions.get(id)).quantity;
}

describe("GroupCommitter", () => {
  it("writes the jobs queued together in order, each all or nothing, then commits", async () => {
    const committer = new GroupCommitter(server.service);
    const write = (items: ConsumptionInput[]) =>
      committer.submit((session) => session.write(items));
    const results = await Promise.allSettled([
      write([item(0), item(1)]),
      write([item(2), item(3, { buildingId: MISSING_BUILDING })]),
      write([item(0, { quantity: 7 })]),
    ]);
    const [first, bad, third] = results;
    expect(first).toMatchObject({ status: "fulfilled", value: { inserted: 2, updated: 0 } });
    expect(bad?.status).toBe("rejected");
    // The third job saw the first one's row: an update, not an insert.
    expect(third).toMatchObject({ status: "fulfilled", value: { inserted: 0, updated: 1 } });
    expect(await quantityOf(item(0).id)).toBe(7);
    expect(await quantityOf(item(1).id)).toBe(101);
    await expect(server.service.consumptions.get(item(2).id)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("rolls back what a failing job wrote, and writes the others of its group again", async () => {
    const committer = new GroupCommitter(server.service);
    const results = await Promise.allSettled([
      committer.submit((session) => session.write([item(0)])),
      committer.submit(async (session) => {
        await session.write([item(5)]);
        throw new Error("failed after writing");
      }),
      committer.submit((session) => session.write([item(0, { quantity: 9 }), item(1)])),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results[0]).toMatchObject({ value: { inserted: 1 } });
    expect(results[2]).toMatchObject({ value: { inserted: 1, updated: 1 } });
    await expect(server.service.consumptions.get(item(5).id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await quantityOf(item(0).id)).toBe(9);
  });

  it("rejects every job of a group whose session cannot open, and recovers for the next", async () => {
    const committer = new GroupCommitter(server.service);
    const blocking = await server.service.consumptions.openImport({ dryRun: false });
    const refused = committer.submit((session) => session.write([item(0)]));
    await expect(refused).rejects.toMatchObject({ code: "conflict" });
    await blocking.abort();
    const counts: ImportCounts = await committer.submit((session) => session.write([item(0)]));
    expect(counts.inserted).toBe(1);
  });
});

describe("POST /consumptions/batch, batches in flight together", () => {
  it("answers each on its own: a bad batch does not take the good ones with it", async () => {
    const token = await server.token("member", [COMPANY_A]);
    const send = (items: ConsumptionInput[]) =>
      server.call("POST", BATCH, { token, body: { items } });
    const answers = await Promise.all([
      send([item(0), item(1)]),
      send([item(2), item(3, { buildingId: MISSING_BUILDING })]),
      send([item(4)]),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 422, 200]);
    expect(problemOf(answers[1] ?? answers[0]).errors.map((issue) => issue.path)).toEqual([
      "items.1.buildingId",
    ]);
    expect(field(answers[2] ?? answers[0], "counts", "inserted")).toBe(1);
    const page = await server.service.consumptions.list({
      companyId: COMPANY_A,
      page: 1,
      limit: 10,
    });
    expect(page.data.map((row) => row.entityId).sort()).toEqual(["INV-0", "INV-1", "INV-4"]);
  });

  it("checks scope and role on the schema-free path too", async () => {
    const viewer = await server.token("viewer", [COMPANY_A]);
    const denied = await server.call("POST", BATCH, { token: viewer, body: { items: [item(0)] } });
    expect(denied.status).toBe(403);
    const other = await server.token("member", ["5c9d2e4f-1b3a-4c6d-8e7f-9a0b1c2d3e4f"]);
    const hidden = await server.call("POST", BATCH, { token: other, body: { items: [item(0)] } });
    expect(hidden.status).toBe(404);
    await expect(server.service.consumptions.get(item(0).id)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
