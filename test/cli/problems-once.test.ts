/**
 * A rejected record prints each of its problems once, on both engines: a message that states
 * its first problem (`invalid company: name: …`) does not list it again beneath.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { type RealServer, startRealServer } from "../unit/remote/real-server.js";
import { tempDir } from "./helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const tooLong = "a".repeat(201);

let server: RealServer;
let dir: string;
let consumptionFile: string;
beforeAll(async () => {
  server = await startRealServer();
  dir = tempDir();
  consumptionFile = path.join(dir, "consumption.json");
  writeFileSync(
    consumptionFile,
    JSON.stringify({
      id: "c1000000-0000-4000-8000-000000000001",
      entityId: "INV-1",
      categoryId: "natural_gas",
      startDate: "2025-01-01",
      endDate: "2025-01-31",
      companyId: ACME,
      buildingId: "b1000000-0000-4000-8000-000000000001",
      quantity: -5,
      unitType: "kWh",
    }),
  );
});
afterAll(async () => {
  await server.close();
});

async function engine(remote: boolean) {
  const env = remote
    ? { HOME: dir, CARBON_API_URL: server.url, CARBON_TOKEN: await server.token() }
    : { HOME: dir, CARBON_DB: path.join(dir, "carbon.db") };
  return async (...args: string[]) => {
    const io = createTestIo();
    const code = await main(["node", "carbon", ...args], { io, env });
    return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
  };
}

describe.each([
  ["locally", false],
  ["on carbon serve", true],
])("a single-record validation error %s", (_where, remote) => {
  it("prints its one problem once, exits 3, and stores nothing", async () => {
    const carbon = await engine(remote);
    expect((await carbon("companies", "upsert", "--id", ACME, "--name", "Acme")).code).toBe(0);
    const cases = [
      [["companies", "upsert", "--name", tooLong], "name: expected at most 200 characters"],
      [
        ["buildings", "create", "--company", ACME, "--name", tooLong],
        "name: expected at most 200 characters",
      ],
      [
        ["suppliers", "upsert", "--company", ACME, "--type", "suppliers", "--name", tooLong],
        "name: expected a name",
      ],
      [
        ["consumptions", "upsert", "--file", consumptionFile],
        "quantity: expected a quantity of 0 or more",
      ],
    ] as const;
    for (const [args, problem] of cases) {
      const { code, stderr } = await carbon(...args);
      expect([args[0], code, stderr.split(problem).length - 1]).toEqual([args[0], 3, 1]);
    }
    expect((await carbon("companies", "upsert", "--name", tooLong)).stderr).toBe(
      "error: invalid company: name: expected at most 200 characters\n",
    );
    const stored = await Promise.all(
      [
        ["companies", "list"],
        ["buildings", "list", "--company", ACME],
        ["suppliers", "list", "--company", ACME],
        ["consumptions", "list", "--company", ACME],
      ].map(async (args) => JSON.parse((await carbon("--json", ...args)).stdout).length),
    );
    expect(stored).toEqual([1, 0, 0, 0]);
  });
});
