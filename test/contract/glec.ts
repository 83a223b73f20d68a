/**
 * The GLEC part of the CarbonService contract (docs/glec.md): the same assertions against the
 * local engine and against the remote engine talking to a real `carbon serve`. Expected figures
 * are the hand calculation of test/unit/engine/glec.test.ts for the fixture shipment.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorCode } from "../../src/core/errors.js";
import type { GlecActionInput, GlecEntryInput } from "../../src/core/model/glec.js";
import type { CarbonService } from "../../src/core/service.js";
import { codeOf, type Driver } from "./suite.js";

const fixture: GlecEntryInput = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);
const shipper = fixture.companyId;
const other = "c0000000-0000-4000-8000-00000000f00d";
const unknownId = "99999999-9999-4999-8999-999999999999";

function withActions(
  over: Partial<GlecEntryInput>,
  ...actions: Partial<GlecActionInput>[]
): GlecEntryInput {
  const [first] = fixture.actions;
  if (first === undefined) throw new Error("the fixture has no action");
  return {
    ...fixture,
    ...over,
    actions: actions.length === 0 ? fixture.actions : actions.map((a) => ({ ...first, ...a })),
  };
}

export function describeGlecContract(name: string, open: () => Promise<Driver>): void {
  describe(`GLEC service footprints contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: shipper, name: "GLEC shipper", country: "ES" });
      await service.companies.upsert({ id: other, name: "GLEC other", country: "GB" });
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("submits the fixture shipment and answers {message, id}", async () => {
      expect(await service.glec.submit(fixture)).toEqual({
        message: "GLEC entry created",
        id: fixture.id,
      });
    });

    it("gets it back with the per-leg calculation of the hand calculation", async () => {
      const entry = await service.glec.get(fixture.id.toUpperCase());
      expect(entry.companyId).toBe(shipper);
      expect(entry.actions.map((action) => action.distance)).toEqual(["250", "640", "2900"]);
      expect(entry.actions[1]?.energyQuantity).toBeNull();
      const legs = entry.calculation?.legs ?? [];
      expect(legs.map((leg) => leg.method)).toEqual([
        "measured_energy",
        "default_intensity",
        "default_intensity",
      ]);
      expect(legs.map((leg) => leg.factor.key)).toEqual([
        "diesel_avg_blend_l",
        "rail_freight_tkm",
        "sea_container_avg_tkm",
      ]);
      expect(legs[0]?.energy).toBe(80);
      // 980.0688 + 228.9696 = 1209.0384 kg over 45480 tkm (see the engine test)
      expect(entry.calculation?.tonneKm).toBe(45480);
      expect(entry.calculation?.emissions.ttw).toBeCloseTo(980.0688, 9);
      expect(entry.calculation?.emissions.wtt).toBeCloseTo(228.9696, 9);
      expect(entry.calculation?.emissions.wtw).toBeCloseTo(1209.0384, 9);
      expect(entry.calculation?.intensity?.wtw).toBeCloseTo(1209038.4 / 45480, 9);
    });

    it("a dry run (glec.calculate) answers the calculation submit stores, and stores nothing", async () => {
      const stored = await service.glec.get(fixture.id);
      const dry = { ...fixture, id: "6a1f0c2e-7b3d-4e5f-8a9b-0000000000d1" };
      expect(await service.glec.calculate(dry)).toEqual(stored.calculation);
      expect(await codeOf(service.glec.get(dry.id))).toBe("not_found");
      expect(await codeOf(service.glec.calculate({ ...dry, actions: [] }))).toBe("validation");
    });

    it("re-submitting the same id replaces the entry: one entry, new figures", async () => {
      const changed = withActions(
        {},
        { id: "a1000000-0000-4000-8000-0000000000aa", energyQuantity: "30" },
      );
      expect((await service.glec.submit(changed)).message).toBe("GLEC entry replaced");
      const page = await service.glec.list({ companyId: shipper });
      expect(page.pagination.total).toBe(1);
      // 30 l/100km x 250 km = 75 l x (2.57082 + 0.61101) = 238.63725 kg WTW
      expect(page.data[0]?.calculation?.emissions.wtw).toBeCloseTo(238.63725, 9);
      expect(page.data[0]?.actions).toHaveLength(1);
      await service.glec.submit(fixture);
    });

    it("accepts the specification's mode `internal` (the leg's mode is its vehicle's)", async () => {
      const id = "6a1f0c2e-7b3d-4e5f-8a9b-00000000000b";
      await service.glec.submit(
        withActions(
          { id, companyId: other, startDate: "2025-04-01", endDate: "2025-04-01" },
          {
            mode: "internal",
          },
        ),
      );
      const entry = await service.glec.get(id);
      expect(entry.actions[0]?.mode).toBe("internal");
      expect(entry.calculation?.legs[0]?.mode).toBe("road");
    });

    it("lists all entries, or one company's", async () => {
      expect((await service.glec.list({})).pagination.total).toBe(2);
      const others = await service.glec.list({ companyId: other });
      expect(others.data.map((entry) => entry.companyId)).toEqual([other]);
      expect(await codeOf(service.glec.list({ companyId: unknownId }))).toBe("not_found");
    });

    it.each<[string, Partial<GlecEntryInput>, Partial<GlecActionInput>, ErrorCode]>([
      ["an unknown vehicle type", {}, JSON.parse('{"vehicleType": "SPACESHIP"}'), "validation"],
      [
        "a leg that cannot be calculated",
        {},
        { vehicleType: "HGV_LNG", energyQuantity: null, energyQuantityUnit: null, toc: null },
        "validation",
      ],
      [
        "measured fuel without what allocation needs",
        {},
        { energyQuantity: "32", energyQuantityUnit: "l/100km", totalLoad: null },
        "validation",
      ],
      [
        "a toc that does not describe the vehicle type",
        {},
        { toc: "ROAD_HGV_REEFER" },
        "validation",
      ],
      ["an unknown company", { companyId: unknownId }, {}, "not_found"],
      ["an entry id of another company", { companyId: other }, {}, "conflict"],
    ])("refuses %s and stores nothing", async (_name, entryOver, actionOver, code) => {
      const before = await service.glec.get(fixture.id);
      expect(await codeOf(service.glec.submit(withActions(entryOver, actionOver)))).toBe(code);
      expect(await service.glec.get(fixture.id)).toEqual(before);
      expect((await service.glec.list({})).pagination.total).toBe(2);
    });

    it("deletes an entry, audited; a second delete and a get are not_found", async () => {
      expect(await service.glec.delete(fixture.id)).toEqual({
        message: "GLEC entry deleted",
        id: fixture.id,
      });
      expect((await service.audit.list({ companyIds: [shipper] })).data[0]).toMatchObject({
        action: "glec.delete",
        recordId: fixture.id,
        companyId: shipper,
        record: { id: fixture.id },
      });
      expect(await codeOf(service.glec.get(fixture.id))).toBe("not_found");
      expect(await codeOf(service.glec.delete(fixture.id))).toBe("not_found");
      expect((await service.glec.list({ companyId: shipper })).pagination.total).toBe(0);
    });
  });
}
