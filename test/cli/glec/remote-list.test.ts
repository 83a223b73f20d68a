/**
 * `carbon glec list` on a server: it sends what the hosted service requires (companyId,
 * startDate, endDate), against the hosted-shapes mock, a real carbon serve, and carbon serve
 * behind a proxy that announces no extension (every request recorded).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestIo } from "../../../src/cli/io.js";
import { main } from "../../../src/cli/main.js";
import { type InterfaceMock, startInterfaceMock } from "../../conformance/interface-mock.js";
import type { MockSeed } from "../../conformance/mock-store.js";
import { type RealServer, startRealServer } from "../../unit/remote/real-server.js";
import { type SpecProxy, startSpecProxy } from "../../unit/remote/spec-proxy.js";
import { tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const march = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);
const june = {
  ...march,
  id: "6a1f0c2e-7b3d-4e5f-8a9b-0000000000dd",
  startDate: "2025-06-02",
  endDate: "2025-06-05",
};

interface Outcome {
  readonly code: number;
  readonly ids: readonly string[];
  readonly stderr: string;
}

async function glecList(url: string, token: string, args: readonly string[]): Promise<Outcome> {
  const io = createTestIo();
  const env = { HOME: tempDir(), CARBON_API_URL: url, CARBON_TOKEN: token };
  const code = await main(["node", "carbon", "--json", "glec", "list", ...args], { io, env });
  const listed: { id: string }[] = code === 0 ? JSON.parse(io.stdoutText()) : [];
  return { code, ids: listed.map((entry) => entry.id), stderr: io.stderrText() };
}

const hostedSeed: MockSeed = {
  companies: [{ id: ACME, name: "Acme Logistics" }],
  buildings: [],
  categories: [],
  consumptions: [],
  emissions: [],
  suppliers: [],
  glec: [march, june],
  customFactors: [],
  comments: [],
  goals: [],
  tasks: [],
  regosRows: [],
};

describe("glec list against the hosted service's shapes", () => {
  let mock: InterfaceMock;
  beforeAll(async () => {
    mock = await startInterfaceMock({ shapes: "hosted", seed: hostedSeed });
  });
  afterAll(async () => {
    await mock.close();
  });

  it("sends companyId, startDate and endDate: every entry without --from/--to", async () => {
    expect(await glecList(mock.url, "a.b.c", ["--company", ACME])).toEqual({
      code: 0,
      ids: [march.id, june.id],
      stderr: "",
    });
    expect(mock.violations).toEqual([]);
  });

  it("--from/--to become startDate/endDate", async () => {
    const args = ["--company", ACME, "--from", "2025-06-01", "--to", "2025-06-30"];
    const { code, ids } = await glecList(mock.url, "a.b.c", args);
    expect([code, ids]).toEqual([0, [june.id]]);
  });

  it("without --company: a usage error naming the flag", async () => {
    const { code, stderr } = await glecList(mock.url, "a.b.c", []);
    expect(code).toBe(2);
    expect(stderr).toContain("does not offer listing the GLEC entries of every company at once");
    expect(stderr).toContain("hint: name the company with --company ID");
  });
});

describe("glec list against carbon serve", () => {
  let server: RealServer;
  let proxy: SpecProxy;
  let token: string;
  beforeAll(async () => {
    server = await startRealServer();
    await server.local.companies.upsert({ id: ACME, name: "Acme Logistics", country: "ES" });
    await server.local.glec.submit(march);
    await server.local.glec.submit(june);
    proxy = await startSpecProxy(server.url);
    token = await server.token();
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it("lists every company's entries without --company, and filters by --from/--to", async () => {
    expect((await glecList(server.url, token, [])).ids).toEqual([march.id, june.id]);
    const inMarch = await glecList(server.url, token, ["--to", "2025-03-31"]);
    expect([inMarch.code, inMarch.ids]).toEqual([0, [march.id]]);
    const inJune = await glecList(server.url, token, ["--company", ACME, "--from", "2025-06-05"]);
    expect([inJune.code, inJune.ids]).toEqual([0, [june.id]]);
  });

  it("behind a server announcing nothing, asks with the hosted names, the widest period by default", async () => {
    const args = ["--company", ACME, "--from", "2025-06-01"];
    const { code, ids } = await glecList(proxy.url, token, args);
    expect([code, ids]).toEqual([0, [june.id]]);
    expect((await glecList(proxy.url, token, [])).code).toBe(2);
    const listings = proxy.requests
      .filter((request) => request.url.startsWith("/api/v1/service-footprint/glec"))
      .map((request) => Object.fromEntries(new URL(request.url, "http://proxy").searchParams));
    expect(listings).toEqual([{ companyId: ACME, startDate: "2025-06-01", endDate: "2100-12-31" }]);
  });
});
