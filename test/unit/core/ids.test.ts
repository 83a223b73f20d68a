import { describe, expect, it } from "vitest";
import { CARBON_NAMESPACE, categoryId, uuidV5 } from "../../../src/core/ids.js";

// Expected values computed independently with Python's uuid.uuid5(UUID(CARBON_NAMESPACE), name).
const vectors: ReadonlyArray<readonly [string, string]> = [
  ["", "965d25f4-c469-5aa0-aad7-8e3584ece2f2"],
  ["category:electricity", "29ca7ccc-87d9-53c9-bb41-a0c250c02e87"],
  [
    "consumption:a|b|c|INV-1|2024-01-01T00:00:00.000Z|2024-01-31T00:00:00.000Z",
    "76d035de-cebb-5a6e-a11f-36dd05e8ca7f",
  ],
  ["building:x|madrid hq ñ€😀", "a60bc1bd-1d31-5bb3-bc97-1b1e893852c2"],
  ["x".repeat(3000), "152ebd38-a001-51f7-8bc6-9dbdf8d44ed3"],
];

describe("uuidV5", () => {
  it("uses the fixed carbon namespace", () => {
    expect(CARBON_NAMESPACE).toBe("3a2b7c1e-5d4f-4e8a-9b6c-0d1e2f3a4b5c");
  });

  it.each(vectors)("matches RFC 9562 v5 of %j", (name, expected) => {
    expect(uuidV5(name)).toBe(expected);
  });

  it("gives the same answer after a longer name used the shared buffer", () => {
    const short = uuidV5("category:electricity");
    uuidV5("y".repeat(1300));
    expect(uuidV5("category:electricity")).toBe(short);
    expect(categoryId("electricity")).toBe(short);
  });
});
