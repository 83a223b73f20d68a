/**
 * `--output` and `--rejects` never overwrite the open database, its SQLite files or an input:
 * exit 2, nothing written, no temporary file left. Runs the whole program (main) on real files,
 * locally and against a real `carbon serve`.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RealServer, startRealServer } from "../unit/remote/real-server.js";
import { user } from "./auth/helpers.js";
import { tempDir } from "./helpers.js";

const COMPANY = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const BILLS =
  "entityId,building,category,startDate,endDate,quantity,unit\nINV-1,HQ,electricity,2024-01-01,2024-01-31,100,kWh\nINV-2,Nowhere,electricity,2024-02-01,2024-02-29,100,kWh\n";
const SUPPLIERS =
  "externalId,type,name,email\nPRV-1,suppliers,Iberdrola,facturas@iberdrola.example\nPRV-2,suppliers,,bad\n";

let dir: string;
let db: string;
let carbon: ReturnType<typeof user>;

/** Every file of the folder with its bytes, to prove nothing was written or left behind. */
function snapshot(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (fs.lstatSync(file).isFile()) files[name] = fs.readFileSync(file).toString("base64");
  }
  return files;
}

async function local(args: readonly string[]) {
  return carbon.run(["--db", db, ...args]);
}

beforeEach(async () => {
  dir = tempDir();
  db = path.join(dir, "carbon.db");
  carbon = user();
  expect((await local(["companies", "create", "--id", COMPANY, "--name", "Acme"])).code).toBe(0);
  expect(
    (await local(["buildings", "create", "--company", COMPANY, "--name", "HQ", "--country", "ES"]))
      .code,
  ).toBe(0);
  fs.writeFileSync(path.join(dir, "bills.csv"), BILLS);
  fs.writeFileSync(path.join(dir, "suppliers.csv"), SUPPLIERS);
});

describe("a path a command writes is never the database, its SQLite files or an input", () => {
  it.each([
    ["the database", () => db],
    ["its -wal (which exists while it is open)", () => `${db}-wal`],
    ["its -journal (which does not exist yet)", () => `${db}-journal`],
    [
      "the database through another path",
      () => path.join(dir, ".", "..", path.basename(dir), "carbon.db"),
    ],
  ])("emissions export --output %s: exit 2, nothing written", async (_label, target) => {
    const before = snapshot();
    const result = await local(["emissions", "export", "--output", target()]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /^error: --output .* is the (database|write-ahead log|rollback journal)/,
    );
    expect(result.stderr).not.toContain("    at ");
    expect(snapshot()).toEqual(before);
    expect((await local(["companies", "get", COMPANY, "--json"])).code).toBe(0);
  });

  it("a symlink or a hard link to the database is the same file (device and inode)", async () => {
    fs.symlinkSync(db, path.join(dir, "link.db"));
    fs.linkSync(db, path.join(dir, "hard.db"));
    const before = snapshot();
    for (const name of ["link.db", "hard.db"]) {
      const result = await local(["emissions", "export", "--output", path.join(dir, name)]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`is the database this command uses (${db})`);
    }
    expect(snapshot()).toEqual(before);
  });

  it("consumptions import --rejects the database: exit 2, nothing stored or written", async () => {
    const before = snapshot();
    const result = await local([
      "consumptions",
      "import",
      path.join(dir, "bills.csv"),
      "--company",
      COMPANY,
      "--rejects",
      db,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--rejects ${db} is the database this command uses`);
    expect(snapshot()).toEqual(before);
  });

  it("consumptions import --rejects the file it reads, by another name: exit 2", async () => {
    const input = path.join(dir, "bills.csv");
    fs.linkSync(input, path.join(dir, "copy.csv"));
    const before = snapshot();
    const result = await local([
      "consumptions",
      "import",
      input,
      "--company",
      COMPANY,
      "--rejects",
      path.join(dir, "copy.csv"),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`is a file this command reads (${input})`);
    expect(snapshot()).toEqual(before);
  });

  it("suppliers import --rejects the database or the input: exit 2, nothing stored", async () => {
    const input = path.join(dir, "suppliers.csv");
    const before = snapshot();
    for (const target of [db, input, `${db}-shm`]) {
      const args = ["suppliers", "import", input, "--company", COMPANY, "--skip-invalid"];
      const result = await local([...args, "--rejects", target]);
      expect(result.code, result.stderr).toBe(2);
    }
    expect(snapshot()).toEqual(before);
    const list = await local(["suppliers", "list", "--company", COMPANY, "--json"]);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });

  it("a rejects file elsewhere is still written, and a folder that does not exist is exit 2", async () => {
    const rejects = path.join(dir, "rejected.csv");
    const args = ["consumptions", "import", path.join(dir, "bills.csv"), "--company", COMPANY];
    const written = await local([...args, "--rejects", rejects]);
    expect(written.code).toBe(3);
    expect(fs.readFileSync(rejects, "utf8")).toContain("Nowhere");
    const missing = await local([...args, "--rejects", path.join(dir, "no", "such.csv")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("its folder does not exist");
  });

  it("an export's temporary file is a new file: a database named like one is not truncated", async () => {
    const output = path.join(dir, "emissions.csv");
    const other = [`--db`, `${output}.tmp`];
    expect((await carbon.run([...other, "companies", "create", "--name", "Beta"])).code).toBe(0);
    const result = await carbon.run([...other, "emissions", "export", "--output", output]);
    expect(result.code, result.stderr).toBe(0);
    expect(fs.readFileSync(output, "utf8")).toMatch(/^id,consumptionId,/);
    const companies = await carbon.run([...other, "companies", "list", "--json"]);
    expect(companies.code, companies.stderr).toBe(0);
    expect(JSON.parse(companies.stdout)).toMatchObject([{ name: "Beta" }]);
    expect(fs.readdirSync(dir).filter((name) => /\.[0-9a-f]+\.tmp$/.test(name))).toEqual([]);
  });
});

describe("against a server the inputs still count", () => {
  let server: RealServer;
  let token: string;

  beforeAll(async () => {
    server = await startRealServer();
    token = await server.token();
    await server.local.companies.upsert({ id: COMPANY, name: "Acme", country: "ES" });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ["consumptions", ["--company", COMPANY], "bills.csv"],
    ["suppliers", ["--company", COMPANY], "suppliers.csv"],
  ])("%s import --rejects its own input: exit 2, nothing sent", async (resource, flags, name) => {
    const input = path.join(dir, name);
    const before = snapshot();
    const result = await carbon.run([
      "--api-url",
      server.url,
      "--token",
      token,
      resource,
      "import",
      input,
      ...flags,
      "--skip-invalid",
      "--rejects",
      input,
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`--rejects ${input} is a file this command reads`);
    expect(snapshot()).toEqual(before);
    const suppliers = await server.local.suppliers.list({ companyId: COMPANY });
    const consumptions = await server.local.consumptions.list({ companyId: COMPANY });
    expect([suppliers.pagination.total, consumptions.pagination.total]).toEqual([0, 0]);
  });
});
