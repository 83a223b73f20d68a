import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WasteOperator } from "../../../src/core/model/waste-operator.js";
import { bothEngines, type Engine } from "../engines.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const RECYCLA = "8d2e4f6a-1111-4222-8333-444455556666";
const OTHER = "8d2e4f6a-1111-4222-8333-444455556667";

describe.each(bothEngines)("carbon waste-operators on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    const company = await engine.carbon(
      "companies",
      "create",
      "--id",
      ACME,
      "--name",
      "Acme",
      "--country",
      "ES",
    );
    expect(company.code).toBe(0);
    const created = await engine.carbon(
      "waste-operators",
      "create",
      "--id",
      RECYCLA,
      "--company",
      "Acme",
      "--name",
      "Recycla S.L.",
      "--treatment",
      "composting,recycling",
      "--treatment",
      "landfill",
      "--registration-code",
      "13/GR/0042",
      "--country",
      "es",
      "--json",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function stored(): Promise<WasteOperator[]> {
    const listed = await engine.carbon("waste-operators", "list", "--company", ACME, "--json");
    expect(listed.code).toBe(0);
    return JSON.parse(listed.stdout);
  }

  it("upsert stores every field; get and list show it", async () => {
    const got = await engine.carbon("waste-operators", "get", RECYCLA, "--json");
    expect(got.code).toBe(0);
    const operator: WasteOperator = JSON.parse(got.stdout);
    expect(operator).toMatchObject({
      id: RECYCLA,
      companyId: ACME,
      name: "Recycla S.L.",
      registrationCode: "13/GR/0042",
      countryCode: "ES",
      treatments: ["landfill", "recycling", "composting"],
    });
    expect(operator.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await stored()).map((record) => record.id)).toEqual([RECYCLA]);
    const table = await engine.carbon("waste-operators", "list", "--company", "Acme");
    expect(table.stdout.split("\n")[0]).toBe(
      "id\tcompanyId\tname\ttreatments\tregistrationCode\tcountryCode\tcreatedAt\tupdatedAt",
    );
    expect(table.stdout).toContain(
      "\tRecycla S.L.\tlandfill,recycling,composting\t13/GR/0042\tES\t",
    );
  });

  it("the same --id updates: fields not given are cleared, createdAt kept", async () => {
    const before = (await stored())[0];
    const updated = await engine.carbon(
      "waste-operators",
      "upsert",
      "--id",
      RECYCLA,
      "--company",
      ACME,
      "--name",
      "Recycla S.L.",
      "--treatment",
      "incineration",
      "--json",
    );
    expect(updated.code).toBe(0);
    const after = await stored();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      treatments: ["incineration"],
      registrationCode: null,
      countryCode: null,
      createdAt: before?.createdAt,
    });
  });

  it.each([
    ["an empty name", 2, ["--name", "   ", "--treatment", "landfill"], "--name"],
    [
      "an unknown treatment",
      2,
      ["--name", "Vertedero", "--treatment", "landfill,dumping"],
      "dumping",
    ],
    ["no treatment", 2, ["--name", "Vertedero", "--treatment", " , "], "--treatment"],
    [
      "a bad country",
      2,
      ["--name", "Vertedero", "--treatment", "landfill", "--country", "Spain"],
      "--country",
    ],
    ["a missing --treatment", 2, ["--name", "Vertedero"], "--treatment"],
    ["a duplicate name", 6, ["--name", "  RECYCLA   s.l. ", "--treatment", "landfill"], RECYCLA],
  ] as const)("%s: exit %d, named, nothing stored", async (_what, code, args, named) => {
    const before = await stored();
    const outcome = await engine.carbon(
      "waste-operators",
      "upsert",
      "--company",
      ACME,
      "--id",
      OTHER,
      ...args,
    );
    expect(outcome.code).toBe(code);
    expect(outcome.stderr).toContain(named);
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
    expect(await stored()).toEqual(before);
  });

  it("an unknown id is not found (exit 5); a malformed one a usage error (exit 2)", async () => {
    expect((await engine.carbon("waste-operators", "get", OTHER)).code).toBe(5);
    expect((await engine.carbon("waste-operators", "get", "recycla")).code).toBe(2);
  });

  it("list of an unknown company is not found (exit 5)", async () => {
    const outcome = await engine.carbon("waste-operators", "list", "--company", "Nobody Inc");
    expect(outcome.code).toBe(5);
  });
});
