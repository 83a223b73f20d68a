/**
 * Waste operators' own rules: names unique per company (case and repeated spaces ignored),
 * treatments a non-empty list of known routes, an operator keeping its company. The same
 * assertions against the local engine and a real `carbon serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const acme = "a3000000-0000-4000-8000-000000000001";
const other = "a3000000-0000-4000-8000-000000000002";
const recycla = "e3000000-0000-4000-8000-000000000001";
const twin = "e3000000-0000-4000-8000-000000000002";
const elsewhere = "e3000000-0000-4000-8000-000000000003";

export function describeWasteOperatorContract(name: string, open: () => Promise<Driver>): void {
  describe(`waste operators contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: acme, name: "Waste Acme", country: "ES" });
      await service.companies.upsert({ id: other, name: "Waste Other", country: "ES" });
      await service.wasteOperators.upsert({
        id: recycla,
        companyId: acme,
        name: "Recycla  S.L.",
        treatments: ["recycling"],
      });
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it.each(["Recycla  S.L.", "recycla s.l.", "  RECYCLA   S.L. "])(
      "a second operator named %j in the company is a conflict, and nothing is stored",
      async (duplicate) => {
        const upsert = service.wasteOperators.upsert({
          id: twin,
          companyId: acme,
          name: duplicate,
          treatments: ["landfill"],
        });
        expect(await codeOf(upsert)).toBe("conflict");
        await upsert.catch((error: unknown) => {
          expect(String(error)).toContain(recycla);
        });
        expect(await codeOf(service.wasteOperators.get(twin))).toBe("not_found");
      },
    );

    it("an operator may respell its own name; another company may use it", async () => {
      const renamed = await service.wasteOperators.upsert({
        id: recycla,
        companyId: acme,
        name: "RECYCLA S.L.",
        treatments: ["recycling"],
      });
      expect(renamed.name).toBe("RECYCLA S.L.");
      const copy = await service.wasteOperators.upsert({
        id: elsewhere,
        companyId: other,
        name: "Recycla S.L.",
        treatments: ["composting"],
      });
      expect(copy.companyId).toBe(other);
    });

    it("stores the optional fields and the treatments each once, in the routes' order", async () => {
      const stored = await service.wasteOperators.upsert({
        id: recycla,
        companyId: acme,
        name: "Recycla S.L.",
        registrationCode: " 13/GR/0042 ",
        countryCode: "es",
        treatments: ["composting", "Recycling", "composting"],
      });
      expect(stored).toMatchObject({
        registrationCode: "13/GR/0042",
        countryCode: "ES",
        treatments: ["recycling", "composting"],
      });
      expect(await service.wasteOperators.get(recycla)).toMatchObject({
        registrationCode: "13/GR/0042",
        countryCode: "ES",
        treatments: ["recycling", "composting"],
      });
    });

    it.each([
      ["no treatment", { treatments: [] }],
      ["an unknown treatment", { treatments: ["recycling", "dumping"] }],
      ["a country that is no code", { countryCode: "Spain" }],
      ["an empty name", { name: "  " }],
    ])("refuses %s, and keeps what was stored", async (_what, change) => {
      const before = await service.wasteOperators.get(recycla);
      const upsert = service.wasteOperators.upsert({
        id: recycla,
        companyId: acme,
        name: "Changed",
        treatments: ["landfill"],
        ...change,
      });
      expect(await codeOf(upsert)).toBe("validation");
      expect(await service.wasteOperators.get(recycla)).toEqual(before);
    });

    it("an operator keeps its company: writing its id for another is a conflict", async () => {
      const upsert = service.wasteOperators.upsert({
        id: recycla,
        companyId: other,
        name: "Moved",
        treatments: ["landfill"],
      });
      expect(await codeOf(upsert)).toBe("conflict");
      expect((await service.wasteOperators.get(recycla)).companyId).toBe(acme);
    });

    it("lists one company's operators, or every company's without a filter", async () => {
      const ofAcme = await service.wasteOperators.list({ companyId: acme });
      expect(ofAcme.data.map((operator) => operator.id)).toEqual([recycla]);
      const all = await service.wasteOperators.list({});
      expect(all.data.map((operator) => operator.id).sort()).toEqual([recycla, elsewhere].sort());
    });
  });
}
