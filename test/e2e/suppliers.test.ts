/** The README's suppliers flow with the real, built binary (npm test builds first). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "./helpers/exec.js";

const COMPANY = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";

describe("carbon suppliers (real binary)", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = createSandbox();
    const created = await sandbox.run(["companies", "create", "--name", "Acme", "--id", COMPANY]);
    expect(created.code, created.stderr).toBe(0);
  });
  afterAll(() => sandbox.remove());

  it("imports, re-imports unchanged, rejects the mistakes file with exit 3, lists as JSON", async () => {
    const file = "fixtures/suppliers/proveedores-y-clientes.csv";
    const args = ["suppliers", "import", file, "--company", COMPANY, "--json", "--quiet"];
    const first = await sandbox.run(args);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ inserted: 10, rejected: 0 });
    const second = await sandbox.run(args);
    expect(JSON.parse(second.stdout)).toMatchObject({ inserted: 0, unchanged: 10 });

    const bad = await sandbox.run([
      "suppliers",
      "import",
      "fixtures/suppliers/typical-mistakes.csv",
      "--company",
      COMPANY,
    ]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain("line 5, column externalId: duplicate externalId");

    const list = await sandbox.run(["suppliers", "list", "--company", COMPANY, "--json"]);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toHaveLength(10);
  });
});
