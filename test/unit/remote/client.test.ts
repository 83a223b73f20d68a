/** The HTTP client against a tiny real server: retries, errors, parsing, debug lines. */
import { afterEach, describe, expect, it } from "vitest";
import { parseApiUrl } from "../../../src/backends/remote/api-url.js";
import { createHttpClient, type HttpClient } from "../../../src/backends/remote/client.js";
import { CarbonError } from "../../../src/core/errors.js";
import { pageSchema } from "../../../src/core/model/common.js";
import { companySchema } from "../../../src/core/model/company.js";
import {
  dropMidAnswer,
  type FakeServer,
  json,
  problem,
  type Responder,
  startFakeServer,
  text,
} from "./fake-server.js";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.secret-payload.signature";
const company = {
  id: "c0000000-0000-4000-8000-000000000001",
  name: "Acme",
  country: "ES",
  createdAt: "2025-01-01T00:00:00.000Z",
};
const page = { data: [company], pagination: { page: 1, limit: 50, total: 1 } };
const fast = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5, budgetMs: 30_000 };

let open: { server?: FakeServer; client?: HttpClient }[] = [];

async function setup(
  responders: readonly Responder[],
  options: { debug?: (line: string) => void; signal?: AbortSignal; prefix?: string } = {},
): Promise<{ server: FakeServer; client: HttpClient }> {
  const server = await startFakeServer(responders);
  const client = createHttpClient({
    api: parseApiUrl("test", `${server.url}${options.prefix ?? ""}`, { insecure: false }),
    token: TOKEN,
    retry: fast,
    ...(options.debug === undefined ? {} : { debug: options.debug }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  open.push({ server, client });
  return { server, client };
}

afterEach(async () => {
  for (const { server, client } of open) {
    await client?.close();
    await server?.close();
  }
  open = [];
});

async function failure(promise: Promise<unknown>): Promise<CarbonError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CarbonError) return error;
    throw error;
  }
  throw new Error("expected a CarbonError");
}

const listCompanies = (client: HttpClient) =>
  client.request("GET", "/companies", {
    query: { page: 2, limit: 10, companyId: undefined },
    schema: pageSchema(companySchema),
  });

