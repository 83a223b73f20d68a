/**
 * How every import reports its problems on stderr (consumptions, suppliers, GLEC csv, buildings
 * move --from-csv): a problem repeated on many lines is printed once with its lines, header
 * problems once, and a header of a million columns ends with a short report and nothing stored.
 * Runs the whole program (main) on real files.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { user } from "./auth/helpers.js";
import { tempDir } from "./helpers.js";

const COMPANY = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const fixtures = path.resolve(import.meta.dirname, "../../fixtures");

let dir: string;
let db: string;
let carbon: ReturnType<typeof user>;

async function local(args: readonly string[]) {
  return carbon.run(["--db", db, ...args]);
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

beforeEach(async () => {
  dir = tempDir();
  db = path.join(dir, "carbon.db");
  carbon = user();
  const company = ["companies", "create", "--id", COMPANY, "--name", "Acme", "--country", "ES"];
  expect((await local(company)).code).toBe(0);
  const building = ["buildings", "create", "--company", COMPANY, "--name", "Madrid HQ"];
  expect((await local(building)).code).toBe(0);
});

describe("import problems on stderr", () => {
  it("one unknown building on 19 of 32 rows: the message once, then its lines; rejects keep every row", async () => {
    const spanish = fs.readFileSync(
      path.join(fixtures, "consumptions/spanish-utility-semicolon.csv"),
      "utf8",
    );
    const file = write("facturas.csv", spanish.replaceAll("Sevilla Plant", "Almacen"));
    const rejects = path.join(dir, "rejected.csv");
    const result = await local([
      "consumptions",
      "import",
      file,
      "--company",
      COMPANY,
      "--decimal-comma",
      "--rejects",
      rejects,
    ]);
    expect(result.code).toBe(3);
    expect(result.stderr.split("\n")[0]).toBe(
      `column Building: no building named "Almacen" in company ${COMPANY}; create it first (carbon buildings create) or use --create-buildings (lines 3, 5-6, 8, 10-11, 13, 15-16, 18, 20-21, 23, 25-26, 28, 30-32)`,
    );
    expect(occurrences(result.stderr, 'no building named "Almacen"')).toBe(1);
    const rows = fs.readFileSync(rejects, "utf8").trimEnd().split("\r\n");
    expect(rows).toHaveLength(1 + 19);
  });

  it.each([
    ["consumptions", "entityId,bilding,category,startDate,endDate,quantity,unit\n", "bilding"],
    ["suppliers", "externalId,nme,type\n", "nme"],
  ])("%s: each header problem is printed once", async (resource, header, column) => {
    const file = write("header.csv", `${header}x,y,z\n`);
    const result = await local([resource, "import", file, "--company", COMPANY]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: the header \(line 1\) is not usable: \d problems?\n/);
    expect(occurrences(result.stderr, `unknown column "${column}"`)).toBe(1);
    expect(occurrences(result.stderr, "missing column")).toBe(1);
  });

  it("glec submit: a bad code on every leg is printed once with its lines", async () => {
    const csv = fs.readFileSync(
      path.join(fixtures, "glec/shipment-zaragoza-rotterdam.csv"),
      "utf8",
    );
    const file = write(
      "legs.csv",
      csv.replace(/,(HGV_ARTIC_DIESEL|TRAIN_DIESEL|CONTAINER_SHIP),/g, ",SPACESHIP,"),
    );
    const result = await local(["glec", "submit", file, "--dry-run"]);
    expect(result.code).toBe(3);
    expect(occurrences(result.stderr, 'unknown code "SPACESHIP"')).toBe(1);
    expect(result.stderr).toMatch(
      /^ {2}column vehicleType: unknown code "SPACESHIP"; .* \(lines 2-4\)$/m,
    );
  });

  it("buildings move --from-csv: the same bad target on three lines is printed once", async () => {
    const file = write(
      "moves.csv",
      "buildingId,to\n8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a,acme\n9e3f5a7b-2c4d-4e6f-9a8b-0c1d2e3f4a5b,acme\n0e3f5a7b-2c4d-4e6f-9a8b-0c1d2e3f4a5b,acme\n",
    );
    const result = await local(["buildings", "move", "--from-csv", file, "--yes"]);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      `error: ${file}: 3 problems; nothing was moved\n  column to: expected a company UUID, got "acme" (lines 2-4)\n`,
    );
  });

  it("a header of 1,000,000 columns: a short report, exit 3, nothing stored", async () => {
    const names = Array.from({ length: 1_000_000 }, (_, index) => `col${index}`);
    const file = write("wide.csv", `${names.join(",")}\n${names.map(() => "1").join(",")}\n`);
    const result = await local(["consumptions", "import", file, "--company", COMPANY]);
    expect(result.code).toBe(3);
    expect(result.stderr.length).toBeLessThan(4000);
    expect(result.stderr).toContain("error: the header (line 1) is not usable: 1000006 problems");
    expect(result.stderr).toContain("  … and 999,986 more\n");
    const list = await local(["consumptions", "list", "--company", COMPANY, "--json"]);
    expect(JSON.parse(list.stdout)).toEqual([]);
  }, 60_000);
});
