/**
 * The contract of every plain resource (src/core/resource.ts), run on each driver from its
 * descriptor and a fixture: upsert by id, get, list in the descriptor's order over pages,
 * not_found, refused input that stores nothing, and the stream in list order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceDescriptors } from "../../src/core/resources/index.js";
import type {
  CarbonService,
  FilterOf,
  InputOf,
  PortOf,
  RecordOf,
  ResourceName,
  ResourceParts,
  UpsertedOf,
} from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

export interface ResourceFixture<K extends ResourceName> {
  readonly name: K;
  /** Records the resource's records need (their company), stored before the suite. */
  setup(service: CarbonService): Promise<void>;
  /** Distinct valid inputs; their list order must differ from their index order. */
  sample(index: number): InputOf<K>;
  /** The same record with a field changed. */
  changed(input: InputOf<K>): InputOf<K>;
  /** An input its type allows but the resource refuses (same id as `sample(0)`). */
  readonly invalid: InputOf<K>;
  /** The list filter holding every sample. */
  readonly filter: FilterOf<K>;
  /**
   * What an upsert that updated this stored record answers, when the resource's upsert does
   * not answer the record itself (absent: it does).
   */
  readonly updateAnswer?: (record: RecordOf<K>) => UpsertedOf<K>;
}

const COUNT = 5;

function portOf<K extends ResourceName>(service: ResourceParts, name: K): PortOf<K> {
  return service[name];
}

export function describeResourceContract<K extends ResourceName>(
  driverName: string,
  open: () => Promise<Driver>,
  fixture: ResourceFixture<K>,
): void {
  const resource = resourceDescriptors[fixture.name];
  describe(`resource contract: ${fixture.name} on ${driverName}`, () => {
    let driver: Driver;
    let port: PortOf<K>;
    const inputs = Array.from({ length: COUNT }, (_, index) => fixture.sample(index));
    const ids = inputs.map((input) => resource.idOf(input).toLowerCase());

    beforeAll(async () => {
      driver = await open();
      await fixture.setup(driver.service);
      port = portOf(driver.service, fixture.name);
      for (const input of inputs) await port.upsert(input);
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("gets each upserted record by its id, in any case", async () => {
      for (const id of ids) {
        const found = await port.get(id.toUpperCase());
        expect(resource.idOf(found).toLowerCase()).toBe(id);
      }
    });

    it("lists every record in the descriptor's order, page after page", async () => {
      const first = await port.list({ ...filterOf(), page: 1, limit: 2 });
      expect(first.pagination).toEqual({ page: 1, limit: 2, total: COUNT });
      const listed: RecordOf<K>[] = [];
      for (let page = 1; page <= 3; page += 1) {
        listed.push(...(await port.list({ ...filterOf(), page, limit: 2 })).data);
      }
      const keys = (record: RecordOf<K>) =>
        resource.order.map((key) => key.value(record)).join("\u0000");
      const sorted = [...listed].sort((a, b) =>
        Buffer.compare(Buffer.from(keys(a)), Buffer.from(keys(b))),
      );
      expect(listed.map((record) => resource.idOf(record))).toEqual(
        sorted.map((record) => resource.idOf(record)),
      );
      expect(new Set(listed.map((record) => resource.idOf(record).toLowerCase()))).toEqual(
        new Set(ids),
      );
      // The fixture's order is not the list order, so the list really sorts.
      expect(listed.map((record) => resource.idOf(record).toLowerCase())).not.toEqual(ids);
    });

    it("streams the same records in the same order", async () => {
      const streamed: RecordOf<K>[] = [];
      for await (const rows of driver.service.streamList(fixture.name, filterOf(), {
        pageSize: 2,
      })) {
        streamed.push(...rows);
      }
      const listed = (await port.list({ ...filterOf(), page: 1, limit: 50 })).data;
      expect(streamed).toEqual(listed);
    });

    it("an upsert of a stored id updates it: one record, the new value", async () => {
      const first = inputs[0];
      if (first === undefined) throw new Error("no sample");
      const updated = await port.upsert(fixture.changed(first));
      const stored = await port.get(resource.idOf(first));
      expect(fixture.updateAnswer === undefined ? stored : fixture.updateAnswer(stored)).toEqual(
        updated,
      );
      expect(fixture.changed(first)).not.toEqual(first);
      expect((await port.list({ ...filterOf(), page: 1, limit: 50 })).pagination.total).toBe(COUNT);
    });

    it("an unknown id is not_found", async () => {
      expect(await codeOf(port.get("99999999-9999-4999-8999-999999999999"))).toBe("not_found");
    });

    it("refused input is a validation error and changes nothing", async () => {
      const before = await port.get(ids[0] ?? "");
      expect(await codeOf(port.upsert(fixture.invalid))).toBe("validation");
      expect(await port.get(ids[0] ?? "")).toEqual(before);
    });
  });

  function filterOf(): FilterOf<K> {
    return fixture.filter;
  }
}
