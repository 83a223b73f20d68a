/**
 * Building names are unique per company, compared ignoring case and repeated or surrounding
 * white space: the same assertions against the local engine and a real `carbon serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const acme = "a2000000-0000-4000-8000-000000000001";
const other = "a2000000-0000-4000-8000-000000000002";
const office = "b2000000-0000-4000-8000-000000000001";
const twin = "b2000000-0000-4000-8000-000000000002";
const elsewhere = "b2000000-0000-4000-8000-000000000003";

export function describeBuildingNameContract(name: string, open: () => Promise<Driver>): void {
  describe(`building names contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: acme, name: "Names Acme", country: "ES" });
      await service.companies.upsert({ id: other, name: "Names Other", country: "ES" });
      await service.buildings.upsert({ id: office, companyId: acme, name: "Main  Office" });
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it.each(["Main  Office", "main office", "  MAIN   OFFICE "])(
      "a second building named %j in the company is a conflict",
      async (duplicate) => {
        const outcome = codeOf(
          service.buildings.upsert({ id: twin, companyId: acme, name: duplicate }),
        );
        expect(await outcome).toBe("conflict");
        expect(await codeOf(service.buildings.get(twin))).toBe("not_found");
      },
    );

    it("the same building may respell its own name; another company may use it", async () => {
      const renamed = await service.buildings.upsert({
        id: office,
        companyId: acme,
        name: "MAIN OFFICE",
      });
      expect(renamed.name).toBe("MAIN OFFICE");
      const copy = await service.buildings.upsert({
        id: elsewhere,
        companyId: other,
        name: "Main Office",
      });
      expect(copy.companyId).toBe(other);
    });

    it("moving a building into a company that has its name is a conflict, and nothing moves", async () => {
      const move = service.buildings.move({ buildingIds: [elsewhere], companyId: acme });
      expect(await codeOf(move)).toBe("conflict");
      expect((await service.buildings.get(elsewhere)).companyId).toBe(other);
      const plan = service.buildings.move({
        buildingIds: [elsewhere],
        companyId: acme,
        dryRun: true,
      });
      expect(await codeOf(plan)).toBe("conflict");
    });
  });
}
