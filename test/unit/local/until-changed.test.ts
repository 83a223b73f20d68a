/** Totals kept until the database changes: this connection's writes or another's commits. */
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { UntilChanged } from "../../../src/store/sqlite/until-changed.js";
import { tempDir } from "../../cli/helpers.js";

describe("UntilChanged", () => {
  it("computes once until a write on this connection or a commit of another", () => {
    const file = path.join(tempDir(), "counts.db");
    const db = new Database(file);
    const other = new Database(file);
    try {
      db.pragma("journal_mode = WAL");
      db.exec("CREATE TABLE t (x INTEGER)");
      const kept = new UntilChanged<number>(db);
      let computed = 0;
      const count = () =>
        kept.get("all", () => {
          computed += 1;
          return Number(db.prepare("SELECT count(*) FROM t").pluck().get());
        });
      expect(count()).toBe(0);
      expect(count()).toBe(0);
      expect(computed).toBe(1);
      db.prepare("INSERT INTO t VALUES (1)").run();
      expect(count()).toBe(1);
      expect(computed).toBe(2);
      other.prepare("INSERT INTO t VALUES (2)").run();
      expect(count()).toBe(2);
      expect(computed).toBe(3);
      // A write rolled back changes nothing, but is counted as a change: computed again.
      expect(() =>
        db.transaction(() => {
          db.prepare("INSERT INTO t VALUES (3)").run();
          throw new Error("rolled back");
        })(),
      ).toThrow("rolled back");
      expect(count()).toBe(2);
      expect(computed).toBe(4);
      expect(count()).toBe(2);
      expect(computed).toBe(4);
    } finally {
      other.close();
      db.close();
    }
  });
});
