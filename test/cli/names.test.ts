/**
 * Names wherever ids are accepted, through main(), on the local engine (a database file) and on
 * the remote engine (a real `carbon serve`): one match is its id, several a usage error listing
 * them (exit 2), none not found (exit 5).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarbonService } from "../../src/core/service.js";
import { type RealServer, startRealServer } from "../unit/remote/real-server.js";
import { user } from "./auth/helpers.js";
import { tempDir } from "./helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const ACME_TWIN = "4a2d3b5f-9c8e-4d7b-8f6a-2b3c4d5e6f70";
const GLOBEX = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e";
const HQ = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
const TWIN_HQ = "9e3f5a7b-2c4d-4e6f-9a8b-0c1d2e3f4a5b";
const DEPOT = "0f4a6b8c-3d5e-4f70-8b9c-1d2e3f4a5b6c";
const HOOLI = "1a5b7c9d-4e6f-4a81-9c0d-2e3f4a5b6c7d";
const HOOLI_TOO = "2b6c8d0e-5f7a-4b92-8d1e-3f4a5b6c7d8e";

async function seed(service: CarbonService): Promise<void> {
  await service.companies.upsert({ id: ACME, name: "Acme Offices", country: "ES" });
  await service.companies.upsert({ id: ACME_TWIN, name: "Acme Labs", country: "ES" });
  await service.companies.upsert({ id: GLOBEX, name: "Globex", country: "GB" });
  await service.companies.upsert({ id: HOOLI, name: "Hooli", country: "US" });
  await service.companies.upsert({ id: HOOLI_TOO, name: "HOOLI ", country: "US" });
  await service.buildings.upsert({ id: HQ, companyId: ACME, name: "Madrid HQ" });
  await service.buildings.upsert({ id: TWIN_HQ, companyId: ACME_TWIN, name: "Madrid HQ" });
  await service.buildings.upsert({ id: DEPOT, companyId: ACME, name: "Depot" });
}

interface Engine {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

let server: RealServer;
const engines: Record<"local" | "remote", Engine> = {
  local: { args: [], env: {} },
  remote: { args: [], env: {} },
};

beforeAll(async () => {
  server = await startRealServer();
  await seed(server.local);
  engines.remote = {
    args: [],
    env: { CARBON_API_URL: server.url, CARBON_TOKEN: await server.token({ role: "admin" }) },
  };
  const db = path.join(tempDir(), "carbon.db");
  const { openLocalService } = await import("../../src/backends/local/open.js");
  const local = await openLocalService({ path: db });
  await seed(local);
  await local.close();
  engines.local = { args: ["--db", db], env: {} };
});

afterAll(async () => {
  await server.close();
});

describe.each(["local", "remote"] as const)("names where ids go: %s engine", (name) => {
  const carbon = (args: readonly string[], env: Record<string, string> = {}) => {
    const engine = engines[name];
    return user().run([...engine.args, ...args], { env: { ...engine.env, ...env } });
  };

  it("a company or building name stands for its id (case and spaces ignored)", async () => {
    const company = await carbon(["companies", "get", "acme  OFFICES", "--json"]);
    expect(company.stderr).toBe("");
    expect(JSON.parse(company.stdout)).toMatchObject({ id: ACME });
    const buildings = await carbon(["buildings", "list", "--company", "Acme Offices", "--json"]);
    expect(
      JSON.parse(buildings.stdout)
        .map((b: { id: string }) => b.id)
        .sort(),
    ).toEqual([DEPOT, HQ].sort());
    const within = await carbon([
      "consumptions",
      "list",
      "--company",
      "Acme Offices",
      "--building",
      "madrid hq",
      "--json",
    ]);
    expect(within.code).toBe(0);
    const depot = await carbon(["buildings", "get", "depot", "--json"]);
    expect(JSON.parse(depot.stdout)).toMatchObject({ id: DEPOT, companyId: ACME });
    const emissions = await carbon(["emissions", "list", "--company", "Globex", "--json"]);
    expect(JSON.parse(emissions.stdout)).toEqual([]);
  });

  it("buildings move takes names for the buildings and --to, listing each once", async () => {
    const plan = await carbon(
      ["buildings", "move", "Depot", "--to", "globex", "--dry-run", "--json"],
      {
        CARBON_DEBUG: "http",
      },
    );
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject([{ buildingId: DEPOT, toCompanyId: GLOBEX }]);
    if (name === "remote") {
      // One listing of the companies for both names, and the spec's per-company building lists.
      expect(plan.stderr.match(/^GET \S+\/api\/v1\/companies\?/gm)).toHaveLength(1);
      expect(plan.stderr).toMatch(
        new RegExp(`^GET \\S+/api/v1/companies/${ACME}/buildings\\?`, "m"),
      );
    }
  });

  it("an ambiguous name is a usage error listing the candidates (exit 2)", async () => {
    const company = await carbon(["suppliers", "list", "--company", "hooli"]);
    expect(company.code).toBe(2);
    expect(company.stderr).toContain(
      `--company "hooli" names 2 companies: "HOOLI" ${HOOLI_TOO}, "Hooli" ${HOOLI}`,
    );
    const outcome = await carbon(["buildings", "get", "Madrid HQ"]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('building "Madrid HQ" names 2 buildings');
    expect(outcome.stderr).toContain(`"Madrid HQ" ${HQ} (company "Acme Offices")`);
    expect(outcome.stderr).toContain(`"Madrid HQ" ${TWIN_HQ} (company "Acme Labs")`);
    const scoped = await carbon([
      "audit",
      "list",
      "--company",
      "Acme Labs",
      "--building",
      "Madrid HQ",
    ]);
    expect(scoped.code).toBe(2);
    const inCompany = await carbon([
      "consumptions",
      "list",
      "--company",
      "Acme Labs",
      "--building",
      "Madrid HQ",
      "--json",
    ]);
    expect(inCompany.code).toBe(0);
  });

  it("creating a second building of a name in the company is a conflict (exit 6)", async () => {
    const twin = await carbon([
      "buildings",
      "create",
      "--company",
      "Acme Offices",
      "--name",
      "madrid  hq",
    ]);
    expect(twin.code).toBe(6);
    expect(twin.stderr).toContain(`already has a building named "Madrid HQ" (${HQ})`);
  });

  it("an unknown name is not found (exit 5)", async () => {
    const company = await carbon(["consumptions", "list", "--company", "Initech"]);
    expect(company.code).toBe(5);
    expect(company.stderr).toContain('no company named "Initech"');
    const building = await carbon([
      "emissions",
      "list",
      "--company",
      "Globex",
      "--building",
      "Depot",
    ]);
    expect(building.code).toBe(5);
    expect(building.stderr).toContain(`no building named "Depot" in company ${GLOBEX}`);
  });
});

describe("serve token --company", () => {
  it("takes a company name of the database it signs for", async () => {
    const outcome = await user().run([
      ...engines.local.args,
      "serve",
      "token",
      "--user",
      "ops@example.com",
      "--company",
      "globex",
      "--json",
    ]);
    expect(outcome.code).toBe(0);
    expect(JSON.parse(outcome.stdout)).toMatchObject({ companies: [GLOBEX] });
  });
});
