/** carbon serve's recommended inputs: the spec's names and the hosted service's, and bad queries. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_A, field, problemOf, startTestServer, type TestServer } from "./helpers.js";

describe("recommended inputs over HTTP", () => {
  let server: TestServer;
  let viewer: string;

  beforeAll(async () => {
    server = await startTestServer();
    viewer = await server.token("viewer");
  });
  afterAll(async () => {
    await server.close();
  });

  it("takes the hosted names countryCode, types and companyId as the spec's country and type", async () => {
    const spec = await server.call("GET", "/api/v1/inputs/recommended?country=ES&type=provider", {
      token: viewer,
    });
    expect(spec.status, spec.text).toBe(200);
    const hosted = await server.call(
      "GET",
      `/api/v1/inputs/recommended?countryCode=ES&types=provider&companyId=${COMPANY_A}`,
      { token: viewer },
    );
    expect(hosted.status, hosted.text).toBe(200);
    expect(hosted.text).toBe(spec.text);
    expect(field(spec, "data", 0, "id")).toBe("provider:electricity");
  });

  it.each([
    ["", "country"],
    ["?country=ES&type=gas", "type"],
  ])("a query %j is refused at its field (400)", async (query, at) => {
    const answer = await server.call("GET", `/api/v1/inputs/recommended${query}`, {
      token: viewer,
    });
    expect(answer.status).toBe(400);
    expect(problemOf(answer).errors.map((issue) => issue.path)).toContain(at);
  });
});
