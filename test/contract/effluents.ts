/**
 * Effluents' own rules: each sample flagged against its building's limit for the parameter and
 * year (a pH limit a range), one limit per building, parameter and year, a building of the
 * record's company, units per parameter, the filters of the spec's listing, and a record keeping
 * its company. The same assertions against the local engine and a real `carbon serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Effluent, EffluentInput } from "../../src/core/model/effluent.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const acme = "a5000000-0000-4000-8000-000000000001";
const other = "a5000000-0000-4000-8000-000000000002";
const plant = "a5100000-0000-4000-8000-000000000001";
const depot = "a5100000-0000-4000-8000-000000000002";
const elsewhere = "a5100000-0000-4000-8000-000000000003";
const codLimit = "e5000000-0000-4000-8000-000000000001";
const phLimit = "e5000000-0000-4000-8000-000000000002";

function sample(id: number, parameter: string, value: number, sampledAt: string): EffluentInput {
  return {
    id: `e5100000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    companyId: acme,
    buildingId: plant,
    type: "quality",
    parameter,
    value,
    unit: parameter === "pH" ? "pH" : "mg/L",
    sampledAt,
  };
}

/**
 * Samples against the plant's 2025 limits: COD at most 125 mg/L, pH from 6 to 9. A value on
 * the limit does not exceed it; 2024 has no limit, so its sample is not compared.
 */
const flagTable: readonly {
  readonly input: EffluentInput;
  readonly limitValue: number | null;
  readonly limitMinValue: number | null;
  readonly exceedsLimit: boolean | null;
}[] = [
  {
    input: sample(1, "COD", 140, "2025-03-14"),
    limitValue: 125,
    limitMinValue: null,
    exceedsLimit: true,
  },
  {
    input: sample(2, "COD", 125, "2025-04-14"),
    limitValue: 125,
    limitMinValue: null,
    exceedsLimit: false,
  },
  {
    input: sample(3, "COD", 90.5, "2025-05-14"),
    limitValue: 125,
    limitMinValue: null,
    exceedsLimit: false,
  },
  {
    input: sample(4, "pH", 5.5, "2025-03-14"),
    limitValue: 9,
    limitMinValue: 6,
    exceedsLimit: true,
  },
  {
    input: sample(5, "pH", 9.4, "2025-04-14"),
    limitValue: 9,
    limitMinValue: 6,
    exceedsLimit: true,
  },
  { input: sample(6, "pH", 6, "2025-05-14"), limitValue: 9, limitMinValue: 6, exceedsLimit: false },
  {
    input: sample(7, "COD", 300, "2024-12-31"),
    limitValue: null,
    limitMinValue: null,
    exceedsLimit: null,
  },
];

