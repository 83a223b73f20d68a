/**
 * The conformance tier: every remote command of the CLI against a mock that validates requests
 * against interface.openapi.json, the same mock in the hosted service's shapes, and a real
 * `carbon serve`. Each cell must cause no request violation, and either succeed or exit 2
 * saying plainly that the server does not offer what the command needs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandCases, commandOf, localOnly } from "./cases.js";
import {
  type Cell,
  type ConformanceServer,
  registryLeaves,
  runCase,
  serverNames,
  startServer,
} from "./harness.js";
import { cause } from "./matrix.js";
import { specOperations } from "./openapi-routes.js";
import { buildSeed, removeSeed, type Seed } from "./seed.js";

function outcome(cell: Cell): string {
  return cell.verdict === "failed"
    ? `exit ${cell.code}: ${cause(cell)}`
    : "succeeded or not offered";
}

describe("the conformance matrix covers the CLI", () => {
  it("has a case for every command of the registry that talks to a server, and only those", async () => {
    const leaves = await registryLeaves();
    const covered = new Set(commandCases.map((commandCase) => commandOf(commandCase, leaves)));
    expect(
      commandCases.filter((commandCase) => commandOf(commandCase, leaves) === undefined),
    ).toEqual([]);
    expect(leaves.filter((leaf) => !covered.has(leaf) && !localOnly.includes(leaf))).toEqual([]);
    expect(localOnly.filter((leaf) => !leaves.includes(leaf) || covered.has(leaf))).toEqual([]);
  });
});

let seed: Seed;
beforeAll(async () => {
  seed = await buildSeed();
});
afterAll(() => {
  removeSeed(seed);
});

for (const name of serverNames) {
  describe(`every remote command against ${name}`, () => {
    let server: ConformanceServer;
    beforeAll(async () => {
      server = await startServer(name, seed);
    });
    afterAll(async () => {
      await server?.close();
    });

    for (const commandCase of commandCases) {
      it(`${commandCase.name}: no request violation; succeeds or says the server does not offer it`, async () => {
        const cell = await runCase(server, seed, commandCase);
        expect(
          cell.violations.map((violation) => `${violation.request}: ${violation.problem}`),
        ).toEqual([]);
        expect(outcome(cell)).toBe("succeeded or not offered");
      });
    }

    // Run after every case: each operation of the document has a command that reaches it.
    if (name === "validating mock") {
      it("every operation of interface.md is reached by some command", () => {
        const unreached = specOperations()
          .map((operation) => `${operation.method} ${operation.path}`)
          .filter((operation) => !server.reached?.has(operation));
        expect(unreached).toEqual([]);
      });
    }
  });
}
