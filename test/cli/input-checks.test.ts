/**
 * Input the CLI must not store as given, through main() on a real database file: `--file` JSON
 * that is not UTF-8 (refused at the field), years outside 1900-2100 wherever dates are taken,
 * and supplier e-mails whose host is not a host name.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { tempDir } from "./helpers.js";

const COMPANY = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const BUILDING = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
const NOT_UTF8 =
  "holds bytes that are not UTF-8 (text saved in another encoding, such as Windows-1252?)";
const glecFixture = path.resolve(
  import.meta.dirname,
  "../../fixtures/glec/shipment-zaragoza-rotterdam.json",
);

let dir: string;
let db: string;

async function carbon(...args: string[]) {
  const io = createTestIo();
  const code = await main(["node", "carbon", "--db", db, ...args], { io, env: { HOME: dir } });
  return { code, stderr: io.stderrText() };
}

/** A UTF-8 file, but each "é" of `text` is the byte 0xE9 (é in Windows-1252). */
function latin1File(name: string, text: string): string {
  const file = path.join(dir, name);
  const parts = text.split("é").map((part) => Buffer.from(part));
  const bytes = parts.flatMap((part, index) =>
    index === 0 ? [part] : [Buffer.from([0xe9]), part],
  );
  fs.writeFileSync(file, Buffer.concat(bytes));
  return file;
}

async function counts() {
  const service = await openLocalService({ path: db });
  try {
    return {
      consumptions: (await service.consumptions.list({})).pagination.total,
      glec: (await service.glec.list({})).pagination.total,
      suppliers: (await service.suppliers.list({})).pagination.total,
    };
  } finally {
    await service.close();
  }
}

beforeEach(async () => {
  dir = tempDir();
  db = path.join(dir, "carbon.db");
  const service = await openLocalService({ path: db });
  try {
    await service.companies.upsert({ id: COMPANY, name: "Acme", country: "ES" });
    await service.companies.upsert({ id: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f", name: "Shipper" });
    await service.buildings.upsert({ id: BUILDING, companyId: COMPANY, name: "HQ" });
  } finally {
    await service.close();
  }
});

describe("--file that is not UTF-8", () => {
  it("consumptions upsert --file: exit 3 naming the field, nothing stored", async () => {
    const file = latin1File(
      "bill.json",
      JSON.stringify({
        entityId: "Factura Café",
        categoryId: "electricity",
        startDate: "2024-01-01",
        endDate: "2024-01-31",
        companyId: COMPANY,
        buildingId: BUILDING,
        quantity: 10,
        unitType: "kWh",
      }),
    );
    const result = await carbon("consumptions", "upsert", "--file", file);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`error: ${file} is not a valid consumption: 1 problem`);
    expect(result.stderr).toContain(`  entityId: ${NOT_UTF8}`);
    expect((await counts()).consumptions).toBe(0);
  });

  it("glec submit JSON and NDJSON: exit 3 naming the entry's field and line", async () => {
    const entry = JSON.parse(fs.readFileSync(glecFixture, "utf8"));
    entry.actions[0].driver = "José";
    const array = latin1File("entries.json", JSON.stringify([entry], null, 2));
    const fromArray = await carbon("glec", "submit", array);
    expect(fromArray.code).toBe(3);
    const line = JSON.stringify([entry], null, 2)
      .split("\n")
      .findIndex((l) => l.includes("Jos"));
    expect(fromArray.stderr).toContain(
      `line ${line + 1}, column [0].actions.0.driver: ${NOT_UTF8}`,
    );
    const good = {
      ...entry,
      id: "6a1f0c2e-7b3d-4e5f-8a9b-000000000001",
      actions: [entry.actions[1]],
    };
    const ndjson = latin1File(
      "entries.ndjson",
      `${JSON.stringify(good)}\n${JSON.stringify(entry)}\n`,
    );
    const fromLines = await carbon("glec", "submit", ndjson);
    expect(fromLines.code).toBe(3);
    expect(fromLines.stderr).toContain(`line 2, column actions.0.driver: ${NOT_UTF8}`);
    expect((await counts()).glec).toBe(0);
  });
});

describe("years outside 1900-2100", () => {
  it("are a CSV row's error at its line and column", async () => {
    const file = path.join(dir, "bills.csv");
    fs.writeFileSync(
      file,
      "building,category,startDate,endDate,quantity,unit\nHQ,electricity,1024-01-01,2024-01-31,1,kWh\n",
    );
    const result = await carbon("consumptions", "import", file, "--company", COMPANY);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'line 2, column startDate: expected a date in the years 1900 to 2100, got "1024-01-01"',
    );
    expect((await counts()).consumptions).toBe(0);
  });

  it("are refused in upsert flags, filters and GLEC dates", async () => {
    const upsert = await carbon(
      ...["consumptions", "upsert", "--company", COMPANY, "--building", BUILDING],
      ...["--category", "electricity", "--start", "2024-01-01", "--end", "2204-01-31"],
      ...["--quantity", "1", "--unit", "kWh"],
    );
    expect(upsert.code).toBe(2);
    expect(upsert.stderr).toContain(
      'invalid --end "2204-01-31": expected a date in the years 1900 to 2100',
    );
    const list = await carbon("emissions", "list", "--from", "1899-12-31");
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('invalid --from "1899-12-31": expected a date in the years');
    const entry = { ...JSON.parse(fs.readFileSync(glecFixture, "utf8")), startDate: "1899-03-03" };
    const file = path.join(dir, "entry.json");
    fs.writeFileSync(file, JSON.stringify(entry));
    const glec = await carbon("glec", "submit", file);
    expect(glec.code).toBe(3);
    expect(glec.stderr).toContain(
      '  startDate: expected a date in the years 1900 to 2100, got "1899-03-03"',
    );
    expect(await counts()).toEqual({ consumptions: 0, glec: 0, suppliers: 0 });
  });
});

describe("supplier e-mails", () => {
  it.each([
    ["a@b", 'the host name "b" has no dot'],
    ["a@-x.com", 'the host name label "-x" holds other than letters, digits and inner hyphens'],
    ["a@x..com", 'the host name "x..com" has an empty label'],
    [`a@${"x".repeat(64)}.com`, "is longer than 63 characters"],
  ])("%s is refused with the reason", async (email, reason) => {
    const upsert = await carbon(
      ...["suppliers", "upsert", "--company", COMPANY, "--type", "suppliers"],
      ...["--name", "Iberdrola", "--email", email],
    );
    expect(upsert.code).toBe(2);
    expect(upsert.stderr).toContain(reason);
    const file = path.join(dir, "suppliers.csv");
    fs.writeFileSync(file, `name,email,externalId,type\nIberdrola,${email},P-1,suppliers\n`);
    const imported = await carbon("suppliers", "import", file, "--company", COMPANY);
    expect(imported.code).toBe(3);
    expect(imported.stderr).toContain(`line 2, column email: expected an e-mail address`);
    expect((await counts()).suppliers).toBe(0);
  });

  it("accepts ordinary and internationalised addresses", async () => {
    for (const [index, email] of ["facturas@iberdrola.example", "info@müller.de"].entries()) {
      const result = await carbon(
        ...["suppliers", "upsert", "--company", COMPANY, "--type", "suppliers"],
        ...["--name", `Supplier ${index}`, "--external-id", `P-${index}`, "--email", email],
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
    }
  });
});
