/** `carbon glec` as a user runs it: the built binary, a clean HOME, the fixture files. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, repoRoot, type Sandbox } from "./helpers/exec.js";

const JSON_FILE = path.join(repoRoot, "fixtures/glec/shipment-zaragoza-rotterdam.json");
const CSV_FILE = path.join(repoRoot, "fixtures/glec/shipment-zaragoza-rotterdam.csv");
const COMPANY = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const ENTRY = "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b";

describe("carbon glec, end to end on the local engine", () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = createSandbox();
  });
  afterAll(() => sandbox.remove());

  it("dry run, submit, list, get, delete with the exit codes of cli.md", async () => {
    const dry = await sandbox.run(["glec", "submit", CSV_FILE, "--dry-run", "--format", "csv"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim().split("\r\n")).toHaveLength(4);
    expect(dry.stderr).toContain("WTW 1209.038 kg CO2e");

    const noCompany = await sandbox.run(["glec", "submit", JSON_FILE]);
    expect(noCompany.code).toBe(5);
    const create = await sandbox.run(["companies", "create", "--id", COMPANY, "--name", "Acme"]);
    expect(create.code, create.stderr).toBe(0);

    const bad = path.join(sandbox.home, "bad.json");
    writeFileSync(bad, '{"id": "not-a-uuid"}');
    const refused = await sandbox.run(["glec", "submit", bad]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("nothing was submitted");
    expect(refused.stderr).not.toMatch(/\n\s+at /);

    const submitted = await sandbox.run(["glec", "submit", JSON_FILE, "--json"]);
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(JSON.parse(submitted.stdout)).toEqual([{ message: "GLEC entry created", id: ENTRY }]);

    const list = await sandbox.run(["glec", "list", "--company", COMPANY, "--format", "csv"]);
    expect(list.stdout).toContain(
      `${ENTRY},${COMPANY},2025-03-03,2025-03-12,SHP-2025-0042,3,45480`,
    );

    const get = await sandbox.run(["glec", "get", ENTRY, "--json"]);
    expect(JSON.parse(get.stdout).calculation.emissions.wtw).toBeCloseTo(1209.0384, 9);

    const unconfirmed = await sandbox.run(["glec", "delete", ENTRY]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain("--yes");
    const deleted = await sandbox.run(["glec", "delete", ENTRY, "--yes"]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await sandbox.run(["glec", "get", ENTRY])).code).toBe(5);
  });
});
