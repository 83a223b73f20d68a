/** `importSuppliers` on a real local database, with the fixtures of fixtures/suppliers. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supplierId } from "../../../src/core/model/supplier.js";
import type { CarbonService } from "../../../src/core/service.js";
import {
  importSuppliers,
  type SupplierImportOptions,
} from "../../../src/import/suppliers/import.js";
import { carbonError, openTemp, tempDir } from "../local/helpers.js";

const fixtures = path.resolve(import.meta.dirname, "../../../fixtures/suppliers");
const good = path.join(fixtures, "proveedores-y-clientes.csv");
const mistakes = path.join(fixtures, "typical-mistakes.csv");
const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const OTHER = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e";

async function acme(): Promise<CarbonService> {
  const service = await openTemp();
  await service.companies.upsert({ id: ACME, name: "Acme Offices", country: "ES" });
  return service;
}

function options(file: string, over: Partial<SupplierImportOptions> = {}): SupplierImportOptions {
  return { file, companyId: ACME, dryRun: false, skipInvalid: false, ...over };
}

function write(text: string): string {
  const file = path.join(tempDir(), "suppliers.csv");
  fs.writeFileSync(file, text);
  return file;
}

async function stored(service: CarbonService) {
  return (await service.suppliers.list({ companyId: ACME, limit: 500 })).data;
}

describe("suppliers import", () => {
  it("imports the Excel-style file (BOM, ; and CRLF, quoted cells), then re-imports it unchanged", async () => {
    const service = await acme();
    const first = await importSuppliers(service, options(good));
    expect(first).toMatchObject({ rowsRead: 10, inserted: 10, rejected: 0, committed: true });
    const rows = await stored(service);
    expect(rows.filter((s) => s.type === "clients").map((s) => s.externalId)).toEqual([
      "CLI-0003",
      "CLI-0001",
      "CLI-0004",
      "CLI-0002",
    ]);
    expect(rows.find((s) => s.externalId === "PRV-0003")).toMatchObject({
      id: supplierId(ACME, "PRV-0003"),
      name: "Transportes Hermanos Ruiz S.L.",
      email: null,
      address: "Polígono Industrial Las Arenas; nave 12, 41016 Sevilla",
    });
    expect(rows.find((s) => s.externalId === "PRV-0005")?.name).toBe('Reciclajes "El Olivo" S.L.');
    expect(rows.find((s) => s.externalId === "PRV-0004")?.type).toBe("suppliers");
    const again = await importSuppliers(service, options(good));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 10, committed: true });
  });

  it("reports every mistake with line and column at once and stores nothing", async () => {
    const service = await acme();
    const rejects = path.join(tempDir(), "rejected.csv");
    const report = await importSuppliers(service, options(mistakes, { rejectsFile: rejects }));
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [3, "email"],
      [4, "name"],
      [5, "externalId"],
      [6, "type"],
      [8, "externalId"],
    ]);
    expect(report.errors[0]?.message).toContain('"clientes(at)naturgy.example"');
    expect(report.errors[2]?.message).toContain("line 2");
    expect(report).toMatchObject({ rowsRead: 7, rejected: 5, inserted: 0, committed: false });
    expect(await stored(service)).toEqual([]);
    const lines = fs.readFileSync(rejects, "utf8").trim().split("\n");
    expect(lines[0]).toBe("externalId,type,name,email,address,_line,_column,_error");
    expect(lines).toHaveLength(6);
    expect(lines[2]).toBe(
      "PRV-0003,suppliers,,pedidos@transportes-ruiz.example,Sevilla,4,name,expected a non-empty name",
    );
  });

  it("--skip-invalid stores the good rows; the rejects file re-imports as it is once fixed", async () => {
    const service = await acme();
    const rejects = path.join(tempDir(), "rejected.csv");
    const report = await importSuppliers(
      service,
      options(mistakes, { skipInvalid: true, rejectsFile: rejects }),
    );
    expect(report).toMatchObject({ inserted: 2, rejected: 5, committed: true });
    expect((await stored(service)).map((s) => s.externalId)).toEqual(["PRV-0001", "CLI-0002"]);
    const fixed = fs
      .readFileSync(rejects, "utf8")
      .replace("clientes(at)naturgy", "clientes@naturgy")
      .replace("suppliers,,pedidos", "suppliers,Transportes Ruiz,pedidos")
      .replace("PRV-0001,suppliers,Iberdrola (duplicate row)", "PRV-0007,suppliers,Iberdrola 2")
      .replace("partners", "clients")
      .replace(",clients,Sin Código", "CLI-0005,clients,Sin Código");
    const again = await importSuppliers(service, options(write(fixed)));
    expect(again).toMatchObject({ inserted: 5, rejected: 0, committed: true });
  });

  it("a dry run counts what would happen and stores nothing", async () => {
    const service = await acme();
    const report = await importSuppliers(service, options(good, { dryRun: true }));
    expect(report).toMatchObject({ inserted: 10, dryRun: true, committed: false });
    expect(await stored(service)).toEqual([]);
  });

  it("a row the engine refuses (unknown company in a companyId column) is rejected, nothing stored", async () => {
    const service = await acme();
    const file = write(
      `companyId,externalId,name,type\n${ACME},A-1,Alfa,suppliers\n${OTHER},B-1,Beta,clients\n`,
    );
    const report = await importSuppliers(service, options(file, { companyId: undefined }));
    expect(report.errors).toEqual([
      { line: 3, column: "companyId", message: expect.stringContaining(OTHER) },
    ]);
    expect(report).toMatchObject({ rejected: 1, inserted: 0, committed: false });
    expect(await stored(service)).toEqual([]);
  });

  it("an externalId held by another id in the database is a rejected row", async () => {
    const service = await acme();
    await service.suppliers.upsert({
      companyId: ACME,
      type: "suppliers",
      name: "A",
      externalId: "X-1",
    });
    const file = write(
      "id;externalId;name;kind\n11111111-1111-4111-8111-111111111111;X-1;A;supplier\n",
    );
    const report = await importSuppliers(service, options(file));
    expect(report.errors).toEqual([
      { line: 2, column: "externalId", message: expect.stringContaining("already names") },
    ]);
    expect(report.committed).toBe(false);
  });

  it.each([
    ["an unknown column", "externalId,name,type,vat\n", "unknown column"],
    ["no name column", "externalId,type\n", "missing column name"],
    ["neither id nor externalId", "name,type\n", "id or externalId"],
    ["no type and no --type", "externalId,name\n", "type (or the --type flag)"],
  ])("refuses a header with %s", async (_what, header, text) => {
    const service = await acme();
    const error = await carbonError(importSuppliers(service, options(write(`${header}A,B\n`))));
    expect(error.code).toBe("validation");
    expect(error.issues.map((issue) => issue.message).join("\n")).toContain(text);
  });

  it("takes --type for rows without one, and reports a wrong field count and broken quoting", async () => {
    const service = await acme();
    const file = write('externalId,name\nA-1,Alfa\nA-2,Beta,extra\nA-3,"Gamma\n');
    const report = await importSuppliers(service, options(file, { type: "clients" }));
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [3, ""],
      [4, ""],
    ]);
    expect(report.committed).toBe(false);
    const fine = await importSuppliers(
      service,
      options(write("externalId,name\nA-1,Alfa\n"), { type: "clients" }),
    );
    expect(fine.inserted).toBe(1);
    expect((await stored(service))[0]?.type).toBe("clients");
  });

  it("an unknown --company is not_found before reading the file", async () => {
    const service = await acme();
    const error = await carbonError(importSuppliers(service, options(good, { companyId: OTHER })));
    expect(error.code).toBe("not_found");
  });
});
