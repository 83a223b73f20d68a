import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LocalService } from "../../src/backends/local/local-service.js";
import { openLocalService } from "../../src/backends/local/open.js";
import { categoryId } from "../../src/core/ids.js";
import type { ConsumptionInput } from "../../src/core/model/consumption.js";
import { type RunningServer, type StartOptions, startServer } from "../../src/server/app.js";
import { type Role, signToken } from "../../src/server/auth.js";

export const COMPANY_A = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
export const COMPANY_B = "5c9d2e4f-1b3a-4c6d-8e7f-9a0b1c2d3e4f";
export const BUILDING_A = "7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3b4c";
export const BUILDING_B = "8b0f5c3d-2e4a-4f6b-9c7d-0e1f2a3b4c5d";
export const ELECTRICITY = categoryId("electricity");
export const NATURAL_GAS = categoryId("natural_gas");

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
}

export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  readonly json: unknown;
}

export interface CallOptions {
  readonly token?: string;
  readonly body?: unknown;
  /** Sent as is, instead of JSON.stringify(body). */
  readonly rawBody?: string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
}

export interface TestServer {
  readonly url: string;
  readonly service: LocalService;
  readonly secret: Uint8Array;
  readonly dbPath: string;
  readonly logs: string[];
  token(role: Role, companies?: readonly string[], email?: string): Promise<string>;
  call(method: string, pathAndQuery: string, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface TestServerOptions
  extends Pick<
    StartOptions,
    "bodyLimit" | "maxTokenTtlSeconds" | "headersTimeoutMs" | "requestTimeoutMs"
  > {
  /** How long the server's database connection waits for another writer (default 5000 ms). */
  readonly busyTimeoutMs?: number;
}

/** A real server on port 0 over a fresh SQLite file; call `close()` in afterEach/afterAll. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dbPath = path.join(tempDir(), "carbon.db");
  const { busyTimeoutMs, ...limits } = options;
  const service = await openLocalService({
    path: dbPath,
    ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }),
  });
  const secret = new Uint8Array(randomBytes(32));
  const logs: string[] = [];
  let server: RunningServer;
  try {
    server = await startServer({
      service,
      secret,
      host: "127.0.0.1",
      port: 0,
      log: (line) => logs.push(line),
      ...limits,
    });
  } catch (error) {
    await service.close();
    throw error;
  }
  return {
    url: server.url,
    service,
    secret,
    dbPath,
    logs,
    token: (role, companies = [], email = `${role}@example.com`) =>
      signToken({ email, role, companies, ttlSeconds: 3600 }, secret),
    call: (method, pathAndQuery, callOptions = {}) =>
      call(`${server.url}${pathAndQuery}`, method, callOptions),
    async close() {
      await server.close();
      await service.close();
    },
  };
}

export async function call(
  url: string,
  method: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    headers: Object.fromEntries(response.headers.entries()),
    text,
    json,
  };
}

/** Two companies (A in ES, B in GB), one building each. */
export async function seedTwoCompanies(service: LocalService): Promise<void> {
  await service.companies.upsert({ id: COMPANY_A, name: "Acme Iberia", country: "ES" });
  await service.companies.upsert({ id: COMPANY_B, name: "Beta UK", country: "GB" });
  await service.buildings.upsert({ id: BUILDING_A, companyId: COMPANY_A, name: "Madrid HQ" });
  await service.buildings.upsert({ id: BUILDING_B, companyId: COMPANY_B, name: "Leeds plant" });
}

export function consumptionBody(overrides: Partial<ConsumptionInput> = {}): ConsumptionInput {
  return {
    id: "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
    entityId: "INV-1",
    categoryId: ELECTRICITY,
    startDate: "2024-01-01",
    endDate: "2024-01-31",
    companyId: COMPANY_A,
    buildingId: BUILDING_A,
    quantity: 1000,
    unitType: "kWh",
    ...overrides,
  };
}

/** Reads a problem body's fields, failing loudly when it is not one. */
export function problemOf(answer: Answer): {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors: { path: string; message: string }[];
} {
  const body = answer.json;
  if (typeof body !== "object" || body === null) throw new Error(`not a problem: ${answer.text}`);
  const get = (key: string): unknown => (key in body ? Reflect.get(body, key) : undefined);
  const errors = get("errors");
  return {
    type: String(get("type")),
    title: String(get("title")),
    status: Number(get("status")),
    detail: String(get("detail")),
    code: String(get("code")),
    errors: Array.isArray(errors)
      ? errors.map((issue: unknown) => ({
          path: String(
            typeof issue === "object" && issue !== null ? Reflect.get(issue, "path") : "",
          ),
          message: String(
            typeof issue === "object" && issue !== null ? Reflect.get(issue, "message") : "",
          ),
        }))
      : [],
  };
}

/** A field of a JSON object answer. */
export function field(answer: Answer, ...keys: (string | number)[]): unknown {
  let value: unknown = answer.json;
  for (const key of keys) {
    if (typeof value !== "object" || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}
