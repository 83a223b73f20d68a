import { describe, expect, it } from "vitest";
import {
  CARBON_NAMESPACE,
  type ConsumptionNaturalKey,
  categoryId,
  consumptionId,
  isUuid,
  uuidV5,
} from "../../../src/core/ids.js";
import { uuidSchema } from "../../../src/core/model/common.js";

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

describe("consumptionId", () => {
  it("is the v5 UUID of the natural key, as computed independently", () => {
    const key: ConsumptionNaturalKey = {
      companyId: "a",
      buildingId: "b",
      categoryId: "c",
      entityId: "INV-1",
      startDate: "2024-01-01T00:00:00.000Z",
      endDate: "2024-01-31T00:00:00.000Z",
    };
    expect(consumptionId(key)).toBe("76d035de-cebb-5a6e-a11f-36dd05e8ca7f");
  });
});

describe("isUuid", () => {
  it("accepts exactly what z.uuid() (uuidSchema) accepts", () => {
    const samples = [
      "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
      "3F1C2A4E-8B7D-4C6A-9E5F-1A2B3C4D5E6F",
      "3f1c2a4e-8b7d-1c6a-8e5f-1a2b3c4d5e6f",
      "3f1c2a4e-8b7d-8c6a-be5f-1a2b3c4d5e6f",
      "3f1c2a4e-8b7d-0c6a-9e5f-1a2b3c4d5e6f",
      "3f1c2a4e-8b7d-9c6a-9e5f-1a2b3c4d5e6f",
      "3f1c2a4e-8b7d-4c6a-ce5f-1a2b3c4d5e6f",
      "3f1c2a4e-8b7d-4c6a-7e5f-1a2b3c4d5e6f",
      "00000000-0000-0000-0000-000000000000",
      "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
      "00000000-0000-0000-0000-000000000001",
      "3f1c2a4e8b7d4c6a9e5f1a2b3c4d5e6f",
      " 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
    ];
    for (const sample of samples) {
      expect([sample, isUuid(sample)]).toEqual([sample, uuidSchema.safeParse(sample).success]);
    }
  });
});
