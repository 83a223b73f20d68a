/** `carbon api`: any call to a real carbon serve (port 0), and faults from a MockAgent. */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiOptions } from "../../../src/cli/commands/api/index.js";
import { apiCommand, runApi } from "../../../src/cli/commands/api/index.js";
import { createContext, type GlobalOptions } from "../../../src/cli/context.js";
import { createTestIo, type TestIo } from "../../../src/cli/io.js";
import { main } from "../../../src/cli/main.js";
import { createTestInput } from "../../../src/cli/user-input.js";
import { CarbonError } from "../../../src/core/errors.js";
import { type RealServer, startRealServer } from "../../unit/remote/real-server.js";
import { errorCode, parsedOptions, tempDir } from "../helpers.js";

let server: RealServer;
let token: string;

beforeAll(async () => {
  server = await startRealServer();
  token = await server.token();
});
afterAll(async () => {
  await server.close();
});

function apiContext(
  globals: GlobalOptions = {},
  options: { readonly stdin?: string | Uint8Array; readonly tty?: boolean } = {},
) {
  const io = createTestIo({ stdoutIsTty: options.tty === true });
  const ctx = createContext({
    io,
    env: { CARBON_TOKEN: token, HOME: tempDir() },
    globals: () => ({ apiUrl: server.url, ...globals }),
    signal: new AbortController().signal,
    input: createTestInput(options.stdin === undefined ? {} : { stdin: options.stdin }),
  });
  return { ctx, io };
}

function options(method: string, route: string, more: Partial<ApiOptions> = {}): ApiOptions {
  return { method, path: route, rawFields: [], typedFields: [], paginate: false, ...more };
}

async function api(
  opts: ApiOptions,
  globals: GlobalOptions = {},
  more: { readonly stdin?: string | Uint8Array; readonly tty?: boolean } = {},
): Promise<TestIo> {
  const { ctx, io } = apiContext(globals, more);
  try {
    await runApi(ctx, opts);
  } finally {
    await ctx.close();
  }
  return io;
}

async function companyCount(): Promise<number> {
  return (await server.local.companies.list({ limit: 1 })).pagination.total;
}

