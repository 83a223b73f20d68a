import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestIo } from "../../../src/cli/io.js";
import { main } from "../../../src/cli/main.js";
import { startRealServer } from "../../unit/remote/real-server.js";
import { bothEngines, type Engine } from "../engines.js";
import { tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const ANA = "6a1f3c2e-1111-4222-8333-444455556666";

describe.each(bothEngines)("carbon users on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    const company = await engine.carbon("companies", "create", "--id", ACME, "--name", "Acme");
    expect(company.code, company.stderr).toBe(0);
    const created = await engine.carbon(
      "users",
      "upsert",
      "--id",
      ANA,
      "--email",
      "ana@example.com",
      "--role",
      "role_manager",
      "--company",
      "Acme",
      "--name",
      "Ana",
      "--json",
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({
      id: ANA,
      roles: ["ROLE_MANAGER"],
      role: "member",
      companies: [{ companyId: ACME }],
      status: "active",
    });
  });
  afterAll(async () => {
    await engine.close();
  });

  it("lists a company's users and gets one", async () => {
    const listed = await engine.carbon("users", "list", "--company", "Acme", "--format", "tsv");
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(
      `${ANA}\tana@example.com\tROLE_MANAGER\tmember\t${ACME}\tactive`,
    );
    const got = await engine.carbon("users", "get", ANA, "--json");
    expect(JSON.parse(got.stdout)).toMatchObject({ email: "ana@example.com", name: "Ana" });
  });

  it("update changes the role and remove sets removed, both in the audit trail", async () => {
    const updated = await engine.carbon(
      "users",
      "update",
      ANA,
      "--role",
      "ROLE_VALIDATOR",
      "--json",
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ roles: ["ROLE_VALIDATOR"], role: "viewer" });
    const removed = await engine.carbon("users", "remove", ANA, "--json");
    expect(JSON.parse(removed.stdout)).toMatchObject({ status: "removed" });
    const audit = await engine.carbon("audit", "list", "--json");
    const actions: { action: string; recordId: string }[] = JSON.parse(audit.stdout);
    const ofAna = actions.filter((record) => record.recordId === ANA).map((r) => r.action);
    expect(ofAna).toEqual(["users.update", "users.update", "users.create"]);
  });

  it("invite prints a code once and makes a pending user", async () => {
    const invited = await engine.carbon(
      "users",
      "invite",
      "--email",
      "cal@example.com",
      "--company",
      "Acme",
      "--role",
      "ROLE_VIEWER",
    );
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stdout.trim()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const listed = await engine.carbon("users", "list", "--json");
    expect(JSON.parse(listed.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "cal@example.com", status: "pending" }),
      ]),
    );
  });

  it("refuses a bad role (exit 2), a new user without e-mail (exit 3) and nothing to change (exit 2)", async () => {
    const badRole = await engine.carbon(
      "users",
      "upsert",
      "--email",
      "x@example.com",
      "--role",
      "root",
    );
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/invalid --role "root": expected one of ROLE_OWNER/);
    const noEmail = await engine.carbon("users", "upsert", "--role", "ROLE_VIEWER");
    expect(noEmail.code).toBe(3);
    expect(noEmail.stderr).toMatch(/email: needed to create a user/);
    const nothing = await engine.carbon("users", "update", ANA);
    expect(nothing.code).toBe(2);
    const count = await engine.carbon("users", "list", "--json");
    expect(JSON.parse(count.stdout)).toHaveLength(2);
  });
});

describe("carbon auth accept-invite", () => {
  async function run(argv: readonly string[], env: Record<string, string>) {
    const io = createTestIo();
    const code = await main(["node", "carbon", ...argv], { io, env });
    return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
  }

  it("exchanges the code for a token stored in the profile, once; auth status shows the account", async () => {
    const server = await startRealServer();
    try {
      const admin = await server.token({ email: "root@example.com" });
      const adminEnv = { HOME: tempDir(), CARBON_API_URL: server.url, CARBON_TOKEN: admin };
      await run(["companies", "create", "--id", ACME, "--name", "Acme"], adminEnv);
      const invited = await run(
        [
          "users",
          "invite",
          "--email",
          "dan@example.com",
          "--company",
          ACME,
          "--role",
          "ROLE_MANAGER",
        ],
        adminEnv,
      );
      expect(invited.code, invited.stderr).toBe(0);
      const code = invited.stdout.trim();
      const home = { HOME: tempDir() };
      const accepted = await run(["auth", "accept-invite", code, "--api-url", server.url], home);
      expect(accepted.code, accepted.stderr).toBe(0);
      expect(accepted.stderr).toMatch(/logged in as dan@example.com \(member\)/);
      const status = await run(["auth", "status", "--json"], home);
      expect(JSON.parse(status.stdout)).toMatchObject({
        user: "dan@example.com",
        role: "member",
        roles: ["ROLE_MANAGER"],
        companies: [ACME],
      });
      const again = await run(["auth", "accept-invite", code, "--api-url", server.url], {
        HOME: tempDir(),
      });
      expect(again.code).toBe(3);
      expect(again.stderr).toMatch(/not valid: unknown, already used or expired/);
    } finally {
      await server.close();
    }
  });

  it("needs a server: the local profile is a usage error (exit 2)", async () => {
    const outcome = await run(["auth", "accept-invite", "abcdefghijklmnopqrstuvwxyz012345"], {
      HOME: tempDir(),
    });
    expect(outcome.code).toBe(2);
  });
});
