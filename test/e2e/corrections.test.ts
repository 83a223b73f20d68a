/**
 * The built binary, as a user corrects a bill: the corrected file is refused with the stored
 * bill named, replaced with --replace-overlapping, and a consumption is deleted (exit codes of
 * each step, the audit trail at the end).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "./helpers/exec.js";

const COMPANY = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const HEADER = "entityId,building,country,category,startDate,endDate,quantity,unit";

describe("correcting a bill with the real binary", () => {
  let sandbox: Sandbox;
  let db: string;
  const carbon = (...args: string[]) => sandbox.run(["--db", db, ...args]);
  const csv = (name: string, endDate: string): string => {
    const file = path.join(sandbox.home, name);
    const row = `INV-1,Madrid HQ,ES,electricity,2024-01-01,${endDate},16099.7,kWh`;
    writeFileSync(file, `${HEADER}\n${row}\n`);
    return file;
  };
  const ids = async (): Promise<string[]> => {
    const list = await carbon("consumptions", "list", "--company", COMPANY, "--format", "csv");
    return list.stdout
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(",")[0] ?? "");
  };

  beforeAll(() => {
    sandbox = createSandbox();
    db = path.join(sandbox.home, "carbon.db");
  });
  afterAll(() => sandbox.remove());

  it("refuses, replaces, deletes, and audits", async () => {
    await carbon("companies", "create", "--id", COMPANY, "--name", "Acme", "--country", "ES");
    const typed = csv("typed.csv", "2024-01-30");
    const first = await carbon(
      "consumptions",
      "import",
      typed,
      "--company",
      COMPANY,
      "--create-buildings",
    );
    expect(first.code, first.stderr).toBe(0);
    const [old] = await ids();

    const fixed = csv("fixed.csv", "2024-01-31");
    const refused = await carbon("consumptions", "import", fixed, "--company", COMPANY);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      `line 2, column endDate: overlaps stored consumption ${old} (2024-01-01 to 2024-01-30)`,
    );
    expect(await ids()).toEqual([old]);

    const replaced = await carbon(
      "consumptions",
      "import",
      fixed,
      "--company",
      COMPANY,
      "--replace-overlapping",
    );
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stderr).toMatch(/replaced\s+1/);
    const [corrected] = await ids();
    expect(corrected).not.toBe(old);
    expect(await ids()).toHaveLength(1);

    const unconfirmed = await carbon("consumptions", "delete", String(corrected));
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain("stdin is not a terminal");
    expect(await ids()).toEqual([corrected]);
    const deleted = await carbon("consumptions", "delete", String(corrected), "--yes");
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(await ids()).toEqual([]);
    const again = await carbon("consumptions", "delete", String(corrected), "--yes");
    expect(again.code).toBe(5);

    const audit = await carbon("audit", "list", "--company", COMPANY, "--json");
    const trail: unknown = JSON.parse(audit.stdout);
    expect(trail).toMatchObject([
      { action: "consumptions.delete", recordId: corrected },
      { action: "consumptions.delete", recordId: old },
    ]);
  });
});
