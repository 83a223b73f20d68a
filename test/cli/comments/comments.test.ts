import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "../../../src/core/model/comment.js";
import { bothEngines, type Engine } from "../engines.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const PLANT = "3f0c1a52-7d4e-4b8a-9c61-2e5f8a9b0c1d";
const FIRST = "5b7e9c2a-1111-4222-8333-444455556666";
const OTHER = "5b7e9c2a-1111-4222-8333-444455556667";
const UNKNOWN = "99999999-9999-4999-8999-999999999999";

describe.each(bothEngines)("carbon comments on the %s", (_name, open) => {
  let engine: Engine;
  const onPlant = ["--company", "Acme", "--entity-type", "building", "--entity", PLANT];

  beforeAll(async () => {
    engine = await open();
    const company = await engine.carbon("companies", "create", "--id", ACME, "--name", "Acme");
    expect(company.code, company.stderr).toBe(0);
    const building = await engine.carbon(
      "buildings",
      "create",
      "--id",
      PLANT,
      "--company",
      "Acme",
      "--name",
      "Plant",
    );
    expect(building.code, building.stderr).toBe(0);
    const created = await engine.carbon(
      "comments",
      "create",
      "--id",
      FIRST,
      ...onPlant,
      "--text",
      "Meter replaced in March",
      "--json",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function thread(): Promise<Comment[]> {
    const listed = await engine.carbon(
      "comments",
      "list",
      "--entity-type",
      "building",
      "--entity",
      PLANT,
      "--json",
    );
    expect(listed.code, listed.stderr).toBe(0);
    return JSON.parse(listed.stdout);
  }

  it("create stores the comment with the engine's author; get and list show it", async () => {
    const got = await engine.carbon("comments", "get", FIRST, "--json");
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      id: FIRST,
      companyId: ACME,
      entityType: "building",
      entityId: PLANT,
      text: "Meter replaced in March",
      author: engine.author,
    });
    const table = await engine.carbon("comments", "list", "--company", "Acme");
    expect(table.stdout.split("\n")[0]).toBe(
      "id\tcompanyId\tentityType\tentityId\tauthor\tcreatedAt\tupdatedAt\ttext",
    );
    expect(table.stdout).toContain(`\tbuilding\t${PLANT}\t${engine.author}\t`);
  });

  it("a second comment lands after the first; an edit keeps createdAt", async () => {
    const second = await engine.carbon("comments", "upsert", ...onPlant, "--text", "Q1 checked");
    expect(second.code, second.stderr).toBe(0);
    const before = await thread();
    expect(before.map((comment) => comment.text)).toEqual([
      "Meter replaced in March",
      "Q1 checked",
    ]);
    const edited = await engine.carbon(
      "comments",
      "upsert",
      "--id",
      FIRST,
      ...onPlant,
      "--text",
      "Meter replaced in April",
    );
    expect(edited.code, edited.stderr).toBe(0);
    const after = await thread();
    expect(after[0]).toMatchObject({
      id: FIRST,
      text: "Meter replaced in April",
      createdAt: before[0]?.createdAt,
    });
  });

  it.each([
    ["an empty text", 2, ["--entity", PLANT, "--text", "   "], "--text"],
    ["a control character", 3, ["--entity", PLANT, "--text", "bell \u0007"], "U+0007"],
    ["a text over 5000 characters", 3, ["--entity", PLANT, "--text", "x".repeat(5001)], "5000"],
    ["an unknown record", 5, ["--entity", UNKNOWN, "--text", "Lost"], UNKNOWN],
    ["a malformed record id", 2, ["--entity", "plant", "--text", "Lost"], "--entity"],
  ] as const)("%s: exit %d, named, nothing stored", async (_what, code, args, named) => {
    const before = await thread();
    const outcome = await engine.carbon(
      "comments",
      "upsert",
      "--id",
      OTHER,
      "--company",
      ACME,
      "--entity-type",
      "building",
      ...args,
    );
    expect(outcome.code).toBe(code);
    expect(outcome.stderr).toContain(named);
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
    expect(await thread()).toEqual(before);
    expect((await engine.carbon("comments", "get", OTHER)).code).toBe(5);
  });

  it("an unknown entity type is a usage error (exit 2) naming the choices", async () => {
    const outcome = await engine.carbon("comments", "list", "--entity-type", "invoice");
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("waste-operator");
  });

  it("an unknown comment is not found (exit 5); list of an unknown company too", async () => {
    expect((await engine.carbon("comments", "get", OTHER)).code).toBe(5);
    expect((await engine.carbon("comments", "list", "--company", "Nobody Inc")).code).toBe(5);
  });
});
