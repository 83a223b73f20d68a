/** The allocated rate sent to a server without glecAllocation, as a decimal string. */
import { describe, expect, it } from "vitest";
import { plainDecimal } from "../../../src/backends/remote/glec-body.js";
import { decimalStringSchema } from "../../../src/core/model/glec.js";

describe("plainDecimal", () => {
  it.each([
    [32, "32"],
    // 0.17 x 0.0002 is 3.4000000000000007e-5 in binary: 15 significant digits drop the noise
    [0.17 * 0.0002, "0.000034"],
    // below 1e-6 String() writes an exponent, which a decimal string may not hold
    [3.4e-8, "0.000000034"],
    [0.1 + 0.2, "0.3"],
  ])("writes %d as %s, a decimal string the schema takes", (value, text) => {
    expect(plainDecimal(value)).toBe(text);
    expect(decimalStringSchema.parse(plainDecimal(value))).toBe(text);
  });
});