describe("carbon api against a real carbon serve", () => {
  it("GETs a path given as companies, /companies or /api/v1/companies, compact off a terminal", async () => {
    await server.local.companies.upsert({ id: randomUUID(), name: "Api Path Co", country: "ES" });
    const expected = await server.local.companies.list({});
    for (const route of ["companies", "/companies", "/api/v1/companies"]) {
      const io = await api(options("get", route));
      expect(JSON.parse(io.stdoutText())).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(io.stdoutText().trim().split("\n")).toHaveLength(1);
    }
  });

  it("indents the JSON on a terminal", async () => {
    const io = await api(options("GET", "companies"), {}, { tty: true });
    expect(io.stdoutText()).toMatch(/^\{\n {2}"data": \[/);
  });

  it("POST sends -f fields as a JSON body and prints the answer", async () => {
    const io = await api(
      options("POST", "companies", {
        rawFields: [`id=${randomUUID()}`, "name=Api Field Co", "country=PT"],
      }),
    );
    const created: { id: string; name: string; country: string } = JSON.parse(io.stdoutText());
    expect(created).toMatchObject({ name: "Api Field Co", country: "PT" });
    expect((await server.local.companies.get(created.id)).name).toBe("Api Field Co");
  });

  it("-F sends numbers as JSON numbers, -f as text: the server refuses a number as a name", async () => {
    const before = await companyCount();
    const typed = apiContext();
    const error = await runApi(
      typed.ctx,
      options("POST", "companies", {
        rawFields: [`id=${randomUUID()}`],
        typedFields: ["name=123"],
      }),
    ).catch((caught: unknown) => caught);
    await typed.ctx.close();
    expect(error instanceof CarbonError ? error.code : error).toBe("validation");
    expect(await companyCount()).toBe(before);
    const io = await api(
      options("POST", "companies", { rawFields: [`id=${randomUUID()}`, "name=123"] }),
    );
    expect(JSON.parse(io.stdoutText())).toMatchObject({ name: "123" });
  });

  it("GET sends fields as query parameters", async () => {
    const io = await api(options("GET", "companies", { typedFields: ["limit=1"] }));
    const page: { data: unknown[]; pagination: { limit: number } } = JSON.parse(io.stdoutText());
    expect(page.data).toHaveLength(1);
    expect(page.pagination.limit).toBe(1);
  });

  it("--input FILE and --input - send a JSON body as it is", async () => {
    const file = path.join(tempDir(), "company.json");
    fs.writeFileSync(file, JSON.stringify({ id: randomUUID(), name: "Api Input File Co" }));
    const fromFile = await api(options("POST", "companies", { input: file }));
    expect(JSON.parse(fromFile.stdoutText())).toMatchObject({ name: "Api Input File Co" });
    const fromStdin = await api(
      options("POST", "/api/v1/companies", { input: "-" }),
      {},
      { stdin: JSON.stringify({ id: randomUUID(), name: "Api Stdin Co", country: "FR" }) },
    );
    expect(JSON.parse(fromStdin.stdoutText())).toMatchObject({
      name: "Api Stdin Co",
      country: "FR",
    });
  });

  it("refuses invalid JSON with its line and column, and sends nothing", async () => {
    const before = await companyCount();
    const { ctx } = apiContext({}, { stdin: '{\n  "name": "Broken",\n}' });
    const error = await runApi(ctx, options("POST", "companies", { input: "-" })).catch(
      (caught: unknown) => caught,
    );
    await ctx.close();
    expect(error instanceof CarbonError ? [error.code, error.exitCode] : error).toEqual([
      "validation",
      3,
    ]);
    expect(error instanceof Error ? error.message : "").toMatch(/line 3 column 1/);
    expect(await companyCount()).toBe(before);
  });

  it("refuses a body that is not UTF-8, naming the field, and sends nothing", async () => {
    const before = await companyCount();
    const bytes = Buffer.concat([
      Buffer.from('{"name": "Caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}'),
    ]);
    const { ctx } = apiContext({}, { stdin: bytes });
    const error = await runApi(ctx, options("POST", "companies", { input: "-" })).catch(
      (caught: unknown) => caught,
    );
    await ctx.close();
    expect(error instanceof CarbonError ? [error.code, error.issues[0]?.path] : error).toEqual([
      "validation",
      "name",
    ]);
    expect(await companyCount()).toBe(before);
  });

  it("--paginate prints every row of every page as one JSON array, or NDJSON", async () => {
    for (let n = 0; n < 7; n += 1) {
      await server.local.companies.upsert({ id: randomUUID(), name: `Api Page Co ${n}` });
    }
    const total = await companyCount();
    expect(total).toBeGreaterThan(7);
    const io = await api(options("GET", "companies", { typedFields: ["limit=3"], paginate: true }));
    const rows: { id: string }[] = JSON.parse(io.stdoutText());
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.id)).size).toBe(total);
    const lines = await api(options("GET", "companies", { paginate: true }), {
      format: "ndjson",
    });
    expect(lines.stdoutText().trim().split("\n")).toHaveLength(total);
  });

  it("an error answer is the same CarbonError as everywhere: unknown path is not found (5)", async () => {
    const { ctx } = apiContext();
    const error = await runApi(ctx, options("GET", "no-such-thing")).catch(
      (caught: unknown) => caught,
    );
    await ctx.close();
    expect(error instanceof CarbonError ? error.exitCode : error).toBe(5);
  });
});

