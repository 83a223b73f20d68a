/**
 * A write keeps every record in its company: a consumption id of another company is a conflict
 * (exit 6, naming the owner and, in an import, the line), and with `--company` a row of another
 * company is the row's error (exit 3, line and column). Through main(), on a real database file.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { createTestIo } from "../../../src/cli/io.js";
import { main } from "../../../src/cli/main.js";
import { tempDir } from "../helpers.js";

const A = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const B = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const HQ_A = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
const HQ_B = "9d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
const BILL = "11111111-1111-4111-8111-111111111111";

let dir: string;
let db: string;

async function carbon(...args: string[]) {
  const io = createTestIo();
  const code = await main(["node", "carbon", "--db", db, ...args], { io, env: { HOME: dir } });
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

async function stored(id: string) {
  const service = await openLocalService({ path: db });
  try {
    return await service.consumptions.get(id);
  } finally {
    await service.close();
  }
}

async function count(): Promise<number> {
  const service = await openLocalService({ path: db });
  try {
    return (await service.consumptions.list({})).pagination.total;
  } finally {
    await service.close();
  }
}

beforeEach(async () => {
  dir = tempDir();
  db = path.join(dir, "carbon.db");
  const service = await openLocalService({ path: db });
  try {
    await service.companies.upsert({ id: A, name: "Acme", country: "ES" });
    await service.companies.upsert({ id: B, name: "Beta", country: "ES" });
    await service.buildings.upsert({ id: HQ_A, companyId: A, name: "HQ A" });
    await service.buildings.upsert({ id: HQ_B, companyId: B, name: "HQ B" });
  } finally {
    await service.close();
  }
  const bill = `id,companyId,building,category,startDate,endDate,quantity,unit\n${BILL},${B},HQ B,electricity,2024-01-01,2024-01-31,100,kWh\n`;
  expect((await carbon("consumptions", "import", file("b.csv", bill))).code).toBe(0);
});

describe("a consumption id of another company", () => {
  it("in an import for company A: exit 6 naming the owner and the line, nothing stored", async () => {
    const csv = file(
      "a.csv",
      [
        "id,building,category,startDate,endDate,quantity,unit",
        "22222222-2222-4222-8222-222222222222,HQ A,electricity,2024-02-01,2024-02-28,5,kWh",
        `${BILL},HQ A,electricity,2024-01-01,2024-01-31,100,kWh`,
        "",
      ].join("\n"),
    );
    const result = await carbon("consumptions", "import", csv, "--company", A);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(
      `error: line 3: consumption ${BILL} belongs to company ${B}, not ${A}; nothing was stored`,
    );
    expect(result.stderr).toContain("line 3, column id:");
    expect(result.stderr).toContain("carbon buildings move");
    expect((await stored(BILL)).companyId).toBe(B);
    expect(await count()).toBe(1);
  });

  it("in a dry run: exit 6 as well", async () => {
    const csv = file(
      "a.csv",
      `id,building,category,startDate,endDate,quantity,unit\n${BILL},HQ A,electricity,2024-01-01,2024-01-31,100,kWh\n`,
    );
    const result = await carbon("consumptions", "import", csv, "--company", A, "--dry-run");
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(`line 2: consumption ${BILL} belongs to company ${B}`);
  });

  it("in `consumptions upsert --file`: exit 6 naming the owner, the stored row unchanged", async () => {
    const json = file(
      "a.json",
      JSON.stringify({
        id: BILL,
        categoryId: "electricity",
        startDate: "2024-01-01",
        endDate: "2024-01-31",
        companyId: A,
        buildingId: HQ_A,
        quantity: 100,
        unitType: "kWh",
      }),
    );
    const result = await carbon("consumptions", "upsert", "--file", json);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain(`error: consumption ${BILL} belongs to company ${B}, not ${A}`);
    const after = await stored(BILL);
    expect(after).toMatchObject({ companyId: B, buildingId: HQ_B });
  });
});

describe("--company of an import", () => {
  it("makes a row of another company the row's error (line and column), nothing stored", async () => {
    const csv = file(
      "c.csv",
      [
        "companyId,building,category,startDate,endDate,quantity,unit",
        `${A},HQ A,electricity,2024-03-01,2024-03-31,1,kWh`,
        `${B},HQ B,electricity,2024-02-01,2024-02-28,100,kWh`,
        `,HQ A,electricity,2024-04-01,2024-04-30,1,kWh`,
        "",
      ].join("\n"),
    );
    const result = await carbon("consumptions", "import", csv, "--company", A);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `line 3, column companyId: this row is of company ${B}, but --company is ${A}`,
    );
    expect(await count()).toBe(1);
  });

  it("is a default as before for rows without the cell, and accepts its own company", async () => {
    const csv = file(
      "c.csv",
      [
        "companyId,building,category,startDate,endDate,quantity,unit",
        `${A.toUpperCase()},HQ A,electricity,2024-03-01,2024-03-31,1,kWh`,
        `,HQ A,electricity,2024-04-01,2024-04-30,1,kWh`,
        "",
      ].join("\n"),
    );
    expect((await carbon("consumptions", "import", csv, "--company", A)).code).toBe(0);
    expect(await count()).toBe(3);
  });

  it("refuses a supplier row of another company the same way", async () => {
    const csv = file(
      "s.csv",
      `companyId,type,name,externalId\n${A},suppliers,Iberdrola,P-1\n${B},suppliers,Endesa,P-2\n`,
    );
    const result = await carbon("suppliers", "import", csv, "--company", A);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `line 3, column companyId: this row is of company ${B}, but --company is ${A}`,
    );
    const service = await openLocalService({ path: db });
    try {
      expect((await service.suppliers.list({})).pagination.total).toBe(0);
    } finally {
      await service.close();
    }
  });
});
