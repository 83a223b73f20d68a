import { describe, expect, it, vi } from "vitest";
import { CarbonError } from "../../src/core/errors.js";
import { signToken, verifyToken } from "../../src/server/auth.js";

// verifyToken caches verified tokens; the cache must never outlive a token or cross secrets.
const secret = new TextEncoder().encode("a test secret of at least thirty-two bytes");
const other = new TextEncoder().encode("another secret, also thirty-two bytes long");

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "verified";
  } catch (error) {
    return error instanceof CarbonError ? error.code : "other error";
  }
}

describe("verified-token cache", () => {
  it("stops accepting a cached token once it expires", async () => {
    // The clock is set, not waited for: only Date is faked (jose's crypto stays real).
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.now();
      // Issued 3599 s ago with a one-hour lifetime: it expires within the next second.
      const token = await signToken(
        {
          email: "a@example.com",
          role: "viewer",
          ttlSeconds: 3600,
          now: new Date(start - 3_599_000),
        },
        secret,
      );
      expect(await codeOf(verifyToken(token, secret))).toBe("verified");
      expect(await codeOf(verifyToken(token, secret))).toBe("verified");
      vi.setSystemTime(start + 2_000);
      expect(await codeOf(verifyToken(token, secret))).toBe("unauthenticated");
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not accept a token cached under one secret when checked with another", async () => {
    const token = await signToken(
      { email: "a@example.com", role: "admin", ttlSeconds: 600 },
      secret,
    );
    expect(await codeOf(verifyToken(token, secret))).toBe("verified");
    expect(await codeOf(verifyToken(token, other))).toBe("unauthenticated");
  });

  it("does not cache a rejected token", async () => {
    const token = await signToken(
      { email: "a@example.com", role: "admin", ttlSeconds: 600 },
      other,
    );
    expect(await codeOf(verifyToken(token, secret))).toBe("unauthenticated");
    expect(await codeOf(verifyToken(token, secret))).toBe("unauthenticated");
  });
});
