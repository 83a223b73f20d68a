/**
 * Organization limits' rules on both engines: a limit of a company read by company and id,
 * listed in order, its members existing and unique, a control approach taking members whole, a
 * limit keeping its company, bad input leaving the stored limit as it was, the consolidation of
 * stored emissions (natural gas, Spain 2024, factor library line 131, MITECO Calculadora V31: an
 * AR6 row of 0.182 kg CO2 and 0.000016 kg CH4 per kWh, restated in the database's AR5 set as
 * 0.182 + 0.000016 × 28 = 0.182448 kgCO2e/kWh), and a limit's deletion under its company.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryId } from "../../src/core/ids.js";
import type { OrganizationLimitInput } from "../../src/core/model/organization-limit.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const parent = "a5000000-0000-4000-8000-000000000001";
const subA = "a5000000-0000-4000-8000-000000000002";
const outside = "a5000000-0000-4000-8000-000000000003";
const hq = "a5100000-0000-4000-8000-000000000001";
const subHq = "a5100000-0000-4000-8000-000000000002";
const depot = "a5100000-0000-4000-8000-000000000003";
const limitId = "a5200000-0000-4000-8000-000000000001";
const earlier = "a5200000-0000-4000-8000-000000000002";
const unknown = "a5200000-0000-4000-8000-0000000000ff";

const limitInput = (change: Partial<OrganizationLimitInput> = {}): OrganizationLimitInput => ({
  id: limitId,
  companyId: parent,
  name: "FY2024 equity",
  approach: "equity_share",
  periodFrom: "2024-01-01",
  periodTo: "2024-12-31",
  members: [
    { companyId: subA, sharePercent: 60 },
    { buildingId: depot, sharePercent: 50 },
  ],
  ...change,
});

export function describeOrganizationLimitContract(name: string, open: () => Promise<Driver>): void {
  describe(`organization limits contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      for (const [id, company] of [
        [parent, "Limit Parent"],
        [subA, "Limit Sub A"],
        [outside, "Limit Outside"],
      ] as const) {
        await service.companies.upsert({ id, name: company, country: "ES" });
      }
      for (const [id, companyId] of [
        [hq, parent],
        [subHq, subA],
        [depot, outside],
      ] as const) {
        await service.buildings.upsert({ id, companyId, name: `B ${id.slice(-1)}`, country: "ES" });
      }
      await service.organizationLimits.upsert(limitInput());
      await service.organizationLimits.upsert(
        limitInput({
          id: earlier,
          name: "FY2023",
          periodFrom: "2023-01-01",
          periodTo: "2023-12-31",
        }),
      );
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("reads a limit by its company and id, members with their shares", async () => {
      const limit = await service.organizationLimits.get(parent, limitId);
      expect(limit).toMatchObject({
        id: limitId,
        companyId: parent,
        approach: "equity_share",
        periodFrom: "2024-01-01",
        periodTo: "2024-12-31",
        members: [
          { companyId: subA, buildingId: null, sharePercent: 60 },
          { companyId: null, buildingId: depot, sharePercent: 50 },
        ],
      });
    });

    it("lists a company's limits by period start", async () => {
      const page = await service.organizationLimits.list({ companyId: parent, limit: 1 });
      expect(page.pagination.total).toBe(2);
      expect(page.data.map((l) => l.id)).toEqual([earlier]);
      expect((await service.organizationLimits.list({ companyId: subA })).data).toEqual([]);
    });

    it.each([
      ["an unknown limit", parent, unknown],
      ["another company's limit", subA, limitId],
    ])("%s is not found", async (_what, companyId, id) => {
      expect(await codeOf(service.organizationLimits.get(companyId, id))).toBe("not_found");
    });

    it.each([
      ["the company itself as a member", { members: [{ companyId: parent }] }],
      ["a member twice", { members: [{ companyId: subA }, { companyId: subA, sharePercent: 5 }] }],
      ["a share of 0", { members: [{ companyId: subA, sharePercent: 0 }] }],
      ["a share above 100", { members: [{ companyId: subA, sharePercent: 100.5 }] }],
      ["a member with both ids", { members: [{ companyId: subA, buildingId: depot }] }],
      [
        "a control approach with a part share",
        {
          approach: "operational_control" as const,
          members: [{ companyId: subA, sharePercent: 60 }],
        },
      ],
      ["a period ending before it starts", { periodTo: "2023-12-31" }],
      ["a building of a member company", { members: [{ companyId: subA }, { buildingId: subHq }] }],
    ])("refuses %s, and keeps what was stored", async (_what, change) => {
      const before = await service.organizationLimits.get(parent, limitId);
      expect(
        await codeOf(service.organizationLimits.upsert(limitInput({ name: "Changed", ...change }))),
      ).toBe("validation");
      expect(await service.organizationLimits.get(parent, limitId)).toEqual(before);
    });

    it.each([
      ["company", { companyId: unknown }],
      ["building", { buildingId: unknown }],
    ])("an unknown member %s is not found, and nothing is stored", async (_what, member) => {
      const before = await service.organizationLimits.get(parent, limitId);
      expect(
        await codeOf(service.organizationLimits.upsert(limitInput({ members: [member] }))),
      ).toBe("not_found");
      expect(await service.organizationLimits.get(parent, limitId)).toEqual(before);
    });

    it("a limit keeps its company: writing its id for another is a conflict", async () => {
      expect(
        await codeOf(
          service.organizationLimits.upsert(limitInput({ companyId: subA, members: [] })),
        ),
      ).toBe("conflict");
      expect((await service.organizationLimits.get(parent, limitId)).companyId).toBe(parent);
    });

    it("consolidates the stored emissions of the period by the limit's shares", async () => {
      const gas = (id: string, companyId: string, buildingId: string, year: number, kWh: number) =>
        service.consumptions.upsert({
          id,
          companyId,
          buildingId,
          entityId: `GAS-${year}`,
          categoryId: categoryId("natural_gas"),
          startDate: `${year}-03-01T00:00:00.000Z`,
          endDate: `${year}-03-31T00:00:00.000Z`,
          quantity: kWh,
          unitType: "kWh",
        });
      await gas("a5300000-0000-4000-8000-000000000001", parent, hq, 2024, 1000);
      await gas("a5300000-0000-4000-8000-000000000002", subA, subHq, 2024, 2000);
      await gas("a5300000-0000-4000-8000-000000000003", outside, depot, 2024, 4000);
      // Outside the period: not counted.
      await gas("a5300000-0000-4000-8000-000000000004", subA, subHq, 2023, 9999);
      const result = await service.organizationLimits.consolidate(parent, limitId);
      // Each bill's natural gas (MITECO ES 2024 in AR5, 0.182448 kg/kWh) and its well-to-tank
      // (the labelled GB proxy, DESNZ 2024 'WTT- fuels > Gaseous fuels > Natural gas; kWh (Gross
      // CV)', extra/desnz-2024.csv line 575: 0.03021 kg/kWh), 0.212658 kg/kWh in all:
      // 1000 × 0.212658 = 212.658 (100 %); 2000 × 0.212658 = 425.316 × 60 % = 255.1896;
      // 4000 × 0.212658 = 850.632 × 50 % = 425.316
      expect(result.rows.map((row) => row.consolidatedCo2e)).toEqual([
        expect.closeTo(212.658, 9),
        expect.closeTo(255.1896, 9),
        expect.closeTo(425.316, 9),
      ]);
      // 212.658 + 255.1896 + 425.316 = 893.1636
      expect(result.totals.co2e).toBeCloseTo(893.1636, 9);
      expect(result.limit.name).toBe("FY2024 equity");
      expect(await codeOf(service.organizationLimits.consolidate(parent, unknown))).toBe(
        "not_found",
      );
    });

    it("a building a limit names as a member is not deleted (conflict, nothing deleted)", async () => {
      const refused = service.deleteRecords({
        resource: "building",
        ids: [depot],
        withConsumptions: true,
      });
      await expect(refused).rejects.toThrow(
        /still has organization limits that list it as a member/,
      );
      expect(await codeOf(refused)).toBe("conflict");
      expect((await service.buildings.get(depot)).id).toBe(depot);
      const summary = await service.organizationLimits.consolidate(parent, limitId);
      expect(summary.limit.id).toBe(limitId);
    });

    it("a deletion names the company: without one it is a usage error, under another not found", async () => {
      const remove = (companyId?: string) =>
        service.deleteRecords({
          resource: "organizationLimit",
          ids: [earlier],
          ...(companyId === undefined ? {} : { companyId }),
        });
      expect(await codeOf(remove())).toBe("usage");
      expect(await codeOf(remove(subA))).toBe("not_found");
      expect((await service.organizationLimits.get(parent, earlier)).name).toBe("FY2023");
    });

    it("a dry run deletes nothing; then the limit goes, audited, and the others stay", async () => {
      const request = { resource: "organizationLimit" as const, ids: [earlier], companyId: parent };
      const plan = await service.deleteRecords({ ...request, dryRun: true });
      expect(plan).toMatchObject({
        dryRun: true,
        deleted: [{ resource: "organizationLimit", id: earlier, companyId: parent, auditId: null }],
      });
      expect(plan.deleted[0]?.record).toMatchObject({ name: "FY2023", approach: "equity_share" });
      expect((await service.organizationLimits.get(parent, earlier)).name).toBe("FY2023");
      const done = await service.deleteRecords(request);
      expect(done.deleted).toMatchObject([{ id: earlier, auditId: expect.any(String) }]);
      expect(await codeOf(service.organizationLimits.get(parent, earlier))).toBe("not_found");
      expect(await codeOf(service.deleteRecords(request))).toBe("not_found");
      expect((await service.organizationLimits.list({ companyId: parent })).data).toMatchObject([
        { id: limitId },
      ]);
      const audit = await service.audit.list({ companyIds: [parent], limit: 100 });
      expect(
        audit.data.filter((record) => record.action === "organization-limits.delete"),
      ).toMatchObject([{ recordId: earlier, record: { name: "FY2023" } }]);
    });
  });
}
