import { describe, expect, it } from "vitest";
import type { LocalService } from "../../../src/backends/local/local-service.js";
import { invoiceLineConsumptionId } from "../../../src/core/ids.js";
import type { InvoiceInput } from "../../../src/core/model/invoice.js";
import { carbonError, ids, openTemp, seed } from "./helpers.js";

const INVOICE = "9a000000-0000-4000-8000-000000000001";
const OPERATOR = "9b000000-0000-4000-8000-000000000001";

/** A valid invoice of the GB building in 2025 (the library's DESNZ 2025 rows apply). */
function invoice(fields: Partial<InvoiceInput>): InvoiceInput {
  return {
    id: INVOICE,
    type: "electricity",
    companyId: ids.gbCompany,
    buildingId: ids.gbBuilding,
    startDate: "2025-01-01",
    endDate: "2025-01-31",
    totalCost: 100,
    currency: "GBP",
    lines: [{ quantity: 1000, unit: "kWh" }],
    ...fields,
  };
}

/** The invoice's emission lines of one kind (its consumptions' own lines by default), kg. */
async function emissionsOf(
  service: LocalService,
  invoiceId: string,
  kind: "direct" | "derived" = "direct",
): Promise<number[]> {
  const page = await service.emissions.list({ entityIds: [invoiceId], limit: 100 });
  return page.data
    .filter((emission) => (emission.line === "direct") === (kind === "direct"))
    .map((emission) => emission.co2e ?? Number.NaN);
}

async function withOperator(service: LocalService): Promise<void> {
  await service.wasteOperators.upsert({
    id: OPERATOR,
    companyId: ids.gbCompany,
    name: "Recycla Ltd",
    treatments: ["recycling", "landfill"],
  });
}

describe("invoices: the calculation (kg CO2e = quantity x the library's factor)", () => {
  // Each row worked out by hand from fixtures/factors/emission-factors.csv.
  const table: readonly {
    readonly name: string;
    readonly fields: Partial<InvoiceInput>;
    readonly kg: number;
    /** The scope 3 category 3 lines the consumption derives, kg (none for water and waste). */
    readonly derived?: readonly number[];
  }[] = [
    {
      // electricity_grid GB 2025, DESNZ 2025 sheet 'UK electricity' row 26: 0.177 kg/kWh.
      // 1000 kWh x 0.177 = 177 kg. Derived: WTT of generation ('WTT- UK electricity' row 1)
      // 1000 x 0.0459 = 45.9, T&D losses 1000 x 0.01853 = 18.53, WTT of T&D (row 24)
      // 1000 x 0.00397 = 3.97.
      name: "electricity, 1000 kWh in GB",
      fields: { type: "electricity", lines: [{ quantity: 1000, unit: "kWh" }] },
      kg: 177,
      derived: [45.9, 18.53, 3.97],
    },
    {
      // natural_gas GB 2025, DESNZ 2025 sheet 'Fuels' row 42 (kWh gross CV): 0.18296 kg/kWh.
      // 5000 kWh x 0.18296 = 914.8 kg. Derived: WTT ('WTT- fuels' row 41, gross CV)
      // 5000 x 0.03021 = 151.05.
      name: "heat (natural gas), 5000 kWh in GB",
      fields: { type: "heat", lines: [{ quantity: 5000, unit: "kWh" }] },
      kg: 914.8,
      derived: [151.05],
    },
    {
      // water_supply GB 2025, DESNZ 2025 sheet 'Water supply' row 18: 0.1913 kg/m3.
      // 100 m3 x 0.1913 = 19.13 kg.
      name: "water, 100 m3 in GB",
      fields: { type: "water", lines: [{ quantity: 100, unit: "m3" }] },
      kg: 19.13,
    },
    {
      // waste_recycling_paper GB 2025, DESNZ 2025 sheet 'Waste disposal' row 88,
      // closed-loop recycling: 4.68568 kg/t. 2 t x 4.68568 = 9.37136 kg.
      name: "waste paper (List of Waste 20 01 01) recycled, 2 t in GB",
      fields: {
        type: "wastes",
        wasteType: "20 01 01",
        wasteDisposalMethod: "recycling",
        lines: [{ quantity: 2, unit: "t" }],
      },
      kg: 9.37136,
    },
    {
      // waste_landfill_mixed GB 2025, DESNZ 2025 sheet 'Waste disposal' row 52, landfill:
      // 520.5327 kg/t. 1.5 t x 520.5327 = 780.79905 kg.
      name: "mixed municipal waste (20 03 01) to landfill, 1.5 t in GB",
      fields: {
        type: "wastes",
        wasteType: "200301",
        wasteDisposalMethod: "landfill",
        lines: [{ quantity: 1.5, unit: "t" }],
      },
      kg: 780.79905,
    },
  ];
  for (const row of table) {
    it(row.name, async () => {
      const service = await openTemp();
      await seed(service);
      const saved = await service.invoices.upsert(invoice(row.fields));
      expect(saved.lines[0]?.emissionStatus).toBe("calculated");
      expect(saved.lines[0]?.emissions).toBeCloseTo(row.kg, 9);
      const emissions = await emissionsOf(service, INVOICE);
      expect(emissions).toHaveLength(1);
      expect(emissions[0]).toBeCloseTo(row.kg, 9);
      const derived = await emissionsOf(service, INVOICE, "derived");
      expect(derived).toHaveLength(row.derived?.length ?? 0);
      (row.derived ?? []).forEach((kg, index) => {
        expect(derived[index]).toBeCloseTo(kg, 9);
      });
    });
  }
});

