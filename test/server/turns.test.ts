/**
 * Requests take turns (src/server/turns.ts): they start in the order they asked, one per turn of
 * the event loop, so what the loop does between two turns (accepting a connection, answering
 * /healthz, which takes no turn) is not held up by every waiting request's work.
 */
import { describe, expect, it } from "vitest";
import { Turns } from "../../src/server/turns.js";

describe("turns", () => {
  it("start requests in order, one per turn of the loop", async () => {
    const turns = new Turns();
    const seen: string[] = [];
    const started = [1, 2, 3].map((n) =>
      turns.take().then(() => {
        seen.push(`request ${n}`);
        // What the request leaves for the loop's next turn.
        setImmediate(() => seen.push(`after ${n}`));
      }),
    );
    await Promise.all(started);
    await new Promise((resolve) => setImmediate(resolve));
    // Each request starts a turn after the one before it (the loop polls its sockets between
    // them): request 2 shares its turn with what request 1 left, request 3 comes a turn later.
    // Started at once, all three would run before anything they left.
    expect(seen).toEqual(["request 1", "request 2", "after 1", "request 3", "after 2", "after 3"]);
  });

  it("go on after many requests, and for requests that come later", async () => {
    const turns = new Turns();
    let count = 0;
    await Promise.all(Array.from({ length: 3000 }, () => turns.take().then(() => (count += 1))));
    expect(count).toBe(3000);
    await turns.take();
  });
});
