/** `carbon auth login|status|logout` and the remote engine through main(), against carbon serve. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RealServer, startRealServer } from "../../unit/remote/real-server.js";
import { user } from "./helpers.js";

let server: RealServer;
let admin: string;
let viewer: string;

beforeAll(async () => {
  server = await startRealServer();
  admin = await server.token({ role: "admin", email: "ana@example.com" });
  viewer = await server.token({ role: "viewer", email: "vic@example.com" });
});

afterAll(async () => {
  await server.close();
});

describe("auth login", () => {
  it("--with-token reads stdin, checks the token, saves it with mode 0600", async () => {
    const ana = user();
    const login = await ana.run(["auth", "login", "--api-url", server.url, "--with-token"], {
      stdin: `${admin}\n`,
    });
    expect(login.stderr).toContain(`Logged in to ${server.url} as ana@example.com (admin)`);
    expect(login.code).toBe(0);
    expect(login.stdout).toBe("");
    expect(ana.profiles()).toEqual({
      currentProfile: "default",
      profiles: { default: { apiUrl: server.url, token: admin } },
    });
    if (process.platform !== "win32") {
      expect(fs.statSync(ana.configFile).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(ana.configFile)).mode & 0o777).toBe(0o700);
    }
  });

  it("prompts without echo on a terminal", async () => {
    const ana = user();
    const login = await ana.run(["auth", "login", "--api-url", server.url], { typed: admin });
    expect(login.code).toBe(0);
    expect(login.prompts).toEqual([`Paste a token for ${server.url}: `]);
    expect(login.stderr).not.toContain(admin);
  });

  it("refuses to prompt when stdin is not a terminal (exit 2), saving nothing", async () => {
    const ana = user();
    const login = await ana.run(["auth", "login", "--api-url", server.url]);
    expect(login.code).toBe(2);
    expect(login.stderr).toContain("stdin is not a terminal");
    expect(login.stderr).toContain("--with-token");
    expect(fs.existsSync(ana.configFile)).toBe(false);
  });

  it.each([
    ["a token of another server", "eyJhbGciOiJIUzI1NiJ9.e30.wrong", 4, "rejected the token"],
    ["an empty stdin", "\n", 2, "no token given"],
    ["two words", "one two", 2, "expected one token"],
  ])("%s: exit %i, nothing saved", async (_name, stdin, code, message) => {
    const ana = user();
    const login = await ana.run(["auth", "login", "--api-url", server.url, "--with-token"], {
      stdin,
    });
    expect(login.code).toBe(code);
    expect(login.stderr).toContain(message);
    expect(fs.existsSync(ana.configFile)).toBe(false);
  });

  it("refuses plain http:// to a host that is not loopback (exit 2) before sending anything", async () => {
    const ana = user();
    const login = await ana.run(
      ["auth", "login", "--api-url", "http://carbon.example.com", "--with-token"],
      { stdin: admin },
    );
    expect(login.code).toBe(2);
    expect(login.stderr).toContain("refusing plain http:// to carbon.example.com");
    expect(login.stderr).toContain("--insecure");
    const list = await ana.run(["companies", "list"], {
      env: { CARBON_API_URL: "http://10.1.2.3:8080", CARBON_TOKEN: admin },
    });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain("refusing plain http:// to 10.1.2.3:8080 (from CARBON_API_URL)");
  });

  it("without any address: usage error with an example", async () => {
    const login = await user().run(["auth", "login", "--with-token"], { stdin: admin });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain("carbon auth login --api-url");
  });
});

describe("auth status and logout", () => {
  it("status shows the user, role, server and expiry; logout removes the token and the address", async () => {
    const ana = user();
    await ana.run(["auth", "login", "--api-url", server.url, "--with-token"], { stdin: admin });
    const status = await ana.run(["auth", "status", "--json"]);
    expect(status.code).toBe(0);
    const shown = JSON.parse(status.stdout);
    expect(shown).toMatchObject({
      user: "ana@example.com",
      role: "admin",
      companies: [],
      server: server.url,
      profile: "default",
      tokenSource: 'profile "default"',
    });
    expect(Date.parse(shown.expiresAt)).toBeGreaterThan(Date.now());
    expect(status.stdout).not.toContain(admin);

    const table = await ana.run(["auth", "status", "--format", "table"]);
    expect(table.stdout).toMatch(/companies\s+│?\s*all/);

    const logout = await ana.run(["auth", "logout"]);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain(`Logged out of ${server.url}`);
    expect(ana.profiles()).toEqual({ currentProfile: "default", profiles: { default: {} } });
    const after = await ana.run(["auth", "status", "--json"]);
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject({ engine: "local" });
    const elsewhere = await ana.run(["auth", "status"], { env: { CARBON_API_URL: server.url } });
    expect(elsewhere.code).toBe(4);
    expect(elsewhere.stderr).toContain(`not logged in to ${server.url}`);
    expect(elsewhere.stderr).toContain("carbon auth login");
  });

  it("status with a token the server rejects is exit 4", async () => {
    const status = await user().run(["auth", "status"], {
      env: { CARBON_API_URL: server.url, CARBON_TOKEN: "x.y.z" },
    });
    expect(status.code).toBe(4);
  });
});

describe("the remote engine through ordinary commands", () => {
  it("a logged-in profile runs companies create/list on the server", async () => {
    const ana = user();
    await ana.run(["auth", "login", "--api-url", server.url, "--with-token"], { stdin: admin });
    const created = await ana.run(["companies", "create", "--name", "Remote Iberia", "--json"]);
    expect(created.code).toBe(0);
    const company = JSON.parse(created.stdout);
    expect(await server.local.companies.get(company.id)).toMatchObject({ name: "Remote Iberia" });
    const list = await ana.run(["companies", "list", "--all", "--json"]);
    expect(JSON.parse(list.stdout)).toContainEqual(company);
    expect(fs.existsSync(path.join(ana.home, ".local", "share", "carbon", "carbon.db"))).toBe(
      false,
    );
  });

  it("CARBON_TOKEN beats the stored token; CARBON_API_URL beats the profile's address", async () => {
    const ana = user();
    await ana.run(["auth", "login", "--api-url", server.url, "--with-token"], { stdin: admin });
    const asViewer = await ana.run(["auth", "status", "--json"], { env: { CARBON_TOKEN: viewer } });
    expect(JSON.parse(asViewer.stdout)).toMatchObject({
      user: "vic@example.com",
      role: "viewer",
      tokenSource: "CARBON_TOKEN",
    });
    const write = await ana.run(["companies", "create", "--name", "Nope"], {
      env: { CARBON_TOKEN: viewer },
    });
    expect(write.code).toBe(4);

    const other = await startRealServer();
    try {
      // The stored token is for the profile's server: it is never sent to another address.
      const elsewhere = await ana.run(["auth", "status"], { env: { CARBON_API_URL: other.url } });
      expect(elsewhere.code).toBe(4);
      expect(elsewhere.stderr).toContain(`not logged in to ${other.url}`);
      const withToken = await ana.run(["auth", "status", "--json"], {
        env: {
          CARBON_API_URL: other.url,
          CARBON_TOKEN: await other.token({ email: "o@example.com" }),
        },
      });
      expect(JSON.parse(withToken.stdout)).toMatchObject({
        user: "o@example.com",
        server: other.url,
      });
    } finally {
      await other.close();
    }
  });

  it("--db beats the profile's server; --db with --api-url is a usage error", async () => {
    const ana = user();
    await ana.run(["auth", "login", "--api-url", server.url, "--with-token"], { stdin: admin });
    const db = path.join(ana.home, "local.db");
    const local = await ana.run(["--db", db, "companies", "list", "--json"]);
    expect(local.code).toBe(0);
    expect(JSON.parse(local.stdout)).toEqual([]);
    const both = await ana.run(["--db", db, "--api-url", server.url, "companies", "list"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--api-url and --db cannot be used together");
  });

  it("CARBON_DEBUG=http logs each request on stderr, never the token", async () => {
    const ana = user();
    const list = await ana.run(["companies", "list", "--limit", "3"], {
      env: { CARBON_API_URL: server.url, CARBON_TOKEN: admin, CARBON_DEBUG: "http" },
    });
    expect(list.code).toBe(0);
    expect(list.stderr).toMatch(
      new RegExp(`^GET ${server.url}/api/v1/companies\\?limit=3 200 \\d+ms$`, "m"),
    );
    expect(list.stderr).not.toContain(admin);
  });

  it("a server that is down: exit 7 after the retries", async () => {
    const gone = await startRealServer();
    const url = gone.url;
    await gone.close();
    const list = await user().run(["companies", "list"], {
      env: { CARBON_API_URL: url, CARBON_TOKEN: admin },
    });
    expect(list.code).toBe(7);
    expect(list.stderr).toContain(`the server at ${url} did not answer`);
  }, 90_000);

  it("--concurrency must be a whole number from 1 to 64", async () => {
    const list = await user().run(["companies", "list", "--concurrency", "0"], {
      env: { CARBON_API_URL: server.url, CARBON_TOKEN: admin },
    });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('invalid --concurrency "0"');
  });
});
