/** GLEC storage in the local database: one row per entry whatever is re-submitted, legs cascade. */
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { GlecEntryInput } from "../../../src/core/model/glec.js";
import { openTemp, tempDir } from "./helpers.js";

const fixture: GlecEntryInput = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, "../../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);

function counts(file: string): { entries: unknown; legs: unknown } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      entries: db.prepare("SELECT count(*) FROM glec_entries").pluck().get(),
      legs: db.prepare("SELECT count(*) FROM glec_legs").pluck().get(),
    };
  } finally {
    db.close();
  }
}

describe("GLEC tables (migration 5)", () => {
  it("re-submitting an entry id rewrites its one row and its legs; delete removes the legs too", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openTemp(file);
    await service.companies.upsert({ id: fixture.companyId, name: "Shipper" });
    await service.glec.submit(fixture);
    expect(counts(file)).toEqual({ entries: 1, legs: 3 });
    await service.glec.submit({ ...fixture, actions: fixture.actions.slice(0, 2) });
    expect(counts(file)).toEqual({ entries: 1, legs: 2 });
    const upper = { ...fixture, id: fixture.id.toUpperCase() };
    expect((await service.glec.submit(upper)).message).toBe("GLEC entry replaced");
    expect(counts(file)).toEqual({ entries: 1, legs: 3 });
    await service.glec.delete(fixture.id);
    expect(counts(file)).toEqual({ entries: 0, legs: 0 });
  });

  it("keeps createdAt when an entry is replaced", async () => {
    const service = await openTemp();
    await service.companies.upsert({ id: fixture.companyId, name: "Shipper" });
    await service.glec.submit(fixture);
    const first = await service.glec.get(fixture.id);
    await service.glec.submit({ ...fixture, externalId: "SHP-2025-0042-B" });
    const second = await service.glec.get(fixture.id);
    expect(second.createdAt).toBe(first.createdAt);
    expect((second.updatedAt ?? "") >= (first.updatedAt ?? "")).toBe(true);
    expect(second.externalId).toBe("SHP-2025-0042-B");
  });
});
