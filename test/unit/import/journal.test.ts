import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ImportJournal, type JournalIdentity, journalKey } from "../../../src/import/journal.js";

let dir: string;
let identity: JournalIdentity;

const id = (n: number): string => `d4000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-journal-"));
  const file = path.join(dir, "bills.csv");
  fs.writeFileSync(file, "entityId,quantity\nA,1\n");
  identity = {
    apiUrl: "http://127.0.0.1:8080",
    companyId: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
    file,
    decimalComma: false,
    delimiter: undefined,
    building: undefined,
  };
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("import journal", () => {
  it("records confirmed ids across appends and reads them back", () => {
    const journal = ImportJournal.for(path.join(dir, "imports"), identity);
    expect(journal.exists()).toBe(false);
    expect(journal.confirmed()).toEqual(new Set());
    journal.append([id(1), id(2)]);
    journal.append([id(3).toUpperCase()]);
    journal.close();
    const again = ImportJournal.for(path.join(dir, "imports"), identity);
    expect(again.exists()).toBe(true);
    expect(again.confirmed()).toEqual(new Set([id(1), id(2), id(3)]));
  });

  it("ignores a last line cut short, and appends after it on a line of its own", () => {
    const journal = ImportJournal.for(dir, identity);
    journal.append([id(1), id(2)]);
    journal.close();
    fs.appendFileSync(journal.file, id(3).slice(0, 20)); // killed in the middle of a write
    expect(journal.confirmed()).toEqual(new Set([id(1), id(2)]));

    const resumed = ImportJournal.for(dir, identity);
    resumed.append([id(4)]);
    resumed.close();
    expect(resumed.confirmed()).toEqual(new Set([id(1), id(2), id(4)]));
  });

  it("survives a truncation anywhere: what is left before the cut is kept", () => {
    const journal = ImportJournal.for(dir, identity);
    journal.append([id(1), id(2), id(3)]);
    journal.close();
    const text = fs.readFileSync(journal.file, "utf8");
    const cut = text.indexOf(id(3)) + 5;
    fs.truncateSync(journal.file, cut);
    expect(journal.confirmed()).toEqual(new Set([id(1), id(2)]));
    fs.truncateSync(journal.file, 3); // inside the header
    expect(journal.confirmed()).toEqual(new Set());
    journal.append([id(9)]);
    journal.close();
    expect(journal.confirmed()).toEqual(new Set([id(9)]));
  });

  it("does not trust a file whose header is another identity's", () => {
    const journal = ImportJournal.for(dir, identity);
    journal.append([id(1)]);
    journal.close();
    const other = { ...identity, apiUrl: "https://carbon.example.com" };
    const otherFile = ImportJournal.for(dir, other).file;
    fs.copyFileSync(journal.file, otherFile);
    expect(ImportJournal.for(dir, other).confirmed()).toEqual(new Set());
  });

  it.each([
    ["the server", { apiUrl: "https://carbon.example.com" }],
    ["the company", { companyId: "5c9d2e4f-1b3a-4c6d-8e7f-9a0b1c2d3e4f" }],
    ["--decimal-comma", { decimalComma: true }],
    ["--delimiter", { delimiter: ";" }],
    ["--encoding", { encoding: "windows-1252" }],
    ["--building", { building: "Madrid HQ" }],
  ])("is another journal when %s changes", (_name, change) => {
    expect(journalKey({ ...identity, ...change })).not.toBe(journalKey(identity));
  });

  it("keeps the key of a journal written before --encoding existed when it is not given", () => {
    expect(journalKey({ ...identity, encoding: undefined })).toBe(journalKey(identity));
  });

  it("is another journal when the file's content or modification time changes", () => {
    const before = journalKey(identity);
    expect(journalKey({ ...identity, file: path.relative(process.cwd(), identity.file) })).toBe(
      before,
    );
    fs.appendFileSync(identity.file, "B,2\n");
    const grown = journalKey(identity);
    expect(grown).not.toBe(before);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(identity.file, later, later);
    expect(journalKey(identity)).not.toBe(grown);
  });

  it("records the server's instance id, and the ids in the order they were confirmed", () => {
    const instanceId = "9b2c7d4e-1f3a-4b5c-8d6e-7f8091a2b3c4";
    const journal = ImportJournal.for(dir, identity);
    journal.begin(instanceId, true);
    journal.append([id(3), id(1)]);
    journal.append([id(2)]);
    journal.close();
    expect(ImportJournal.for(dir, identity).read()).toEqual({
      instanceId,
      ids: [id(3), id(1), id(2)],
      removed: [],
    });
  });

  it("keeps removed ids apart from stored ones; both count as done", () => {
    const journal = ImportJournal.for(dir, identity);
    journal.append([id(1), id(2)]);
    journal.appendRemoved([id(7)]);
    journal.close();
    const again = ImportJournal.for(dir, identity);
    expect(again.read()).toMatchObject({ ids: [id(1), id(2)], removed: [id(7)] });
    expect(again.confirmed()).toEqual(new Set([id(1), id(2), id(7)]));
  });

  it("a fresh run replaces an earlier journal at its first append; a resumed one appends", () => {
    const first = ImportJournal.for(dir, identity);
    first.begin("11111111-1111-4111-8111-111111111111", true);
    first.append([id(1)]);
    first.close();
    const resumed = ImportJournal.for(dir, identity);
    resumed.begin("11111111-1111-4111-8111-111111111111", false);
    resumed.append([id(2)]);
    resumed.close();
    expect(resumed.read().ids).toEqual([id(1), id(2)]);
    const fresh = ImportJournal.for(dir, identity);
    fresh.begin(undefined, true);
    expect(fresh.read().ids).toEqual([id(1), id(2)]); // nothing lost before it confirms a row
    fresh.append([id(3)]);
    fresh.close();
    expect(fresh.read()).toEqual({ instanceId: undefined, ids: [id(3)], removed: [] });
  });

  it("is removed when the import is done", () => {
    const journal = ImportJournal.for(dir, identity);
    journal.append([id(1)]);
    journal.remove();
    expect(journal.exists()).toBe(false);
    expect(journal.confirmed()).toEqual(new Set());
  });
});
