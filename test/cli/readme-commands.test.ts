/** README.md's command list names every command of the CLI (its leaves, as `carbon --help` has them). */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { registryLeaves } from "../conformance/harness.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
/** The command list: the lines that start with `carbon `. */
const listed = readme.split("\n").filter((line) => line.startsWith("carbon "));

/** Whether a line of the list names the command: its group, then its verb among the alternatives. */
function names(leaf: string): boolean {
  const words = leaf.split(" ");
  for (let split = words.length - 1; split >= 0; split -= 1) {
    const group = ["carbon", ...words.slice(0, split)].join(" ");
    const verb = words.slice(split).join(" ");
    const escaped = verb.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const verbAt = new RegExp(`(^|[ |(])${escaped}(\\s|$)`);
    for (const line of listed) {
      if (line.startsWith(`${group} `) && verbAt.test(line.slice(group.length))) return true;
    }
  }
  return false;
}

describe("README.md", () => {
  it("lists every command of the CLI", async () => {
    const leaves = await registryLeaves();
    expect(leaves.length).toBeGreaterThan(90);
    expect(leaves.filter((leaf) => !names(leaf))).toEqual([]);
  });
});
