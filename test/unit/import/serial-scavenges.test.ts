import { describe, expect, it } from "vitest";
import { SerialScavenges } from "../../../src/import/worker-outcomes.js";

describe("SerialScavenges", () => {
  it("turns parallel scavenges off on a machine of two cores or fewer, and back on once", () => {
    for (const cores of [1, 2]) {
      const flags: string[] = [];
      const scavenges = new SerialScavenges(
        () => cores,
        (flag) => flags.push(flag),
      );
      scavenges.apply();
      scavenges.apply();
      scavenges.release();
      scavenges.release();
      expect(flags).toEqual(["--no-parallel-scavenge", "--parallel-scavenge"]);
    }
  });

  it("leaves the flag alone when a core is spare", () => {
    const flags: string[] = [];
    const scavenges = new SerialScavenges(
      () => 3,
      (flag) => flags.push(flag),
    );
    scavenges.apply();
    scavenges.release();
    expect(flags).toEqual([]);
  });
});
