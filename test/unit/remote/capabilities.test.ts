/** What a server offers beyond the specification: announced by carbon serve, absent elsewhere. */
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { parseApiUrl } from "../../../src/backends/remote/api-url.js";
import { ServerCapabilities } from "../../../src/backends/remote/capabilities.js";
import { createHttpClient, type HttpClient } from "../../../src/backends/remote/client.js";
import { CarbonError } from "../../../src/core/errors.js";
import { type RealServer, startRealServer } from "./real-server.js";

const origin = "https://carbon.example.com";
let server: RealServer | undefined;
let client: HttpClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

function clientOf(url: string, token: string, dispatcher?: MockAgent): HttpClient {
  client = createHttpClient({
    api: parseApiUrl("the API address", url, { insecure: true }),
    token,
    ...(dispatcher === undefined ? {} : { dispatcher }),
  });
  return client;
}

describe("server capabilities", () => {
  it("carbon serve announces its own operations and dryRun, and no spec operation", async () => {
    server = await startRealServer();
    const capabilities = new ServerCapabilities(clientOf(server.url, await server.token()));
    const extensions = await capabilities.extensions();
    expect(extensions).toContain("GET /companies/{id}");
    expect(extensions).toContain("POST /consumptions/batch");
    expect(extensions).toContain("GET /audit");
    expect(extensions).toContain("dryRun");
    expect(extensions).not.toContain("GET /companies");
    expect(extensions).not.toContain("POST /consumptions");
    await expect(capabilities.require("GET /audit", "the audit trail")).resolves.toBeUndefined();
  });

  it("a server that announces nothing offers the specification alone, asked once", async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    // The hosted service's who-am-i: a user, no extensions.
    agent
      .get(origin)
      .intercept({ path: "/api/v1/auth/who-am-i", method: "POST" })
      .reply(200, { id: "u1", email: "ana@example.com" })
      .times(1);
    const capabilities = new ServerCapabilities(clientOf(origin, "t", agent));
    expect(await capabilities.offers("GET /audit")).toBe(false);
    expect(await capabilities.offers("dryRun")).toBe(false);
    const refusal = await capabilities
      .require("GET /audit", "the audit trail", "read it in the service's web app")
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CarbonError);
    expect(refusal).toMatchObject({ code: "usage" });
    expect(String((refusal as CarbonError).message)).toMatch(
      /the server at https:\/\/carbon\.example\.com does not offer the audit trail/,
    );
    agent.assertNoPendingInterceptors();
    await agent.close();
  });

  it("an answer whose extensions are not strings announces none", async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get(origin)
      .intercept({ path: "/api/v1/auth/who-am-i", method: "POST" })
      .reply(200, { extensions: "GET /audit" });
    const capabilities = new ServerCapabilities(clientOf(origin, "t", agent));
    expect(await capabilities.offers("GET /audit")).toBe(false);
    await agent.close();
  });
});
