/** Pure pieces of the retry logic, and network faults only a mock can produce on demand. */
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { isLoopbackHost, parseApiUrl } from "../../../src/backends/remote/api-url.js";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import {
  backoffDelay,
  defaultRetryPolicy,
  isRetryableNetworkError,
  parseRetryAfter,
} from "../../../src/backends/remote/retry.js";
import { CarbonError } from "../../../src/core/errors.js";

describe("Retry-After", () => {
  const now = Date.parse("2025-03-01T12:00:00Z");
  it.each<[string | undefined, number | undefined]>([
    ["0", 0],
    ["3", 3000],
    [" 120 ", 120_000],
    ["Sat, 01 Mar 2025 12:00:30 GMT", 30_000],
    ["Sat, 01 Mar 2025 11:00:00 GMT", 0],
    ["soon", undefined],
    ["-1", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%j is %j ms", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe("backoff with full jitter", () => {
  it.each([
    [1, 0.5, 125],
    [2, 0.5, 250],
    [3, 0.999, 999],
    [10, 0.5, 4000],
    [10, 0, 0],
  ])("attempt %i with random %d waits %i ms", (attempt, random, expected) => {
    expect(backoffDelay(defaultRetryPolicy, attempt, () => random)).toBe(expected);
  });
});

describe("which network errors are retried", () => {
  const coded = (code: string): Error => Object.assign(new Error(code), { code });
  it.each<[string, unknown, boolean]>([
    ["ECONNRESET", coded("ECONNRESET"), true],
    ["ECONNREFUSED", coded("ECONNREFUSED"), true],
    ["UND_ERR_SOCKET", coded("UND_ERR_SOCKET"), true],
    ["a cause", new Error("fetch failed", { cause: coded("ECONNRESET") }), true],
    ["an AggregateError", new AggregateError([coded("ECONNREFUSED")], "x"), true],
    ["ENOTFOUND (a wrong host name)", coded("ENOTFOUND"), false],
    ["a certificate error", coded("DEPTH_ZERO_SELF_SIGNED_CERT"), false],
    ["a plain error", new Error("bug"), false],
  ])("%s: %s", (_name, error, expected) => {
    expect(isRetryableNetworkError(error)).toBe(expected);
  });
});

describe("API addresses", () => {
  it.each([
    ["localhost", true],
    ["api.localhost", true],
    ["127.0.0.1", true],
    ["127.3.2.1", true],
    ["[::1]", true],
    ["128.0.0.1", false],
    ["10.0.0.5", false],
    ["localhost.example.com", false],
    ["carbon.example.com", false],
  ])("%s is loopback: %s", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it.each([
    ["https://carbon.example.com", "https://carbon.example.com"],
    ["https://carbon.example.com/", "https://carbon.example.com"],
    ["https://carbon.example.com/api/v1", "https://carbon.example.com"],
    ["https://example.com/carbon/", "https://example.com/carbon"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080"],
    ["HTTP://LOCALHOST:8080/", "http://localhost:8080"],
  ])("%s is %s", (input, href) => {
    expect(parseApiUrl("--api-url", input, { insecure: false }).href).toBe(href);
  });

  it.each([
    ["http://carbon.example.com", "refusing plain http:// to carbon.example.com"],
    ["ftp://carbon.example.com", "expected an http(s) URL, got the scheme ftp:"],
    ["carbon.example.com", "expected an http(s) URL"],
    ["https://ana:pw@carbon.example.com", "credentials in the URL are not supported"],
    ["https://carbon.example.com/?x=1", "expected no query string or fragment"],
  ])("%s is a usage error: %s", (input, message) => {
    let error: unknown;
    try {
      parseApiUrl("--api-url", input, { insecure: false });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CarbonError);
    expect(error instanceof CarbonError ? error.code : "").toBe("usage");
    expect(error instanceof Error ? error.message : "").toContain(message);
  });

  it("--insecure allows plain http:// to any host", () => {
    expect(parseApiUrl("--api-url", "http://10.0.0.5:8080", { insecure: true }).href).toBe(
      "http://10.0.0.5:8080",
    );
  });
});

describe("connection resets (undici MockAgent, no network)", () => {
  const origin = "https://carbon.example.com";
  let agent: MockAgent | undefined;
  afterEach(async () => {
    await agent?.close();
  });

  /** Who-am-i as carbon serve answers it: GET /companies/{id} is announced. */
  function announceGet(mock: MockAgent) {
    mock
      .get(origin)
      .intercept({ path: "/api/v1/auth/who-am-i", method: "POST" })
      .reply(200, { email: "a@example.com", extensions: ["GET /companies/{id}"] });
  }

  function service(mock: MockAgent) {
    return createRemoteService({
      apiUrl: origin,
      token: "t",
      dispatcher: mock,
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
    });
  }

  it("ECONNRESET twice, then an answer: the call succeeds", async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    announceGet(agent);
    const pool = agent.get(origin);
    const reset = (): Error => Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    pool.intercept({ path: "/api/v1/companies/c1", method: "GET" }).replyWithError(reset());
    pool.intercept({ path: "/api/v1/companies/c1", method: "GET" }).replyWithError(reset());
    pool.intercept({ path: "/api/v1/companies/c1", method: "GET" }).reply(200, {
      id: "c0000000-0000-4000-8000-000000000001",
      name: "Acme",
      country: null,
      createdAt: "2025-01-01T00:00:00.000Z",
    });
    const company = await service(agent).companies.get("c1");
    expect(company.name).toBe("Acme");
    agent.assertNoPendingInterceptors();
  });

  it("ECONNRESET on every attempt: unavailable (exit 7) after the attempts", async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    announceGet(agent);
    agent
      .get(origin)
      .intercept({ path: "/api/v1/companies/c1", method: "GET" })
      .replyWithError(reset)
      .times(3);
    let error: unknown;
    try {
      await service(agent).companies.get("c1");
    } catch (caught) {
      error = caught;
    }
    expect(error instanceof CarbonError ? [error.code, error.exitCode] : error).toEqual([
      "unavailable",
      7,
    ]);
    expect(error instanceof Error ? error.message : "").toContain("after 3 attempts");
    agent.assertNoPendingInterceptors();
  });
});