describe("requests", () => {
  it("sends the bearer token and the query, and parses the answer with the schema", async () => {
    const { server, client } = await setup([json(200, page)]);
    expect(await listCompanies(client)).toEqual(page);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.url).toBe("/api/v1/companies?page=2&limit=10");
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("sends JSON bodies and keeps a path prefix of the address", async () => {
    const { server, client } = await setup([json(201, company)], { prefix: "/carbon/" });
    await client.request("POST", "/companies", { body: { id: company.id }, schema: companySchema });
    const [request] = server.requests;
    expect(request?.url).toBe("/carbon/api/v1/companies");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({ id: company.id });
  });
});

describe("retries", () => {
  it.each<[string, Responder]>([
    ["503", problem(503, "unavailable", "database busy")],
    ["502 without a body", text(502, "")],
    ["504", text(504, "gateway timeout")],
    ["429 with Retry-After: 0", json(429, {}, { "retry-after": "0" })],
    [
      "429 with a Retry-After date in the past",
      json(429, {}, { "retry-after": "Wed, 21 Oct 2015 07:28:00 GMT" }),
    ],
    ["a connection dropped mid-answer", dropMidAnswer],
  ])("%s, then 200: succeeds on the second attempt", async (_name, fault) => {
    const { server, client } = await setup([fault, json(200, page)]);
    expect(await listCompanies(client)).toEqual(page);
    expect(server.requests).toHaveLength(2);
  });

  it("retries a POST (upserts are idempotent by id)", async () => {
    const { server, client } = await setup([dropMidAnswer, json(200, company)]);
    await client.request("POST", "/companies", { body: company, schema: companySchema });
    expect(server.requests.map((request) => request.body)).toEqual([
      JSON.stringify(company),
      JSON.stringify(company),
    ]);
  });

  it("sends a PATCH with its body", async () => {
    const { server, client } = await setup([json(200, company)]);
    await client.request("PATCH", "/users", { body: { id: company.id }, schema: companySchema });
    expect(server.requests.map((request) => [request.method, request.body])).toEqual([
      ["PATCH", JSON.stringify({ id: company.id })],
    ]);
  });

  it.each<[string, Responder]>([
    ["a connection dropped mid-answer", dropMidAnswer],
    ["503", problem(503, "unavailable", "database busy")],
    ["502", text(502, "")],
  ])(
    "does not send a PATCH again after %s (it may have reached the server)",
    async (_name, fault) => {
      const { server, client } = await setup([fault, json(200, company)]);
      const error = await failure(
        client.request("PATCH", "/users", { body: company, schema: companySchema }),
      );
      expect(error.code).toBe("unavailable");
      expect(server.requests).toHaveLength(1);
    },
  );

  it("sends a PATCH again after a 429 (refused before any work)", async () => {
    const { server, client } = await setup([
      json(429, {}, { "retry-after": "0" }),
      json(200, company),
    ]);
    await client.request("PATCH", "/users", { body: company, schema: companySchema });
    expect(server.requests.map((request) => request.method)).toEqual(["PATCH", "PATCH"]);
  });

  it("stops after the last attempt: unavailable (exit 7), naming the server and the last status", async () => {
    const { server, client } = await setup([problem(503, "unavailable", "database busy")]);
    const error = await failure(listCompanies(client));
    expect(server.requests).toHaveLength(fast.attempts);
    expect(error.code).toBe("unavailable");
    expect(error.exitCode).toBe(7);
    expect(error.message).toContain(server.url);
    expect(error.message).toContain(`after ${fast.attempts} attempts`);
    expect(error.message).toContain("status 503");
    expect(error.cause).toBeInstanceOf(CarbonError);
  });

  it("gives up at once when Retry-After asks for more than the time budget", async () => {
    const { server, client } = await setup([json(429, {}, { "retry-after": "120" })]);
    const error = await failure(listCompanies(client));
    expect(server.requests).toHaveLength(1);
    expect(error.code).toBe("unavailable");
    expect(error.message).toContain("asked to retry after 120s");
  });

  it("a server that is not there: unavailable after the attempts", async () => {
    const server = await startFakeServer([json(200, page)]);
    await server.close();
    const client = createHttpClient({
      api: parseApiUrl("test", server.url, { insecure: false }),
      token: TOKEN,
      retry: fast,
    });
    open.push({ client });
    const error = await failure(listCompanies(client));
    expect(error.code).toBe("unavailable");
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("does not retry a 500 or a 4xx", async () => {
    const { server, client } = await setup([problem(500, "internal", "boom"), json(200, page)]);
    expect((await failure(listCompanies(client))).code).toBe("internal");
    expect(server.requests).toHaveLength(1);
  });

  it("an aborted signal stops the retries with the signal's reason", async () => {
    const controller = new AbortController();
    const reason = new CarbonError("interrupted", "interrupted (Ctrl-C)");
    const abortThenFail: Responder = (_request, response) => {
      controller.abort(reason);
      return problem(503, "unavailable", "busy")(_request, response);
    };
    const { server, client } = await setup([abortThenFail], { signal: controller.signal });
    expect(await failure(listCompanies(client))).toBe(reason);
    expect(server.requests).toHaveLength(1);
  });
});

describe("error answers become the local engine's errors", () => {
  it.each([
    [400, "usage", 2],
    [401, "unauthenticated", 4],
    [403, "forbidden", 4],
    [404, "not_found", 5],
    [409, "conflict", 6],
    [413, "payload_too_large", 3],
    [422, "validation", 3],
  ])("a %i problem keeps its code %s (exit %i), detail and issues", async (status, code, exit) => {
    const errors = [{ path: "quantity", message: "expected a number" }];
    const { client } = await setup([problem(status, code, `detail of ${code}`, { errors })]);
    const error = await failure(listCompanies(client));
    expect(error.code).toBe(code);
    expect(error.exitCode).toBe(exit);
    expect(error.message).toBe(`detail of ${code}`);
    expect(error.issues).toEqual(errors);
  });

  it("keeps the server's hint, and adds one for a rejected token", async () => {
    const withHint = await setup([
      problem(403, "forbidden", "viewers read", { hint: "ask an admin" }),
    ]);
    expect((await failure(listCompanies(withHint.client))).hint).toBe("ask an admin");
    const without = await setup([problem(401, "unauthenticated", "the token expired")]);
    expect((await failure(listCompanies(without.client))).hint).toContain("carbon auth login");
  });

  it.each<[number, string, string, string]>([
    [401, "text/html", "<html>nope</html>", "unauthenticated"],
    [404, "text/html", "<html>nope</html>", "not_found"],
    [418, "text/plain", "I'm a teapot", "usage"],
    [500, "text/html", "<html>nope</html>", "unavailable"],
  ])(
    "a %i answer that is not a problem (%s, %j) is %s, naming the route",
    async (status, type, body, code) => {
      const { client } = await setup([text(status, body, type)]);
      const error = await failure(listCompanies(client));
      expect(error.code).toBe(code);
      // Plain text is quoted (a proxy's one-line reason); HTML never is.
      const said = type === "text/plain" ? `: ${body}` : "";
      expect(error.message).toBe(`GET /api/v1/companies answered ${status}${said}`);
    },
  );

  it("an answer that is not JSON is unavailable, naming the route", async () => {
    const { server, client } = await setup([text(200, "<html>captive portal</html>", "text/html")]);
    const error = await failure(listCompanies(client));
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe("the answer to GET /api/v1/companies is not JSON");
    expect(server.requests).toHaveLength(1);
  });

  it("an answer of the wrong shape is internal, with the paths that are wrong", async () => {
    const { client } = await setup([
      json(200, { data: [{ ...company, id: 7 }], pagination: page.pagination }),
    ]);
    const error = await failure(listCompanies(client));
    expect(error.code).toBe("internal");
    expect(error.message).toContain("GET /api/v1/companies");
    expect(error.issues.map((issue) => issue.path)).toEqual(["data.0.id"]);
  });
});

describe("CARBON_DEBUG=http lines", () => {
  it("one line per attempt with method, URL, status and time; never the token", async () => {
    const lines: string[] = [];
    const { server, client } = await setup([text(503, ""), json(200, page)], {
      debug: (line) => lines.push(line),
    });
    await listCompanies(client);
    const url = `${server.url}/api/v1/companies?page=2&limit=10`;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^GET ${url.replaceAll("?", "\\?")} 503 \\d+ms$`));
    expect(lines[1]).toMatch(/ 200 \d+ms$/);
    expect(lines.join("\n")).not.toContain(TOKEN);
    expect(lines.join("\n")).not.toContain("secret-payload");
  });
});
