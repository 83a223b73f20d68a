/**
 * Pages of a company's emissions on PostgreSQL as two server processes read them, each keeping
 * where the pages it read start and the counts by calculation record: a write through the other
 * one (a bill before every other, a bill moved in time, one removed) raises the company's
 * version of its consumptions, so the next pages are read from the rows as they are, with the
 * exact total.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import type { Emission } from "../../src/core/model/emission.js";
import { postgresDatabase } from "../support/postgres-databases.js";
import { consumption, ids, seed } from "../unit/local/helpers.js";

type Service = Awaited<ReturnType<typeof openLocalService>>;

const LIMIT = 3;

function bill(month: string, id?: string) {
  return consumption({
    ...(id === undefined ? {} : { id }),
    startDate: `2025-${month}-01T00:00:00.000Z`,
    endDate: `2025-${month}-28T00:00:00.000Z`,
  });
}

/** Pages read in `order`, put back in page order. */
async function pagesOf(service: Service, order: readonly number[]): Promise<Emission[]> {
  const read = new Map<number, readonly Emission[]>();
  for (const page of order) {
    const answer = await service.emissions.list({ companyId: ids.gbCompany, page, limit: LIMIT });
    read.set(page, answer.data);
  }
  return [...read.entries()].sort(([a], [b]) => a - b).flatMap(([, data]) => [...data]);
}

async function whole(service: Service): Promise<Emission[]> {
  return [...(await service.emissions.list({ companyId: ids.gbCompany, limit: 500 })).data];
}

describe("pages of a company's emissions read by two processes", () => {
  let database: Awaited<ReturnType<typeof postgresDatabase>>;
  let writer: Service;
  let reader: Service;

  beforeAll(async () => {
    database = await postgresDatabase({ migrated: true });
    writer = await openLocalService({ path: database.url });
    reader = await openLocalService({ path: database.url });
  });

  afterAll(async () => {
    await reader?.close();
    await writer?.close();
    await database?.drop();
  });

  it("start where earlier pages passed until the other process writes the company's rows", async () => {
    await seed(writer);
    const moved = "0c000000-0000-4000-8000-000000000001";
    for (const month of ["03", "04", "05", "06"]) await writer.consumptions.upsert(bill(month));
    await writer.consumptions.upsert(bill("07", moved));
    const order = [6, 3, 7, 1, 5, 2, 4, 8];
    expect(await pagesOf(reader, order)).toEqual(await whole(writer));
    expect(await pagesOf(reader, order)).toEqual(await whole(writer));

    // A bill before every other: every line moves down.
    await writer.consumptions.upsert(bill("01"));
    const first = await reader.emissions.list({ companyId: ids.gbCompany, page: 6, limit: LIMIT });
    expect(first.pagination.total).toBe(24);
    expect(await pagesOf(reader, order)).toEqual(await whole(writer));

    // A bill moved to the front, then one removed.
    await writer.consumptions.upsert(bill("02", moved));
    expect(await pagesOf(reader, order)).toEqual(await whole(writer));
    const [gone] = (await writer.consumptions.list({ companyId: ids.gbCompany, limit: 1 })).data;
    if (gone === undefined) throw new Error("no bill to remove");
    const removed = await writer.deleteRecords({ resource: "consumption", ids: [gone.id] });
    expect(removed.deleted).toHaveLength(1);
    const after = await reader.emissions.list({ companyId: ids.gbCompany, page: 2, limit: LIMIT });
    expect(after.pagination.total).toBe(20);
    expect(await pagesOf(reader, order)).toEqual(await whole(writer));
  });
});
