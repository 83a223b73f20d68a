import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { formatDuration, parseDuration } from "../../src/core/durations.js";
import { verifyToken } from "../../src/server/auth.js";
import { serverSecret } from "../../src/store/sqlite/server-secret.js";
import { COMPANY_A, COMPANY_B, tempDir } from "./helpers.js";

async function carbon(args: readonly string[], env: Record<string, string> = {}) {
  const home = tempDir();
  const io = createTestIo();
  const code = await main(["node", "carbon", ...args], { io, env: { HOME: home, ...env } });
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

describe("carbon serve token", () => {
  it("prints a token the database's secret verifies, with the claims asked for", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const args = ["--db", db, "serve", "token", "--user", "ana@example.com"];
    const { code, stdout } = await carbon([
      ...args,
      "--role",
      "member",
      "--company",
      COMPANY_A,
      "--company",
      COMPANY_B.toUpperCase(),
      "--ttl",
      "30m",
    ]);
    expect(code).toBe(0);
    const claims = await verifyToken(stdout.trim(), serverSecret(db));
    expect(claims).toMatchObject({
      email: "ana@example.com",
      role: "member",
      companies: [COMPANY_A, COMPANY_B],
    });
    expect(Date.parse(claims.expiresAt) - Date.parse(claims.issuedAt)).toBe(30 * 60 * 1000);
  });

  it("keeps one secret per database: tokens of two runs verify with it", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const first = await carbon(["--db", db, "serve", "token", "--user", "a@example.com"]);
    const second = await carbon(["--db", db, "serve", "token", "--user", "b@example.com"]);
    const secret = serverSecret(db);
    expect((await verifyToken(first.stdout.trim(), secret)).role).toBe("viewer");
    expect((await verifyToken(second.stdout.trim(), secret)).email).toBe("b@example.com");
  });

  it("--json prints the token with its claims; CARBON_JWT_SECRET signs when set", async () => {
    const secret = "an environment secret of forty-one bytes!";
    const db = path.join(tempDir(), "carbon.db");
    const { code, stdout } = await carbon(
      ["--db", db, "serve", "token", "--user", "ops@example.com", "--role", "admin", "--json"],
      { CARBON_JWT_SECRET: secret },
    );
    expect(code).toBe(0);
    const printed: { token: string; role: string; expiresAt: string; companies: string[] } =
      JSON.parse(stdout);
    expect(printed).toMatchObject({ role: "admin", companies: [] });
    const claims = await verifyToken(printed.token, new TextEncoder().encode(secret));
    expect(claims.expiresAt).toBe(printed.expiresAt);
  });

  it.each([
    [["--role", "root"], /--role/],
    [["--ttl", "forever"], /--ttl/],
    [["--company", " "], /--company/],
  ])("a bad flag %j is a usage error (exit 2)", async (flags, message) => {
    const db = path.join(tempDir(), "carbon.db");
    const { code, stderr } = await carbon([
      "--db",
      db,
      "serve",
      "token",
      "--user",
      "a@example.com",
      ...flags,
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it("refuses a bad e-mail and a short CARBON_JWT_SECRET (exit 2)", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const badUser = await carbon(["--db", db, "serve", "token", "--user", "not-an-email"]);
    expect(badUser.code).toBe(2);
    const shortSecret = await carbon(["--db", db, "serve", "token", "--user", "a@example.com"], {
      CARBON_JWT_SECRET: "too short",
    });
    expect(shortSecret.code).toBe(2);
    expect(shortSecret.stderr).toMatch(/CARBON_JWT_SECRET has 9 bytes/);
  });
});

describe("the longest token lifetime", () => {
  const mint = (db: string, ...flags: string[]) => [
    "--db",
    db,
    "serve",
    "token",
    "--user",
    "a@example.com",
    ...flags,
  ];

  it("refuses a --ttl beyond 30 days (exit 2) and mints one of 30 days", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const tooLong = await carbon(mint(db, "--ttl", "3650d"));
    expect(tooLong.code).toBe(2);
    expect(tooLong.stdout).toBe("");
    expect(tooLong.stderr).toMatch(/--ttl 3650d is longer than .* the server accepts \(30d\)/);
    expect(tooLong.stderr).toContain("--ttl 30d or less");
    const longest = await carbon(mint(db, "--ttl", "30d"));
    expect(longest.code, longest.stderr).toBe(0);
  });

  it("takes serve's --max-token-ttl before or after `token`, or CARBON_MAX_TOKEN_TTL", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const before = await carbon([
      "--db",
      db,
      "serve",
      "--max-token-ttl",
      "90d",
      "token",
      "--user",
      "a@example.com",
      "--ttl",
      "60d",
    ]);
    expect(before.code, before.stderr).toBe(0);
    const after = await carbon(mint(db, "--ttl", "60d", "--max-token-ttl", "90d"));
    expect(after.code, after.stderr).toBe(0);
    const fromEnv = await carbon(mint(db, "--ttl", "60d"), { CARBON_MAX_TOKEN_TTL: "90d" });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    const lowered = await carbon(mint(db, "--ttl", "2h"), { CARBON_MAX_TOKEN_TTL: "1h" });
    expect(lowered.code).toBe(2);
    const badEnv = await carbon(mint(db), { CARBON_MAX_TOKEN_TTL: "a month" });
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toMatch(/invalid CARBON_MAX_TOKEN_TTL "a month"/);
  });
});

describe("durations", () => {
  it.each([
    ["3600s", 3600],
    ["30m", 1800],
    ["24h", 86_400],
    ["7d", 604_800],
  ])("%s is %d seconds", (text, seconds) => {
    expect(parseDuration("--ttl", text)).toBe(seconds);
  });

  it.each(["", "0h", "24", "1w", "-1h", "1.5h", "h"])("%j is a usage error", (text) => {
    expect(() => parseDuration("--ttl", text)).toThrow(/--ttl/);
  });

  it.each([
    [2_592_000, "30d"],
    [5400, "90m"],
    [7200, "2h"],
    [61, "61s"],
  ])("%d seconds print as %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