describe("carbon api: usage errors before anything is sent", () => {
  it.each([
    [options("PUT", "companies"), /invalid method "PUT"/],
    [options("GET", "https://elsewhere.example.com/api/v1/companies"), /give the path alone/],
    [options("GET", "//elsewhere.example.com/companies"), /empty segment/],
    [options("GET", "companies/../audit"), /\.\. segment/],
    [options("GET", "/api/v1"), /names no operation/],
    [options("GET", "companies", { rawFields: ["limit"] }), /expected key=value/],
    [options("GET", "companies", { rawFields: ["limit=1"], typedFields: ["limit=2"] }), /twice/],
    [options("GET", "companies", { input: "-" }), /GET does not take/],
    [options("POST", "companies", { paginate: true }), /POST does not answer/],
    [options("GET", "companies", { paginate: true, typedFields: ["page=2"] }), /every page itself/],
  ])("%o", async (opts, message) => {
    const { ctx } = apiContext();
    const error = await runApi(ctx, opts).catch((caught: unknown) => caught);
    await ctx.close();
    expect(error instanceof CarbonError ? error.code : error).toBe("usage");
    expect(error instanceof Error ? error.message : "").toMatch(message);
  });

  it("refuses table, csv and tsv output", async () => {
    const { ctx } = apiContext({ format: "csv" });
    expect(await errorCode(() => runApi(ctx, options("GET", "companies")))).toBe("usage");
    await ctx.close();
  });

  it("on the local engine: a usage error saying it needs a server, and no database is made", async () => {
    const dir = tempDir();
    const db = path.join(dir, "carbon.db");
    const io = createTestIo();
    const ctx = createContext({
      io,
      env: { HOME: dir },
      globals: () => ({ db }),
      signal: new AbortController().signal,
    });
    const error = await runApi(ctx, options("GET", "companies")).catch((caught: unknown) => caught);
    await ctx.close();
    expect(error instanceof CarbonError ? error.code : error).toBe("usage");
    expect(error instanceof CarbonError ? `${error.message} ${error.hint}` : "").toMatch(
      /needs?.*server|no server is configured.*auth login --api-url/s,
    );
    expect(fs.existsSync(db)).toBe(false);
  });

  it("parses its flags", async () => {
    expect(
      await parsedOptions(apiCommand, [
        "POST",
        "companies",
        "-f",
        "name=Acme",
        "-F",
        "employees=12",
        "--raw-field",
        "country=ES",
      ]),
    ).toEqual({
      method: "POST",
      path: "companies",
      rawFields: ["name=Acme", "country=ES"],
      typedFields: ["employees=12"],
      input: undefined,
      paginate: false,
    });
  });
});

describe("carbon api through main()", () => {
  async function carbon(args: readonly string[], env: Record<string, string>) {
    const io = createTestIo();
    const code = await main(["node", "carbon", ...args], { io, env: { HOME: tempDir(), ...env } });
    return { code, io };
  }

  it("--help shows examples", async () => {
    const { code, io } = await carbon(["api", "--help"], {});
    expect(code).toBe(0);
    expect(io.stdoutText()).toContain("$ carbon api GET companies");
    expect(io.stdoutText()).toContain("--paginate");
  });

  it("exit codes: 0 on success, 4 on a rejected token, 5 on an unknown path, 2 on the local engine", async () => {
    const ok = await carbon(["--api-url", server.url, "api", "GET", "companies"], {
      CARBON_TOKEN: token,
    });
    expect(ok.code).toBe(0);
    const rejected = await carbon(["--api-url", server.url, "api", "GET", "companies"], {
      CARBON_TOKEN: "not-a-token",
    });
    expect(rejected.code).toBe(4);
    const missing = await carbon(["--api-url", server.url, "api", "GET", "nothing-here"], {
      CARBON_TOKEN: token,
    });
    expect(missing.code).toBe(5);
    const local = await carbon(
      ["--db", path.join(tempDir(), "c.db"), "api", "GET", "companies"],
      {},
    );
    expect(local.code).toBe(2);
    expect(local.io.stderrText()).toContain("carbon auth login");
  });

  it("CARBON_DEBUG=http logs the request, never the token", async () => {
    const { code, io } = await carbon(["--api-url", server.url, "api", "GET", "companies"], {
      CARBON_TOKEN: token,
      CARBON_DEBUG: "http",
    });
    expect(code).toBe(0);
    expect(io.stderrText()).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/companies 200/);
    expect(io.stderrText()).not.toContain(token);
  });
});
