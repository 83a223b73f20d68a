/** The way back to the local database after `auth login`: --local, profile "local", logout, serve. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runServe } from "../../../src/cli/commands/serve/serve.js";
import { createContext } from "../../../src/cli/context.js";
import { createTestIo } from "../../../src/cli/io.js";
import { verifyToken } from "../../../src/server/auth.js";
import { serverSecret } from "../../../src/store/sqlite/server-secret.js";
import { type RealServer, startRealServer } from "../../unit/remote/real-server.js";
import { user } from "./helpers.js";

let server: RealServer;
let admin: string;

beforeAll(async () => {
  server = await startRealServer();
  admin = await server.token({ role: "admin", email: "ana@example.com" });
});

afterAll(async () => {
  await server.close();
});

/** A user logged in to the real server in the default profile. */
async function loggedIn(): Promise<ReturnType<typeof user> & { readonly defaultDb: string }> {
  const ana = user();
  const login = await ana.run(["auth", "login", "--api-url", server.url, "--with-token"], {
    stdin: admin,
  });
  expect(login.code).toBe(0);
  return { ...ana, defaultDb: path.join(ana.home, ".local", "share", "carbon", "carbon.db") };
}

describe("--local", () => {
  it("runs on the local database while the profile is logged in to a server", async () => {
    const ana = await loggedIn();
    const created = await ana.run(["--local", "companies", "create", "--name", "Kept Here"]);
    expect(created.code).toBe(0);
    expect(fs.existsSync(ana.defaultDb)).toBe(true);
    const local = await ana.run(["--local", "companies", "list", "--json"]);
    expect(JSON.parse(local.stdout)).toMatchObject([{ name: "Kept Here" }]);
    const remote = await ana.run(["companies", "list", "--all", "--json"]);
    expect(remote.code).toBe(0);
    expect(JSON.parse(remote.stdout)).not.toContainEqual(
      expect.objectContaining({ name: "Kept Here" }),
    );
    const fromEnv = await ana.run(["--local", "companies", "list", "--json"], {
      env: { CARBON_API_URL: server.url, CARBON_TOKEN: admin },
    });
    expect(JSON.parse(fromEnv.stdout)).toMatchObject([{ name: "Kept Here" }]);
  });

  it("with --api-url is a usage error (exit 2)", async () => {
    const outcome = await user().run(["--local", "--api-url", server.url, "companies", "list"]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("--api-url and --local cannot be used together");
  });
});

describe('the profile "local"', () => {
  it("is listed, switches back with profile use, and refuses a login", async () => {
    const ana = await loggedIn();
    const list = await ana.run(["profile", "list", "--json"]);
    expect(JSON.parse(list.stdout)).toContainEqual({
      name: "local",
      current: false,
      engine: "local",
      apiUrl: null,
      db: null,
      loggedIn: false,
    });
    const use = await ana.run(["profile", "use", "local"]);
    expect(use.code).toBe(0);
    expect(use.stderr).toContain(`Now using profile "local" (the local database ${ana.defaultDb})`);
    const created = await ana.run(["companies", "create", "--name", "Back Home"]);
    expect(created.code).toBe(0);
    expect(fs.existsSync(ana.defaultDb)).toBe(true);
    const login = await ana.run(["auth", "login", "--api-url", server.url, "--with-token"], {
      stdin: admin,
    });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('profile "local" is the local database');
    expect(ana.profiles()).toMatchObject({ currentProfile: "local" });
  });

  it("uses its db when the file gives it one", async () => {
    const ana = user();
    const db = path.join(ana.home, "offline.db");
    fs.mkdirSync(path.dirname(ana.configFile), { recursive: true });
    fs.writeFileSync(ana.configFile, JSON.stringify({ profiles: { local: { db } } }));
    const created = await ana.run(["--profile", "local", "companies", "create", "--name", "Off"]);
    expect(created.code).toBe(0);
    expect(fs.existsSync(db)).toBe(true);
  });
});

describe("auth logout", () => {
  it("drops the token and the address, says where commands now run, and they run there", async () => {
    const ana = await loggedIn();
    const logout = await ana.run(["auth", "logout"]);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain(
      `Logged out of ${server.url}: removed the token and the address of profile "default".`,
    );
    expect(logout.stderr).toContain(`Commands now run on the local database ${ana.defaultDb}.`);
    expect(ana.profiles()).toEqual({ currentProfile: "default", profiles: { default: {} } });
    const list = await ana.run(["companies", "list", "--json"]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });

  it("drops an address left without a token", async () => {
    const ana = user();
    fs.mkdirSync(path.dirname(ana.configFile), { recursive: true });
    fs.writeFileSync(
      ana.configFile,
      JSON.stringify({ profiles: { default: { apiUrl: server.url } } }),
    );
    expect((await ana.run(["companies", "list"])).code).toBe(4);
    const logout = await ana.run(["auth", "logout"]);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain("removed its address");
    expect((await ana.run(["companies", "list"])).code).toBe(0);
  });
});

describe("where a command ran", () => {
  it("--verbose says the engine on one stderr line", async () => {
    const ana = await loggedIn();
    const remote = await ana.run(["--verbose", "companies", "list"]);
    expect(remote.code).toBe(0);
    expect(remote.stderr).toContain(`engine: remote ${server.url} (profile default)\n`);
    const flag = await ana.run(["--verbose", "companies", "list"], {
      env: { CARBON_API_URL: server.url, CARBON_TOKEN: admin },
    });
    expect(flag.stderr).toContain(`engine: remote ${server.url} (CARBON_API_URL)\n`);
    const local = await ana.run(["--verbose", "--local", "companies", "list"]);
    expect(local.stderr).toContain(`engine: local ${ana.defaultDb}\n`);
    const plain = await ana.run(["--local", "companies", "list"]);
    expect(plain.stderr).not.toContain("engine:");
  });

  it("auth status on the local engine says local, the database, and its user: the OS user, admin (ROLE_OWNER) of every company (exit 0)", async () => {
    const ana = user();
    const db = path.join(ana.home, "mine.db");
    const status = await ana.run(["--db", db, "auth", "status", "--json"]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toEqual({
      engine: "local",
      user: os.userInfo().username,
      role: "admin",
      roles: ["ROLE_OWNER"],
      companies: [],
      db,
      profile: "default",
    });
    const table = await ana.run(["--db", db, "auth", "status", "--format", "tsv"]);
    const [header, row] = table.stdout.split("\n").map((line) => line.split("\t").slice(0, 5));
    expect(header).toEqual(["engine", "user", "role", "roles", "companies"]);
    expect(row).toEqual(["local", os.userInfo().username, "admin", "ROLE_OWNER", "all"]);
    // A server's status has the same columns first.
    const remote = await (await loggedIn()).run(["auth", "status", "--format", "tsv"]);
    expect(remote.stdout.split("\n")[0]?.split("\t").slice(0, 5)).toEqual(header);
    const shown = await (await loggedIn()).run(["auth", "status", "--json"]);
    expect(JSON.parse(shown.stdout)).toMatchObject({ engine: "remote", server: server.url });
  });
});

describe("serve runs on a local database whatever the profile says", () => {
  it("serve token signs with the secret of the default database while the profile is remote", async () => {
    const ana = await loggedIn();
    const token = await ana.run(["serve", "token", "--user", "ops@example.com"], {
      env: { CARBON_API_URL: server.url },
    });
    expect(token.code).toBe(0);
    const claims = await verifyToken(token.stdout.trim(), serverSecret(ana.defaultDb));
    expect(claims.email).toBe("ops@example.com");
    const refused = await ana.run(["--api-url", server.url, "serve", "token", "--user", "x@y.io"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("carbon serve runs on a local database");
  });

  it("serve listens on the profile's db while the profile is remote", async () => {
    const ana = await loggedIn();
    const db = path.join(ana.home, "served.db");
    const file = JSON.parse(fs.readFileSync(ana.configFile, "utf8"));
    file.profiles.default.db = db;
    fs.writeFileSync(ana.configFile, JSON.stringify(file));
    const io = createTestIo();
    const controller = new AbortController();
    const ctx = createContext({
      io,
      env: ana.env,
      globals: () => ({ verbose: true }),
      signal: controller.signal,
    });
    let settled = false;
    const serving = runServe(ctx, {
      host: "127.0.0.1",
      port: "0",
      headersTimeout: "10s",
      requestTimeout: "60s",
    }).finally(() => {
      settled = true;
    });
    const deadline = Date.now() + 20_000;
    while (!settled && !io.stderrText().includes("listening on") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    await serving;
    expect(io.stderrText()).toContain(`engine: local ${db}\n`);
    expect(io.stderrText()).toContain("listening on http://127.0.0.1:");
    expect(fs.existsSync(db)).toBe(true);
  });
});
