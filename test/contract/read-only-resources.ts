/**
 * The contract of every read-only resource (src/core/resource.ts), run on each driver from its
 * descriptor and a fixture: pages whose union is the whole list, the filter, and the stream in
 * list order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOnlyResourceDescriptors } from "../../src/core/resources/index.js";
import type {
  CarbonService,
  ReadOnlyName,
  ReadOnlyPortOf,
  ReadOnlyResourceTypes,
} from "../../src/core/service.js";
import type { Driver } from "./suite.js";

type RecordOf<K extends ReadOnlyName> = ReadOnlyResourceTypes[K]["record"];

export interface ReadOnlyFixture<K extends ReadOnlyName> {
  readonly name: K;
  /** A filter that keeps some records and not others... */
  readonly filter: ReadOnlyResourceTypes[K]["filter"];
  /** ...and which records it keeps. */
  keeps(record: RecordOf<K>): boolean;
}

function portOf<K extends ReadOnlyName>(service: CarbonService, name: K): ReadOnlyPortOf<K> {
  return service[name];
}

export function describeReadOnlyContract<K extends ReadOnlyName>(
  driverName: string,
  open: () => Promise<Driver>,
  fixture: ReadOnlyFixture<K>,
): void {
  const resource = readOnlyResourceDescriptors[fixture.name];
  describe(`read-only resource contract: ${fixture.name} on ${driverName}`, () => {
    let driver: Driver;
    let port: ReadOnlyPortOf<K>;
    let whole: readonly RecordOf<K>[];

    beforeAll(async () => {
      driver = await open();
      port = portOf(driver.service, fixture.name);
      whole = (await port.list({})).data;
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("answers pages whose union, in order, is the whole list", async () => {
      expect(whole.length).toBeGreaterThan(20);
      const listed: RecordOf<K>[] = [];
      for (let page = 1; listed.length < whole.length; page += 1) {
        const one = await port.list({ page, limit: 10 });
        expect(one.pagination).toEqual({ page, limit: 10, total: whole.length });
        expect(one.data.length).toBeGreaterThan(0);
        listed.push(...one.data);
      }
      expect(listed).toEqual(whole);
      expect(resource.record.array().safeParse(listed).success).toBe(true);
    });

    it("the filter keeps the records it names, in the same order", async () => {
      const kept = (await port.list(fixture.filter)).data;
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThan(whole.length);
      expect(kept).toEqual(whole.filter((record) => fixture.keeps(record)));
    });

    it("streams the same records in the same order", async () => {
      const streamed: RecordOf<K>[] = [];
      for await (const rows of driver.service.streamList(fixture.name, {}, { pageSize: 7 })) {
        streamed.push(...rows);
      }
      expect(streamed).toEqual(whole);
    });
  });
}