describe("invoices: lines and consumptions", () => {
  it("one consumption per line, entityId the invoice; a re-save updates them and removes a dropped line's", async () => {
    const service = await openTemp();
    await seed(service);
    await service.invoices.upsert(
      invoice({
        lines: [
          { quantity: 1000, unit: "kWh" },
          { quantity: 500, unit: "kWh" },
        ],
      }),
    );
    const first = invoiceLineConsumptionId(INVOICE, 0);
    const second = invoiceLineConsumptionId(INVOICE, 1);
    expect((await service.consumptions.get(second)).entityId).toBe(INVOICE);
    // 1000 kWh x 0.177 = 177 kg; 500 kWh x 0.177 = 88.5 kg.
    expect((await emissionsOf(service, INVOICE)).sort()).toEqual([177, 88.5].sort());
    const resaved = await service.invoices.upsert(
      invoice({ lines: [{ quantity: 2000, unit: "kWh" }] }),
    );
    expect(resaved.lines).toHaveLength(1);
    expect((await service.consumptions.get(first)).quantity).toBe(2000);
    expect(await carbonError(service.consumptions.get(second))).toMatchObject({
      code: "not_found",
    });
    // 2000 kWh x 0.177 = 354 kg.
    expect(await emissionsOf(service, INVOICE)).toEqual([354]);
  });

  it("a draft keeps its lines but counts nothing; made valid, its lines count", async () => {
    const service = await openTemp();
    await seed(service);
    await service.invoices.upsert(invoice({}));
    const draft = await service.invoices.upsert(invoice({ status: "draft" }));
    expect(draft.lines).toEqual([
      expect.objectContaining({ quantity: 1000, emissionStatus: "not_counted", emissions: null }),
    ]);
    expect(await emissionsOf(service, INVOICE)).toEqual([]);
    await service.invoices.upsert(invoice({ status: "valid" }));
    expect(await emissionsOf(service, INVOICE)).toEqual([177]);
  });

  it("a waste route and material without a library subcategory is awaiting factor, with no consumption", async () => {
    const service = await openTemp();
    await seed(service);
    const saved = await service.invoices.upsert(
      invoice({
        type: "wastes",
        wasteType: "paper",
        wasteDisposalMethod: "composting",
        lines: [{ quantity: 3, unit: "t" }],
      }),
    );
    expect(saved.lines[0]).toMatchObject({ emissionStatus: "awaiting_factor", emissions: null });
    expect(saved.lines[0]?.emissionEntityId).toBeNull();
    expect(await emissionsOf(service, INVOICE)).toEqual([]);
  });

  it("refuses bad lines and waste operators with their field paths, storing nothing", async () => {
    const service = await openTemp();
    await seed(service);
    await withOperator(service);
    const refused = await carbonError(
      service.invoices.upsert(
        invoice({
          type: "wastes",
          wasteType: "20 03 01",
          wasteDisposalMethod: "incineration",
          wasteOperatorId: OPERATOR,
          lines: [{ quantity: 2, unit: "kWh" }],
        }),
      ),
    );
    expect(refused.code).toBe("validation");
    expect(refused.issues.map((issue) => issue.path)).toEqual([
      "wasteDisposalMethod",
      "lines.0.unit",
    ]);
    expect(refused.issues[0]?.message).toContain("does not offer incineration");
    const fuel = await carbonError(
      service.invoices.upsert(invoice({ type: "fuel", lines: [{ quantity: 1, unit: "l" }] })),
    );
    expect(fuel.issues.map((issue) => issue.path)).toEqual(["lines.0.fuel"]);
    const notFuel = await carbonError(
      service.invoices.upsert(
        invoice({ type: "fuel", lines: [{ quantity: 1, unit: "kWh", fuel: "electricity" }] }),
      ),
    );
    expect(notFuel.issues.map((issue) => issue.path)).toEqual(["lines.0.fuel"]);
    const waste = await carbonError(service.invoices.upsert(invoice({ type: "wastes" })));
    expect(waste.issues.map((issue) => issue.path)).toEqual(["wasteDisposalMethod", "wasteType"]);
    expect((await service.invoices.list({})).pagination.total).toBe(0);
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });

  it("a waste operator that invoices name is not deleted until they no longer do", async () => {
    const service = await openTemp();
    await seed(service);
    await withOperator(service);
    const waste = invoice({
      type: "wastes",
      wasteType: "20 03 01",
      wasteDisposalMethod: "landfill",
      wasteOperatorId: OPERATOR,
      lines: [{ quantity: 1.5, unit: "t" }],
    });
    await service.invoices.upsert(waste);
    const refused = await carbonError(
      service.deleteRecords({ resource: "wasteOperator", ids: [OPERATOR] }),
    );
    expect(refused.code).toBe("conflict");
    expect(refused.message).toContain("is named by 1 invoice");
    expect((await service.wasteOperators.get(OPERATOR)).name).toBe("Recycla Ltd");
    await service.deleteRecords({ resource: "invoice", ids: [INVOICE] });
    const deleted = await service.deleteRecords({ resource: "wasteOperator", ids: [OPERATOR] });
    expect(deleted.deleted).toMatchObject([{ id: OPERATOR }]);
  });

  it("delete removes the invoice, its consumptions and emissions, audited; a dry run removes nothing", async () => {
    const service = await openTemp();
    await seed(service);
    await service.invoices.upsert(
      invoice({
        lines: [
          { quantity: 1000, unit: "kWh" },
          { quantity: 500, unit: "kWh" },
        ],
      }),
    );
    const dry = await service.deleteRecords({ resource: "invoice", ids: [INVOICE], dryRun: true });
    expect(dry.deleted).toEqual([expect.objectContaining({ id: INVOICE, consumptions: 2 })]);
    expect(await emissionsOf(service, INVOICE)).toHaveLength(2);
    expect(await emissionsOf(service, INVOICE, "derived")).toHaveLength(6);
    const done = await service.deleteRecords({ resource: "invoice", ids: [INVOICE] });
    expect(done.deleted[0]?.auditId).not.toBeNull();
    expect(await carbonError(service.invoices.get(INVOICE))).toMatchObject({ code: "not_found" });
    expect(await emissionsOf(service, INVOICE)).toEqual([]);
    expect(await emissionsOf(service, INVOICE, "derived")).toEqual([]);
    const audit = await service.audit.list({ companyIds: [ids.gbCompany] });
    expect(audit.data).toEqual([
      expect.objectContaining({ action: "invoices.delete", recordId: INVOICE, consumptions: 2 }),
    ]);
  });

  it("a batch stores every invoice in one transaction, or none of them", async () => {
    const service = await openTemp();
    await seed(service);
    const second = "9a000000-0000-4000-8000-000000000002";
    const refused = await carbonError(
      service.invoices.write(
        [invoice({}), invoice({ id: second, lines: [{ quantity: 1, unit: "l" }] })],
        { dryRun: false },
      ),
    );
    expect(refused.issues.map((issue) => issue.path)).toEqual(["1.lines.0.unit"]);
    expect((await service.invoices.list({})).pagination.total).toBe(0);
    const dry = await service.invoices.write([invoice({}), invoice({ id: second })], {
      dryRun: true,
    });
    expect(dry).toMatchObject({ inserted: 2, committed: false });
    expect((await service.invoices.list({})).pagination.total).toBe(0);
    await service.invoices.write([invoice({}), invoice({ id: second })], { dryRun: false });
    expect((await service.invoices.list({ companyId: ids.gbCompany })).pagination.total).toBe(2);
  });
});

describe("invoices: their building", () => {
  it("a building billed by invoices is not deleted (conflict, nothing deleted); a moved one takes its invoices", async () => {
    const service = await openTemp();
    await seed(service);
    await service.invoices.upsert(invoice({}));
    const refused = await carbonError(
      service.deleteRecords({
        resource: "building",
        ids: [ids.gbBuilding],
        withConsumptions: true,
      }),
    );
    expect(refused.code).toBe("conflict");
    expect(refused.message).toContain("still has invoices");
    expect((await service.invoices.get(INVOICE)).lines[0]?.emissions).toBe(177);
    await service.buildings.move({ buildingIds: [ids.gbBuilding], companyId: ids.esCompany });
    expect((await service.invoices.get(INVOICE)).companyId).toBe(ids.esCompany);
    // The moved invoice can be saved again under its new company, its consumption with it.
    await service.invoices.upsert(invoice({ companyId: ids.esCompany }));
    expect((await service.consumptions.get(invoiceLineConsumptionId(INVOICE, 0))).companyId).toBe(
      ids.esCompany,
    );
  });
});
