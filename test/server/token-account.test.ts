/**
 * `carbon serve token` mints for the e-mail's account: a new e-mail gets one (the first admin),
 * flags that differ from a stored account are refused, and removing the account on the
 * server's database ends the token on a running server.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { startServer } from "../../src/server/app.js";
import { verifyToken } from "../../src/server/auth.js";
import { serverSecret } from "../../src/store/sqlite/server-secret.js";
import { COMPANY_A, call, tempDir } from "./helpers.js";

async function carbon(args: readonly string[]) {
  const io = createTestIo();
  const code = await main(["node", "carbon", ...args], { io, env: { HOME: tempDir() } });
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

describe("carbon serve token and accounts", () => {
  it("creates the first admin's account, and mints for it again without flags", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const first = await carbon([
      "--db",
      db,
      "serve",
      "token",
      "--user",
      "Me@Example.com",
      "--role",
      "admin",
      "--json",
    ]);
    expect(first.code, first.stderr).toBe(0);
    const minted = JSON.parse(first.stdout);
    const listed = await carbon(["--db", db, "users", "list", "--json"]);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        id: minted.userId,
        email: "Me@Example.com",
        roles: ["ROLE_OWNER"],
        companies: [],
        status: "active",
      }),
    ]);
    const again = await carbon(["--db", db, "serve", "token", "--user", "me@example.com"]);
    expect(again.code, again.stderr).toBe(0);
    const claims = await verifyToken(again.stdout.trim(), serverSecret(db));
    expect(claims).toMatchObject({ role: "admin", companies: [], userId: minted.userId });
    const audit = await carbon(["--db", db, "audit", "list", "--json"]);
    expect(JSON.parse(audit.stdout)).toEqual([
      expect.objectContaining({ action: "users.create", actor: "carbon serve token" }),
    ]);
  });

  it("refuses --role or --company that differ from the account, and a removed account (exit 2)", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const made = await carbon([
      "--db",
      db,
      "serve",
      "token",
      "--user",
      "ops@example.com",
      "--role",
      "member",
      "--company",
      COMPANY_A,
      "--json",
    ]);
    expect(made.code, made.stderr).toBe(0);
    const role = await carbon([
      "--db",
      db,
      "serve",
      "token",
      "--user",
      "ops@example.com",
      "--role",
      "admin",
    ]);
    expect(role.code).toBe(2);
    expect(role.stderr).toMatch(/has the role member \(ROLE_MANAGER\), not admin/);
    const company = await carbon([
      "--db",
      db,
      "serve",
      "token",
      "--user",
      "ops@example.com",
      "--company",
      "5c9d2e4f-1b3a-4c6d-8e7f-9a0b1c2d3e4f",
    ]);
    expect(company.code).toBe(2);
    const same = await carbon([
      "--db",
      db,
      "serve",
      "token",
      "--user",
      "ops@example.com",
      "--role",
      "member",
      "--company",
      COMPANY_A,
    ]);
    expect(same.code, same.stderr).toBe(0);
    const removed = await carbon(["--db", db, "users", "remove", JSON.parse(made.stdout).userId]);
    expect(removed.code, removed.stderr).toBe(0);
    const refused = await carbon(["--db", db, "serve", "token", "--user", "ops@example.com"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/the account of ops@example.com is removed/);
  });

  it("a token minted by serve token stops working on the running server once its user is removed", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const minted = await carbon([
      "--db",
      db,
      "serve",
      "token",
      "--user",
      "vic@example.com",
      "--json",
    ]);
    const { token, userId } = JSON.parse(minted.stdout);
    const service = await openLocalService({ path: db });
    const server = await startServer({
      service,
      secret: serverSecret(db),
      host: "127.0.0.1",
      port: 0,
    });
    try {
      expect((await call(`${server.url}/api/v1/companies`, "GET", { token })).status).toBe(200);
      // Another process (the operator's CLI) removes the account on the same database.
      expect((await carbon(["--db", db, "users", "remove", userId])).code).toBe(0);
      const after = await call(`${server.url}/api/v1/companies`, "GET", { token });
      expect(after.status).toBe(401);
    } finally {
      await server.close();
      await service.close();
    }
  });
});
