/**
 * `delete` of waste operators, comments, goals and tasks, on both engines; and on carbon serve,
 * a comment deleted only by its author or an admin.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { startRealServer } from "../unit/remote/real-server.js";
import { bothEngines, type Engine } from "./engines.js";
import { tempDir } from "./helpers.js";

const ACME = "6d000000-0000-4000-8000-000000000001";
const PLANT = "6d000000-0000-4000-8000-0000000000b1";
const OPERATOR = "6d000000-0000-4000-8000-0000000000e1";
const COMMENT = "6d000000-0000-4000-8000-0000000000c1";
const GOAL = "6d000000-0000-4000-8000-0000000000f1";
const TASK = "6d000000-0000-4000-8000-0000000000f2";

describe.each(bothEngines)("delete verbs of plain resources on the %s", (_name, open) => {
  let engine: Engine;
  const ok = async (...args: string[]) => {
    const outcome = await engine.carbon(...args);
    expect(outcome.code, outcome.stderr).toBe(0);
    return outcome;
  };

  beforeAll(async () => {
    engine = await open();
    await ok("companies", "create", "--id", ACME, "--name", "Acme");
    await ok("buildings", "create", "--id", PLANT, "--company", "Acme", "--name", "Plant");
    await ok(
      "waste-operators",
      "create",
      "--id",
      OPERATOR,
      "--company",
      "Acme",
      "--name",
      "Recycla",
      "--treatment",
      "recycling",
    );
    await ok(
      "comments",
      "create",
      "--id",
      COMMENT,
      "--company",
      "Acme",
      "--entity-type",
      "building",
      "--entity",
      PLANT,
      "--text",
      "Meter replaced",
    );
    await ok(
      "goals",
      "create",
      "--id",
      GOAL,
      "--company",
      "Acme",
      "--name",
      "Halve scope 2",
      "--base-year",
      "2023",
      "--target-year",
      "2030",
      "--scope",
      "2",
      "--reduction",
      "50",
    );
    await ok(
      "goals",
      "tasks",
      "create",
      "--id",
      TASK,
      "--company",
      "Acme",
      "--goal",
      GOAL,
      "--title",
      "Green tariff",
      "--owner",
      "Facilities",
      "--due",
      "2026-06-30",
      "--status",
      "todo",
    );
  });
  afterAll(async () => {
    await engine.close();
  });

  it("a goal with tasks is refused (exit 6), and nothing is deleted", async () => {
    const refused = await engine.carbon("goals", "delete", GOAL, "--yes");
    expect(refused.code).toBe(6);
    expect(refused.stderr).toMatch(/still has 1 task; delete them first/);
    expect(refused.stderr).not.toMatch(/ at .*\.ts:/);
    await ok("goals", "get", GOAL);
  });

  it("without --yes off a terminal nothing is deleted (exit 2)", async () => {
    const refused = await engine.carbon("comments", "delete", COMMENT);
    expect(refused.code).toBe(2);
    await ok("comments", "get", COMMENT);
  });

  it("a dry run prints the plan and deletes nothing", async () => {
    const plan = await ok("waste-operators", "delete", OPERATOR, "--dry-run", "--json");
    expect(JSON.parse(plan.stdout)).toMatchObject([
      { resource: "wasteOperator", id: OPERATOR, auditId: null },
    ]);
    expect(plan.stderr).toMatch(/Would delete: 1 waste operator\n {2}\S+ {2}Recycla/);
    await ok("waste-operators", "get", OPERATOR);
  });

  it("deletes the task, its goal, the comment and the operator, each audited", async () => {
    const task = await ok("goals", "tasks", "delete", TASK, "--yes");
    expect(task.stderr).toMatch(/Green tariff, due 2026-06-30/);
    await ok("goals", "delete", GOAL, "--yes");
    const comment = await ok("comments", "delete", COMMENT, "--yes");
    expect(comment.stderr).toMatch(/on building \S+ by \S+: Meter replaced/);
    await ok("waste-operators", "delete", OPERATOR, "--yes");
    for (const args of [
      ["goals", "tasks", "get", TASK],
      ["goals", "get", GOAL],
      ["comments", "get", COMMENT],
      ["waste-operators", "get", OPERATOR],
    ]) {
      expect((await engine.carbon(...args)).code).toBe(5);
    }
    const audit = await ok("audit", "list", "--company", "Acme", "--json");
    const actions = JSON.parse(audit.stdout).map((record: { action: string }) => record.action);
    expect(actions.sort()).toEqual([
      "comments.delete",
      "goals.delete",
      "goals.tasks.delete",
      "waste-operators.delete",
    ]);
  });
});

describe("deleting a comment on carbon serve", () => {
  it("is refused to a member who did not write it (exit 4), and allowed to an admin", async () => {
    const server = await startRealServer();
    try {
      const as = async (email: string, role: "admin" | "member", ...args: string[]) => {
        const io = createTestIo();
        const env = {
          HOME: tempDir(),
          CARBON_API_URL: server.url,
          CARBON_TOKEN: await server.token({ email, role }),
        };
        const code = await main(["node", "carbon", ...args], { io, env });
        return { code, stderr: io.stderrText() };
      };
      expect(
        (
          await as(
            "ana@example.com",
            "admin",
            "companies",
            "create",
            "--id",
            ACME,
            "--name",
            "Acme",
          )
        ).code,
      ).toBe(0);
      await as(
        "ana@example.com",
        "admin",
        "buildings",
        "create",
        "--id",
        PLANT,
        "--company",
        ACME,
        "--name",
        "Plant",
      );
      const written = await as(
        "ana@example.com",
        "member",
        "comments",
        "create",
        "--id",
        COMMENT,
        "--company",
        ACME,
        "--entity-type",
        "building",
        "--entity",
        PLANT,
        "--text",
        "Ana's note",
      );
      expect(written.code, written.stderr).toBe(0);
      const refused = await as("bo@example.com", "member", "comments", "delete", COMMENT, "--yes");
      expect(refused.code).toBe(4);
      expect(refused.stderr).toMatch(
        /written by ana@example.com; only its author or an admin may delete it/,
      );
      expect((await as("bo@example.com", "member", "comments", "get", COMMENT)).code).toBe(0);
      const allowed = await as("root@example.com", "admin", "comments", "delete", COMMENT, "--yes");
      expect(allowed.code, allowed.stderr).toBe(0);
    } finally {
      await server.close();
    }
  });
});
