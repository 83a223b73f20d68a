import { describe, expect, it } from "vitest";
import { estimateRows } from "../../../src/import/consumptions.js";

describe("estimateRows", () => {
  const record = (cells: string[]) => ({ cells });

  it("divides the file size by the sample's average line length (delimiters and newline included)", () => {
    // "a;bb;c\n" is 7 characters, "dddd;e;f\n" 9: 8 on average.
    expect(estimateRows(8000, [record(["a", "bb", "c"]), record(["dddd", "e", "f"])], ";")).toBe(
      1000,
    );
  });

  it("rounds up and gives 0 without a sample", () => {
    expect(estimateRows(10, [record(["abc"])], ",")).toBe(3);
    expect(estimateRows(1_000_000, [], ",")).toBe(0);
  });
});
