/**
 * The data every conformance server starts with, made once by running the CLI on a local
 * database (companies, buildings, a year of bills, suppliers, a GLEC shipment, custom factors):
 * `carbon serve` serves a copy of that database, the mocks hold its records in memory.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openLocalService } from "../../src/backends/local/open.js";
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import type { Page } from "../../src/core/model/common.js";
import { tempDir } from "../cli/helpers.js";
import type { Item, MockSeed } from "./mock-store.js";
import { certificateIds, seedCertificates } from "./seed-certificates.js";

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** Ids the command cases name; each record a case changes or deletes is its own. */
export const ids = {
  company: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
  otherCompany: "7a2b9c4d-1e3f-4a5b-8c6d-9e0f1a2b3c4d",
  newCompany: "c4e8a1b2-5d6f-4a7b-9c8d-0e1f2a3b4c5d",
  madrid: "b1000000-0000-4000-8000-000000000001",
  lisbon: "b1000000-0000-4000-8000-000000000002",
  london: "b1000000-0000-4000-8000-000000000003",
  berlin: "b1000000-0000-4000-8000-000000000004",
  toMove: "b1000000-0000-4000-8000-000000000005",
  toDelete: "b1000000-0000-4000-8000-000000000006",
  newBuilding: "b1000000-0000-4000-8000-000000000007",
  supplier: "d1000000-0000-4000-8000-000000000001",
  supplierToDelete: "d1000000-0000-4000-8000-000000000002",
  factor: "f1000000-0000-4000-8000-000000000001",
  factorToDelete: "f1000000-0000-4000-8000-000000000002",
  newFactor: "f1000000-0000-4000-8000-000000000003",
  glec: "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b",
  glecToDelete: "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5c",
  newGlec: "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5d",
  newWasteOperator: "e1000000-0000-4000-8000-000000000001",
  comment: "c1000000-0000-4000-8000-000000000001",
  newComment: "c1000000-0000-4000-8000-000000000002",
  goal: "f1000000-0000-4000-8000-000000000001",
  newGoal: "f1000000-0000-4000-8000-000000000002",
  task: "f2000000-0000-4000-8000-000000000001",
  newTask: "f2000000-0000-4000-8000-000000000002",
  effluentLimit: "e2000000-0000-4000-8000-000000000001",
  effluentSample: "e2000000-0000-4000-8000-000000000002",
  effluentToDelete: "e2000000-0000-4000-8000-000000000003",
  newEffluent: "e2000000-0000-4000-8000-000000000004",
  newVehicle: "a7000000-0000-4000-8000-000000000001",
  ...certificateIds,
  organizationLimit: "d1000000-0000-4000-8000-000000000001",
  newOrganizationLimit: "d1000000-0000-4000-8000-000000000002",
  customInput: "d2000000-0000-4000-8000-000000000001",
  newCustomInput: "d2000000-0000-4000-8000-000000000002",
  user: "a8000000-0000-4000-8000-000000000001",
  userToRemove: "a8000000-0000-4000-8000-000000000002",
  newUser: "a8000000-0000-4000-8000-000000000003",
} as const;

export interface Seed {
  /** The temp directory holding the seed and its copies (removeSeed deletes it). */
  readonly dir: string;
  /** The seeded local database (carbon serve runs on a copy). */
  readonly dbPath: string;
  /** A copy of it for one server: a file beside it, or a PostgreSQL database. */
  copy(): Promise<string>;
  readonly mock: MockSeed;
  /** A stored consumption to read, and one to delete. */
  readonly consumption: string;
  readonly consumptionToDelete: string;
  /** The UUID of the natural_gas subcategory. */
  readonly naturalGas: string;
  /** The one-time code of a seeded invitation (carbon serve's copies each hold it once). */
  readonly inviteCode: string;
}

async function carbon(db: string, args: readonly string[]): Promise<void> {
  const io = createTestIo();
  const code = await main(["node", "carbon", "--db", db, ...args], {
    io,
    env: { HOME: path.join(path.dirname(db), "home") },
  });
  if (code !== 0)
    throw new Error(`seeding: carbon ${args.join(" ")} exited ${code}: ${io.stderrText()}`);
}

/** The shipment fixture with its ids replaced, so the same legs can be stored twice. */
/** `factors custom create` of an electricity factor of the seeded company, valid over `period`. */
export function customFactorArgs(
  id: string,
  co2e: string,
  period: readonly string[],
  source: string,
): string[] {
  return [
    "factors",
    "custom",
    "create",
    "--company",
    ids.company,
    "--category",
    "electricity",
    "--unit",
    "kWh",
    "--co2e",
    co2e,
    ...period,
    "--source",
    source,
    "--id",
    id,
  ];
}

