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
