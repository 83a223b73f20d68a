/**
 * Text stored before control characters were refused cannot drive the terminal: tables, and
 * csv/tsv printed to a terminal, show them escaped; stderr on a terminal too. Output that is not
 * a terminal (a pipe, a file) keeps the exact data.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createProcessIo, createTestIo } from "../../../src/cli/io.js";
import { createRowWriter, renderList } from "../../../src/cli/output/format.js";
import { renderBoxTable } from "../../../src/cli/render/box-table.js";
import { runList } from "../buildings/runs.js";
import { databaseContexts, tempDir } from "../helpers.js";

const HOSTILE = "HQ\u001b]0;pwned\u0007\u001b[2J\u009b";
const SHOWN = "HQ\\u001b]0;pwned\\u0007\\u001b[2J\\u009b";
const columns = [{ header: "name", value: (row: { name: string }) => row.name }];
const CONTROL = /\p{Cc}/u;

/** The text without its line endings (CSV's CRLF included). */
function withoutLineFeeds(text: string): string {
  return text.replaceAll(/\r?\n/g, "");
}

const restore: (() => void)[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  for (const undo of restore.splice(0)) undo();
});

describe("printing stored text", () => {
  it("escapes control characters in tables", () => {
    const io = createTestIo({ stdoutIsTty: true });
    renderList(io, "table", [{ name: HOSTILE }], columns);
    expect(io.stdoutText()).toContain(SHOWN);
    expect(withoutLineFeeds(io.stdoutText())).not.toMatch(CONTROL);
  });

  it("escapes them in csv and tsv on a terminal, and keeps them exact in a pipe", async () => {
    for (const format of ["csv", "tsv"] as const) {
      const terminal = createTestIo({ stdoutIsTty: true });
      renderList(terminal, format, [{ name: HOSTILE }], columns);
      expect(terminal.stdoutText()).toContain(SHOWN);
      const streamed = createTestIo({ stdoutIsTty: true });
      const writer = createRowWriter(streamed, format, columns);
      await writer.write({ name: HOSTILE });
      await writer.end();
      expect(withoutLineFeeds(streamed.stdoutText())).not.toMatch(CONTROL);
      const pipe = createTestIo({ stdoutIsTty: false });
      renderList(pipe, format, [{ name: HOSTILE }], columns);
      expect(pipe.stdoutText()).toContain(HOSTILE);
    }
  });

  it("escapes them in dashboard tables", () => {
    const text = renderBoxTable({
      headers: ["building", "kg"],
      rows: [[HOSTILE, "1"]],
      footerRows: 0,
      aligns: ["left", "right"],
    });
    expect(text).toContain(SHOWN);
    expect(withoutLineFeeds(text)).not.toMatch(CONTROL);
  });

  it("escapes them in messages on a terminal's stderr", () => {
    const written: string[] = [];
    const tty = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");
    Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
    restore.push(() => {
      if (tty === undefined) Reflect.deleteProperty(process.stderr, "isTTY");
      else Object.defineProperty(process.stderr, "isTTY", tty);
    });
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    createProcessIo({ noColor: true }).err(`error: no building named "${HOSTILE}"\n`);
    expect(written.join("")).toBe(`error: no building named "${SHOWN}"\n`);
  });

  it("`buildings list` on a terminal shows a hostile stored name escaped", async () => {
    const contexts = databaseContexts();
    try {
      const setup = contexts.ctx();
      const service = await setup.service();
      const company = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
      const building = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
      await service.companies.upsert({ id: company, name: "Acme", country: "ES" });
      await service.buildings.upsert({ id: building, companyId: company, name: "HQ" });
      await setup.close();
      // Stored by an older carbon, before such names were refused.
      const file = setup.globals().db ?? path.join(tempDir(), "missing.db");
      const db = new Database(file);
      db.prepare("UPDATE buildings SET name = ? WHERE id = ?").run(HOSTILE, building);
      db.close();
      const ctx = contexts.ctx({}, createTestIo({ stdoutIsTty: true, columns: 200 }));
      await runList(ctx, { all: false });
      expect(ctx.io.stdoutText()).toContain(SHOWN);
      expect(withoutLineFeeds(ctx.io.stdoutText())).not.toMatch(CONTROL);
    } finally {
      await contexts.closeAll();
    }
  });
});
