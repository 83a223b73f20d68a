/** The harness's own checks: a cell fails on a dry run that writes and on missing rows. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "./command-case.js";
import { type ConformanceServer, runCase, startServer, verdictOf } from "./harness.js";
import { buildSeed, removeSeed, type Seed } from "./seed.js";

describe("the conformance harness", () => {
  let seed: Seed;
  let server: ConformanceServer;
  beforeAll(async () => {
    seed = await buildSeed();
    server = await startServer("carbon serve", seed);
  });
  afterAll(async () => {
    await server.close();
    removeSeed(seed);
  });

  it("seeds more than one page of 100 consumptions, emissions and categories", () => {
    expect(seed.mock.consumptions.length).toBeGreaterThan(100);
    // Emission lines: each consumption's direct line, and the category 3 lines of its energy.
    const direct = seed.mock.emissions.filter((emission) => emission.line === "direct");
    expect(direct).toHaveLength(seed.mock.consumptions.length);
    expect(seed.mock.emissions.length).toBeGreaterThan(seed.mock.consumptions.length);
    expect(seed.mock.categories.length).toBeGreaterThan(100);
  });

  it("counts exit 2 as not offered only when stderr says so", () => {
    expect(verdictOf(0, "")).toBe("ok");
    expect(verdictOf(2, "error: the server at http://x/ does not offer GET /audit")).toBe(
      "not offered",
    );
    expect(verdictOf(2, "error: unknown option '--frm'")).toBe("failed");
    expect(verdictOf(5, "error: company not found")).toBe("failed");
  });

  it("fails a successful dry run that changed what the server stores", async () => {
    const cell = await runCase(server, seed, {
      name: "consumptions delete (a write posing as a dry run)",
      dryRun: true,
      args: (c) => ["consumptions", "delete", c.seed.consumptionToDelete, "--yes"],
    });
    expect(cell.code).toBe(0);
    expect(cell.verdict).toBe("failed");
    expect(cell.problem).toBe("the dry run changed what the server stores");
  });

  it("fails a successful list that printed fewer rows than the server holds", async () => {
    // One row more than the tree holds: the list printed the tree, which is too few.
    const held = seed.mock.categories.length;
    const cell = await runCase(server, seed, {
      name: "categories list",
      args: () => ["categories", "list"],
      check: rows(held + 1),
    });
    expect(cell.code).toBe(0);
    expect(cell.problem).toBe(`printed ${held} rows of ${held + 1}`);
  });
});
