import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodFieldIssues, zodProblems } from "../../../src/core/zod-issues.js";

function errorOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return result.error;
}

const schema = z.strictObject({
  name: z.string().max(3),
  count: z.number().int().min(1),
  kind: z.enum(["supplier", "client"]),
  two: z.literal(2),
  tags: z.array(z.string()).max(1),
  email: z.email(),
  nested: z.object({ deep: z.string() }),
  own: z.string({ error: "expected a building name" }),
});

describe("zod issues in the house's words", () => {
  it("words zod's own messages as `expected …, got …` and keeps the path", () => {
    const issues = zodFieldIssues(
      errorOf(schema, {
        name: "abcd",
        count: 0,
        kind: "other",
        two: 3,
        tags: ["a", "b"],
        email: "nope",
        nested: { deep: 1 },
        own: 5,
      }),
    );
    expect(issues).toEqual([
      { path: "name", message: "expected at most 3 characters" },
      { path: "count", message: "expected at least 1" },
      { path: "kind", message: 'expected one of "supplier", "client"' },
      { path: "two", message: "expected 2" },
      { path: "tags", message: "expected at most 1 items" },
      { path: "email", message: "expected an e-mail address" },
      { path: "nested.deep", message: "expected a string, got a number" },
      { path: "own", message: "expected a building name" },
    ]);
  });

  it("makes each unknown key a problem of its own at its own path", () => {
    const error = errorOf(z.strictObject({ a: z.strictObject({ b: z.string() }) }), {
      a: { b: "x", c: 1, d: 2 },
      e: 3,
    });
    expect(zodFieldIssues(error)).toEqual([
      { path: "a.c", message: "unknown field" },
      { path: "a.d", message: "unknown field" },
      { path: "e", message: "unknown field" },
    ]);
    expect(zodFieldIssues(error, "unknown query parameter")[2]).toEqual({
      path: "e",
      message: "unknown query parameter",
    });
    expect(zodProblems(error)[0]).toEqual({ at: ["a", "c"], message: "unknown field" });
  });

  it("says what the whole input should be when it is the wrong type", () => {
    expect(zodFieldIssues(errorOf(schema, null))).toEqual([
      { path: "", message: "expected an object, got null" },
    ]);
  });
});
