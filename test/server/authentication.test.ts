import { randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../src/server/auth.js";
import { problemOf, startTestServer, type TestServer } from "./helpers.js";

describe("authentication", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each<{ name: string; headers: Record<string, string> }>([
    { name: "no token", headers: {} },
    { name: "another scheme", headers: { authorization: "Basic dXNlcjpwYXNz" } },
    { name: "a malformed token", headers: { authorization: "Bearer not.a.jwt" } },
    { name: "an empty bearer", headers: { authorization: "Bearer " } },
  ])("$name: 401 problem with WWW-Authenticate", async ({ headers }) => {
    const answer = await server.call("GET", "/api/v1/companies", { headers });
    expect(answer.status).toBe(401);
    expect(problemOf(answer)).toMatchObject({ status: 401, code: "unauthenticated" });
    expect(answer.contentType).toContain("application/problem+json");
    expect(answer.headers["www-authenticate"]).toBe('Bearer realm="carbon"');
  });

  it("a token signed with another secret: 401", async () => {
    const foreign = await signToken(
      { email: "eve@example.com", role: "admin", ttlSeconds: 3600 },
      new Uint8Array(randomBytes(32)),
    );
    const answer = await server.call("GET", "/api/v1/companies", { token: foreign });
    expect(answer.status).toBe(401);
    expect(problemOf(answer).detail).toMatch(/signature/);
  });

  it("an expired token: 401", async () => {
    const expired = await signToken(
      {
        email: "old@example.com",
        role: "admin",
        ttlSeconds: 60,
        now: new Date(Date.now() - 2 * 3600 * 1000),
      },
      server.secret,
    );
    const answer = await server.call("GET", "/api/v1/companies", { token: expired });
    expect(answer.status).toBe(401);
    expect(problemOf(answer).detail).toMatch(/expired/);
  });

  it("a token without exp, or with an unknown role: 401", async () => {
    const noExp = await new SignJWT({ role: "admin", companies: [] })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("a@example.com")
      .setIssuedAt()
      .sign(server.secret);
    const badRole = await new SignJWT({ role: "root", companies: [] })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("a@example.com")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(server.secret);
    for (const token of [noExp, badRole]) {
      const answer = await server.call("GET", "/api/v1/companies", { token });
      expect(answer.status).toBe(401);
    }
  });

  it("an unsigned (alg none) token: 401", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(
      JSON.stringify({ sub: "a@example.com", role: "admin", iat: 1, exp: 4_000_000_000 }),
    ).toString("base64url");
    const answer = await server.call("GET", "/api/v1/companies", {
      token: `${header}.${payload}.`,
    });
    expect(answer.status).toBe(401);
  });

  it("never logs the token", async () => {
    const token = await server.token("admin");
    await server.call("GET", "/api/v1/companies", { token });
    await server.call("GET", "/api/v1/companies", { headers: { authorization: "Bearer xyz.abc" } });
    expect(server.logs.join("\n")).not.toContain(token);
    expect(server.logs.join("\n")).not.toContain("xyz.abc");
  });
});

describe("token lifetime", () => {
  const mint = (secret: Uint8Array, ttlSeconds: number) =>
    signToken({ email: "ops@example.com", role: "admin", ttlSeconds }, secret);

  it("a token valid for 10 years: 401, whatever it may do; 30 days is accepted", async () => {
    const server = await startTestServer();
    try {
      const decade = await server.call("GET", "/api/v1/companies", {
        token: await mint(server.secret, 3650 * 86_400),
      });
      expect(decade.status).toBe(401);
      expect(problemOf(decade)).toMatchObject({
        code: "unauthenticated",
        detail: "the token is valid for 3650d, longer than this server accepts (at most 30d)",
      });
      expect(decade.text).toContain("carbon serve token --ttl 30d");
      const month = await server.call("GET", "/api/v1/companies", {
        token: await mint(server.secret, 30 * 86_400),
      });
      expect(month.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("the maximum is the server's: one of an hour refuses a token of two", async () => {
    const server = await startTestServer({ maxTokenTtlSeconds: 3600 });
    try {
      const twoHours = await server.call("GET", "/api/v1/companies", {
        token: await mint(server.secret, 7200),
      });
      expect(problemOf(twoHours)).toMatchObject({
        status: 401,
        detail: expect.stringContaining("at most 1h"),
      });
      const oneHour = await server.call("GET", "/api/v1/companies", {
        token: await mint(server.secret, 3600),
      });
      expect(oneHour.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
