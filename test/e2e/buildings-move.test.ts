/** `carbon buildings move` and `carbon audit list` through the built binary: output and exit codes. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "./helpers/exec.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const GLOBEX = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e";
const HQ = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";

describe("buildings move, the real binary", () => {
  let sandbox: Sandbox;

  async function companyOfHq(): Promise<string> {
    const result = await sandbox.run(["buildings", "get", HQ, "--json"]);
    return JSON.parse(result.stdout).companyId;
  }

  beforeAll(async () => {
    sandbox = createSandbox();
    for (const args of [
      ["companies", "create", "--id", ACME, "--name", "Acme", "--country", "ES"],
      ["companies", "create", "--id", GLOBEX, "--name", "Globex", "--country", "GB"],
      ["buildings", "create", "--id", HQ, "--company", ACME, "--name", "Madrid HQ"],
    ]) {
      const result = await sandbox.run(args);
      expect(result.code, result.stderr).toBe(0);
    }
  });
  afterAll(() => sandbox.remove());

  it("--dry-run prints the plan and exits 0, moving nothing", async () => {
    const result = await sandbox.run(["buildings", "move", HQ, "--to", GLOBEX, "--dry-run"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("Move 1 building to Globex");
    expect(result.stdout.split("\n")[1]).toMatch(
      new RegExp(`^${HQ}\tMadrid HQ\t${ACME}\t${GLOBEX}\tmove\t0\t`),
    );
    expect(await companyOfHq()).toBe(ACME);
  });

  it("without --yes on a pipe: exit 2 with a hint, nothing moved", async () => {
    const result = await sandbox.run(["buildings", "move", HQ, "--to", GLOBEX], { input: "y\n" });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("hint: add --yes");
    expect(await companyOfHq()).toBe(ACME);
  });

  it("--from-csv with a bad line: exit 3 naming line and column, nothing moved", async () => {
    const file = path.join(sandbox.home, "moves.csv");
    writeFileSync(file, `buildingId,to\n${HQ},${GLOBEX}\nmadrid,${GLOBEX}\n`);
    const result = await sandbox.run(["buildings", "move", "--from-csv", file, "--yes"]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'line 3, column buildingId: expected a building UUID, got "madrid"',
    );
    expect(await companyOfHq()).toBe(ACME);
  });

  it("--yes moves, and audit list shows who did it", async () => {
    const moved = await sandbox.run(["buildings", "move", HQ, "--to", GLOBEX, "--yes", "--json"]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout)[0]).toMatchObject({ action: "move", toCompanyId: GLOBEX });
    expect(await companyOfHq()).toBe(GLOBEX);
    const audit = await sandbox.run(["audit", "list", "--json"]);
    expect(audit.code, audit.stderr).toBe(0);
    const [record] = JSON.parse(audit.stdout);
    expect(record).toMatchObject({ buildingId: HQ, fromCompanyId: ACME, toCompanyId: GLOBEX });
    expect(record.actor).not.toBe("");
  });
});
