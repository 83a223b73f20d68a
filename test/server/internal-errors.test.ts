import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemOf, startTestServer, type TestServer } from "./helpers.js";

describe("an unexpected failure", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    // The database closes under the running server: every query now fails in better-sqlite3.
    await server.service.close();
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers a generic 500 problem; the stack goes to the server log only", async () => {
    const token = await server.token("admin");
    const answer = await server.call("GET", "/api/v1/companies", { token });
    expect(answer.status).toBe(500);
    expect(answer.contentType).toContain("application/problem+json");
    expect(problemOf(answer)).toMatchObject({ code: "internal", status: 500 });
    expect(answer.text).not.toMatch(/database|\.ts:|\.js:|at /);
    expect(server.logs.join("\n")).toMatch(/error: GET \/api\/v1\/companies: .*\n\s+at /s);
    expect(server.logs.at(-1)).toMatch(/^GET \/api\/v1\/companies 500 /);
  });
});
