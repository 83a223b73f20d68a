/** A new database holds the token-signing secret: it is created private to its user. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/core/ids.js";
import { fromScratch } from "../../support/new-databases.js";
import { openTemp, tempDir } from "./helpers.js";

function modeOf(file: string): string {
  return (fs.statSync(file).mode & 0o777).toString(8);
}

// Each file made as a user's first command makes it: from nothing, not from the suite's template.
describe("the files of a new database", () => {
  it("are created 0600 in folders created 0700, WAL and SHM included", async () => {
    const root = tempDir();
    const file = path.join(root, "data", "carbon", "carbon.db");
    const service = await fromScratch(() => openTemp(file));
    await service.companies.upsert({ id: newId(), name: "Private Ltd", country: "ES" });
    expect(modeOf(path.join(root, "data"))).toBe("700");
    expect(modeOf(path.join(root, "data", "carbon"))).toBe("700");
    expect(modeOf(file)).toBe("600");
    expect(modeOf(`${file}-wal`)).toBe("600");
    expect(modeOf(`${file}-shm`)).toBe("600");
  });

  it("leave an existing folder and an existing file as they are", async () => {
    const folder = path.join(tempDir(), "shared");
    fs.mkdirSync(folder);
    fs.chmodSync(folder, 0o755);
    const created = path.join(folder, "created.db");
    await fromScratch(() => openTemp(created));
    const existing = path.join(folder, "existing.db");
    fs.writeFileSync(existing, "");
    fs.chmodSync(existing, 0o640);
    await (await openTemp(existing)).companies.list({});
    expect(modeOf(folder)).toBe("755");
    expect(modeOf(created)).toBe("600");
    expect(modeOf(existing)).toBe("640");
  });
});