export function glecShipment(entryId: string, companyId: string, legPrefix: string): string {
  const text = readFileSync(
    path.join(repoRoot, "fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  );
  return text
    .replace("6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b", entryId)
    .replace("3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f", companyId)
    .replaceAll("a1000000-0000-4000-8000-", `${legPrefix}-0000-4000-8000-`);
}

async function everyPage<T>(list: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await list(page);
    all.push(...answer.data);
    if (answer.data.length === 0 || all.length >= answer.pagination.total) return all;
  }
}

/**
 * Seeds a database through the CLI: a new SQLite file, or `options.db` (a PostgreSQL database);
 * `options.copy` makes a copy of that one for a server (else the file is copied).
 */
export async function buildSeed(
  options: { readonly db?: string; readonly copy?: (db: string) => Promise<string> } = {},
): Promise<Seed> {
  const dir = tempDir();
  const db = options.db ?? path.join(dir, "seed.db");
  await carbon(db, [
    "companies",
    "create",
    "--name",
    "Acme Offices",
    "--country",
    "ES",
    "--id",
    ids.company,
  ]);
  await carbon(db, [
    "companies",
    "create",
    "--name",
    "Acme Portugal",
    "--country",
    "PT",
    "--id",
    ids.otherCompany,
  ]);
  const buildings: [string, string, string][] = [
    [ids.madrid, "Madrid HQ", "ES"],
    [ids.lisbon, "Lisbon Office", "PT"],
    [ids.london, "London Office", "GB"],
    [ids.berlin, "Berlin Warehouse", "DE"],
    [ids.toMove, "Almacén Sur", "ES"],
    [ids.toDelete, "Old Depot", "ES"],
  ];
  for (const [id, name, country] of buildings) {
    await carbon(db, [
      "buildings",
      "create",
      "--company",
      ids.company,
      "--name",
      name,
      "--country",
      country,
      "--id",
      id,
    ]);
  }
  const bills = path.join(repoRoot, "fixtures/consumptions/acme-offices-2024.csv");
  await carbon(db, ["consumptions", "import", bills, "--company", ids.company]);
  for (const [id, name] of [
    [ids.supplier, "Iberdrola Clientes S.A.U."],
    [ids.supplierToDelete, "Naturgy Iberia S.A."],
  ] as const) {
    await carbon(db, [
      "suppliers",
      "upsert",
      "--company",
      ids.company,
      "--type",
      "suppliers",
      "--name",
      name,
      "--email",
      "facturacion@iberdrola.example",
      "--id",
      id,
    ]);
  }
  for (const [id, legs] of [
    [ids.glec, "a1000000"],
    [ids.glecToDelete, "a2000000"],
  ] as const) {
    const file = path.join(dir, `${id}.json`);
    writeFileSync(file, glecShipment(id, ids.company, legs));
    await carbon(db, ["glec", "submit", file]);
  }
  for (const id of [ids.factor, ids.factorToDelete]) {
    await carbon(db, customFactorArgs(id, "0.19", ["--year", "2024"], "Supplier disclosure 2024"));
  }
  // The fixture's bills are of 2024: a goal from that year has progress to show.
  await carbon(db, [
    "goals",
    "create",
    "--company",
    ids.company,
    "--name",
    "Scope 1+2 -42% by 2030",
    "--base-year",
    "2024",
    "--target-year",
    "2030",
    "--scope",
    "1,2",
    "--reduction",
    "42",
    "--pathway",
    "linear",
    "--id",
    ids.goal,
  ]);
  await carbon(db, [
    "goals",
    "tasks",
    "create",
    "--company",
    ids.company,
    "--goal",
    ids.goal,
    "--title",
    "LED retrofit",
    "--owner",
    "Facilities",
    "--due",
    "2026-06-30",
    "--status",
    "todo",
    "--id",
    ids.task,
  ]);

  await carbon(db, [
    "comments",
    "create",
    "--company",
    ids.company,
    "--entity-type",
    "building",
    "--entity",
    ids.madrid,
    "--text",
    "Meter replaced in March; check the Q1 readings",
    "--id",
    ids.comment,
  ]);

  await seedEffluents(db);
  await seedCertificates((args) => carbon(db, args));
  // Equity share of 2024: a subsidiary at 60 %, the company's own Madrid HQ at 50 %.
  await carbon(db, [
    "organization-limits",
    "upsert",
    ...["--company", ids.company, "--name", "FY2024 equity", "--approach", "equity_share"],
    ...["--from", "2024-01-01", "--to", "2024-12-31", "--id", ids.organizationLimit],
    ...["--subsidiary", `${ids.otherCompany}:60`, "--building", `${ids.madrid}:50`],
  ]);

  await carbon(db, [
    "inputs",
    "custom",
    "upsert",
    ...["--company", ids.company, "--type", "provider", "--name", "Green tariff", "--unit", "kWh"],
    ...["--custom-factor", ids.factor, "--id", ids.customInput],
  ]);
  for (const [id, email] of [
    [ids.user, "vic@example.com"],
    [ids.userToRemove, "rob@example.com"],
  ] as const) {
    await carbon(db, [
      "users",
      "upsert",
      "--id",
      id,
      "--email",
      email,
      "--role",
      "ROLE_VIEWER",
      "--company",
      ids.company,
    ]);
  }

  const local = await openLocalService({ path: db });
  try {
    const invitation = await local.users.invite({
      email: "pat@example.com",
      companyId: ids.company,
      roles: "ROLE_MANAGER",
    });
    const limit = 500;
    const company = ids.company;
    const consumptions = await everyPage((page) =>
      local.consumptions.list({ companyId: company, page, limit }),
    );
    const categories = (await local.categories.list({})).data;
    const naturalGas = categories.find((category) => category.code === "natural_gas")?.id;
    const [first, second] = consumptions;
    if (naturalGas === undefined || first === undefined || second === undefined) {
      throw new Error("seeding: no natural_gas category or too few consumptions");
    }
    const items = (rows: readonly object[]): Item[] =>
      rows.map((row) => Object.fromEntries(Object.entries(row)));
    const mock: MockSeed = {
      companies: items((await local.companies.list({ limit })).data),
      buildings: items(await everyPage((page) => local.buildings.list({ page, limit }))),
      categories: items(categories),
      consumptions: items(consumptions),
      emissions: items(
        await everyPage((page) => local.emissions.list({ companyId: company, page, limit })),
      ),
      suppliers: items(
        await everyPage((page) => local.suppliers.list({ companyId: company, page, limit })),
      ),
      glec: items(await everyPage((page) => local.glec.list({ companyId: company, page, limit }))),
      customFactors: items(
        await everyPage((page) => local.customFactors.list({ companyId: company, page, limit })),
      ),
      comments: items(await everyPage((page) => local.comments.list({ page, limit }))),
      goals: items((await local.goals.list({ limit })).data),
      tasks: items((await local.tasks.list({ limit })).data),
      effluents: items(
        await everyPage((page) => local.effluents.list({ companyId: company, page, limit })),
      ),
      regosRows: items((await local.certificates.dashboard({ companyId: company, limit })).data),
      customInputs: items((await local.customInputs.list({ companyId: company, limit })).data),
      organizationLimits: items(
        (await local.organizationLimits.list({ companyId: company, limit })).data,
      ),
      users: items((await local.users.list({ limit })).data),
    };
    return {
      dir,
      dbPath: db,
      copy: () =>
        options.copy === undefined ? Promise.resolve(copyOfFile(dir, db)) : options.copy(db),
      mock,
      consumption: first.id,
      consumptionToDelete: second.id,
      naturalGas,
      inviteCode: invitation.code ?? "",
    };
  } finally {
    await local.close();
  }
}

/** A copy of a seeded file for one server, beside the seed. */
function copyOfFile(dir: string, db: string): string {
  const copy = path.join(dir, `server-${randomUUID()}.db`);
  copyFileSync(db, copy);
  return copy;
}

/** A copy of the seeded database for one server. */
export function copyOfSeed(seed: Seed): Promise<string> {
  return seed.copy();
}

export function removeSeed(seed: Seed): void {
  rmSync(seed.dir, { recursive: true, force: true });
}

/** A COD limit of Madrid HQ for 2024, a sample above it, and a sample to delete. */
async function seedEffluents(db: string): Promise<void> {
  const base = ["effluents", "create", "--company", ids.company, "--building", ids.madrid];
  await carbon(db, [
    ...base,
    ...["--id", ids.effluentLimit, "--type", "limit", "--parameter", "COD", "--value", "125"],
    ...["--unit", "mg/L", "--year", "2024"],
  ]);
  for (const [id, value, day] of [
    [ids.effluentSample, "140", "2024-03-14"],
    [ids.effluentToDelete, "90", "2024-06-14"],
  ] as const) {
    await carbon(db, [
      ...base,
      ...["--id", id, "--type", "quality", "--parameter", "COD", "--value", value],
      ...["--unit", "mg/L", "--sampled-at", day],
    ]);
  }
}
