import { describe, expect, it } from "vitest";
import { createTestIo } from "../../../src/cli/io.js";
import { type Column, type OutputFormat, renderList } from "../../../src/cli/output/format.js";
import { createListWriter } from "../../../src/cli/output/list-writer.js";

interface Reading {
  readonly id: string;
  readonly site: string;
  readonly kg: number | null;
}

const columns: readonly Column<Reading>[] = [
  { header: "id", value: (row) => row.id },
  { header: "site", value: (row) => row.site },
  { header: "kg", value: (row) => row.kg },
];

function readings(count: number, site = (n: number) => `Site ${n % 7}`): Reading[] {
  return Array.from({ length: count }, (_, n) => ({
    id: `r-${String(n).padStart(4, "0")}`,
    site: site(n),
    kg: n % 5 === 0 ? null : (n % 50) * 1.25,
  }));
}

/** Prints `rows` through a list writer in pages of `size`; counts the writes. */
async function printed(format: OutputFormat, rows: readonly Reading[], size: number, tty = false) {
  const io = createTestIo({ stdoutIsTty: tty, columns: 100 });
  const writer = createListWriter(io, format, columns);
  for (let start = 0; start < rows.length; start += size) {
    await writer.write(rows.slice(start, start + size));
  }
  await writer.end();
  return io.stdoutText();
}

function rendered(format: OutputFormat, rows: readonly Reading[], tty = false): string {
  const io = createTestIo({ stdoutIsTty: tty, columns: 100 });
  renderList(io, format, rows, columns);
  return io.stdoutText();
}

describe("createListWriter", () => {
  it.each<OutputFormat>(["tsv", "csv", "ndjson", "json", "table"])(
    "%s: page by page, the same text as renderList of all the rows",
    async (format) => {
      const rows = readings(230);
      // Pages of 50 and 500: the table's widths come from the first page, which is widest here.
      expect(await printed(format, rows, 50)).toBe(rendered(format, rows));
      expect(await printed(format, rows, 500)).toBe(rendered(format, rows));
    },
  );

  it.each<OutputFormat>(["tsv", "csv", "ndjson", "json", "table"])(
    "%s: no rows at all prints what renderList prints for none",
    async (format) => {
      expect(await printed(format, [], 10)).toBe(rendered(format, []));
    },
  );

  it("table: later rows keep the first page's widths, a wider cell is cut with …", async () => {
    const rows = readings(12, (n) => (n < 10 ? "Plant" : "A much longer site name"));
    const lines = (await printed("table", rows, 10, true)).trimEnd().split("\n");
    const widths = new Set(lines.map((line) => [...line].length));
    expect(widths.size, lines.join("\n")).toBe(1);
    expect(lines.filter((line) => line.includes("…"))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith("┌"))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("└"))).toHaveLength(1);
  });
});