export function describeEffluentContract(name: string, open: () => Promise<Driver>): void {
  describe(`effluents contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    const all = async (
      filter: Partial<{ buildingId: string; type: "limit" | "quality"; year: number }> = {},
    ) => (await service.effluents.list({ companyId: acme, ...filter, page: 1, limit: 100 })).data;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: acme, name: "Effluent Acme", country: "ES" });
      await service.companies.upsert({ id: other, name: "Effluent Other", country: "ES" });
      await service.buildings.upsert({ id: plant, companyId: acme, name: "Plant", country: "ES" });
      await service.buildings.upsert({ id: depot, companyId: acme, name: "Depot", country: "ES" });
      await service.buildings.upsert({
        id: elsewhere,
        companyId: other,
        name: "Far",
        country: "ES",
      });
      const limit = { companyId: acme, buildingId: plant, type: "limit", year: 2025 } as const;
      await service.effluents.upsert({
        ...limit,
        id: codLimit,
        parameter: "cod",
        value: 125,
        unit: "mg/l",
      });
      await service.effluents.upsert({
        ...limit,
        id: phLimit,
        parameter: "pH",
        value: 9,
        minValue: 6,
        unit: "pH units",
      });
      for (const row of flagTable) await service.effluents.upsert(row.input);
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("flags each sample against its building's limit for the parameter and year, in get and list", async () => {
      const listed = new Map((await all({ type: "quality" })).map((r) => [r.id, r]));
      for (const row of flagTable) {
        const expected = {
          limitValue: row.limitValue,
          limitMinValue: row.limitMinValue,
          exceedsLimit: row.exceedsLimit,
        };
        const got = await service.effluents.get(row.input.id);
        expect({ id: got.id, ...pick(got) }).toEqual({ id: row.input.id, ...expected });
        expect(pick(listed.get(row.input.id))).toEqual(expected);
        const limitId =
          row.limitValue === null ? null : row.input.parameter === "pH" ? phLimit : codLimit;
        expect(got.limitId).toBe(limitId);
      }
    });

    it("stores canonical parameter and unit spellings, and a limit is never flagged", async () => {
      const limit = await service.effluents.get(codLimit);
      expect(limit).toMatchObject({ parameter: "COD", unit: "mg/L", year: 2025, sampledAt: null });
      expect(pick(limit)).toEqual({ limitValue: null, limitMinValue: null, exceedsLimit: null });
      expect((await service.effluents.get(phLimit)).unit).toBe("pH");
    });

    it("a changed limit changes the flags of its samples", async () => {
      await service.effluents.upsert({
        id: codLimit,
        companyId: acme,
        buildingId: plant,
        type: "limit",
        parameter: "COD",
        value: 150,
        unit: "mg/L",
        year: 2025,
      });
      const first = flagTable[0]?.input.id ?? "";
      expect(pick(await service.effluents.get(first))).toEqual({
        limitValue: 150,
        limitMinValue: null,
        exceedsLimit: false,
      });
      await service.effluents.upsert({
        id: codLimit,
        companyId: acme,
        buildingId: plant,
        type: "limit",
        parameter: "COD",
        value: 125,
        unit: "mg/L",
        year: 2025,
      });
      expect((await service.effluents.get(first)).exceedsLimit).toBe(true);
    });

    it("filters the listing by building, type and year", async () => {
      expect((await all({ type: "limit" })).map((r) => r.id).sort()).toEqual([codLimit, phLimit]);
      expect(await all({ year: 2024 })).toHaveLength(1);
      expect(await all({ buildingId: depot })).toHaveLength(0);
      expect(await all()).toHaveLength(flagTable.length + 2);
    });

    it("refuses a second limit of a building, parameter and year, naming the first, and stores nothing", async () => {
      const second = "e5000000-0000-4000-8000-000000000099";
      const attempt = service.effluents.upsert({
        id: second,
        companyId: acme,
        buildingId: plant,
        type: "limit",
        parameter: "COD",
        value: 100,
        unit: "mg/L",
        year: 2025,
      });
      await expect(attempt).rejects.toThrow(codLimit);
      expect(await codeOf(service.effluents.get(second))).toBe("not_found");
      // Another building, or another year, may have its own.
      await service.effluents.upsert({
        id: second,
        companyId: acme,
        buildingId: depot,
        type: "limit",
        parameter: "COD",
        value: 100,
        unit: "mg/L",
        year: 2025,
      });
      expect((await service.effluents.get(second)).buildingId).toBe(depot);
    });

    it("refuses a building of another company, a wrong unit, a sample's year that is not its date's, a minimum other than pH's", async () => {
      const base = sample(50, "COD", 10, "2025-01-01");
      expect(await codeOf(service.effluents.upsert({ ...base, buildingId: elsewhere }))).toBe(
        "not_found",
      );
      expect(await codeOf(service.effluents.upsert({ ...base, unit: "g/L" }))).toBe("validation");
      expect(await codeOf(service.effluents.upsert({ ...base, year: 2024 }))).toBe("validation");
      expect(await codeOf(service.effluents.upsert({ ...base, sampledAt: null }))).toBe(
        "validation",
      );
      expect(
        await codeOf(
          service.effluents.upsert({
            ...base,
            type: "limit",
            sampledAt: null,
            year: 2026,
            minValue: 1,
          }),
        ),
      ).toBe("validation");
      expect(await codeOf(service.effluents.upsert({ ...base, parameter: "lead" }))).toBe(
        "validation",
      );
      expect(await codeOf(service.effluents.get(base.id))).toBe("not_found");
    });

    it("deletes a record after a dry run that deletes nothing, audited", async () => {
      const doomed = sample(60, "TSS", 12, "2025-07-01");
      await service.effluents.upsert(doomed);
      const plan = await service.deleteRecords({
        resource: "effluent",
        ids: [doomed.id],
        dryRun: true,
      });
      expect(plan.deleted[0]).toMatchObject({
        resource: "effluent",
        buildingId: plant,
        auditId: null,
      });
      expect((await service.effluents.get(doomed.id)).value).toBe(12);
      const done = await service.deleteRecords({ resource: "effluent", ids: [doomed.id] });
      expect(done.deleted[0]?.auditId).not.toBeNull();
      expect(await codeOf(service.effluents.get(doomed.id))).toBe("not_found");
      const audit = await service.audit.list({ companyIds: [acme] });
      expect(audit.data[0]).toMatchObject({
        action: "effluents.delete",
        recordId: doomed.id,
        buildingId: plant,
        record: { parameter: "TSS", value: 12 },
      });
      expect(await codeOf(service.deleteRecords({ resource: "effluent", ids: [doomed.id] }))).toBe(
        "not_found",
      );
    });

    it("keeps a building that has effluent records unless they go with it", async () => {
      const shed = "a5100000-0000-4000-8000-000000000009";
      await service.buildings.upsert({ id: shed, companyId: acme, name: "Shed", country: "ES" });
      const kept = { ...sample(70, "COD", 10, "2025-01-01"), buildingId: shed };
      await service.effluents.upsert(kept);
      expect(await codeOf(service.deleteRecords({ resource: "building", ids: [shed] }))).toBe(
        "conflict",
      );
      expect((await service.effluents.get(kept.id)).buildingId).toBe(shed);
      await service.deleteRecords({ resource: "building", ids: [shed], withConsumptions: true });
      expect(await codeOf(service.effluents.get(kept.id))).toBe("not_found");
    });

    it("moves a building's effluent records with the building", async () => {
      const mill = "a5100000-0000-4000-8000-00000000000a";
      await service.buildings.upsert({ id: mill, companyId: acme, name: "Mill", country: "ES" });
      const moved = { ...sample(80, "BOD5", 10, "2025-01-01"), buildingId: mill };
      await service.effluents.upsert(moved);
      await service.buildings.move({ buildingIds: [mill], companyId: other });
      expect((await service.effluents.get(moved.id)).companyId).toBe(other);
      const listed = await service.effluents.list({ companyId: other, buildingId: mill });
      expect(listed.data.map((r) => r.id)).toEqual([moved.id]);
    });

    it("writes many at once; on the local engine a refused one stores none of them", async () => {
      const fine = sample(90, "TOC", 20, "2025-02-01");
      const first = flagTable[0]?.input;
      if (first === undefined) throw new Error("no sample");
      const refused = { ...first, companyId: other, buildingId: elsewhere };
      expect(await codeOf(service.effluents.write([fine, refused]))).toBe("conflict");
      const stored = await codeOf(service.effluents.get(fine.id));
      expect(stored).toBe(service.effluents.writesAtomically ? "not_found" : "no error");
    });

    it("keeps a record in its company", async () => {
      const first = flagTable[0]?.input;
      if (first === undefined) throw new Error("no sample");
      expect(
        await codeOf(
          service.effluents.upsert({ ...first, companyId: other, buildingId: elsewhere }),
        ),
      ).toBe("conflict");
    });
  });
}

function pick(record: Effluent | undefined) {
  return {
    limitValue: record?.limitValue,
    limitMinValue: record?.limitMinValue,
    exceedsLimit: record?.exceedsLimit,
  };
}
