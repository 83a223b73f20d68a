import { describe, expect, it } from "vitest";
import { invitationCode } from "../../../src/rules/users.js";

describe("invitationCode", () => {
  it("draws again rather than give a code a command line would read as an option", () => {
    // 0xf8: the first six bits are 62, "-" in base64url.
    const draws = [Buffer.alloc(24, 0xf8), Buffer.alloc(24, 0xf8), Buffer.alloc(24, 0x00)];
    const code = invitationCode(() => draws.shift() ?? Buffer.alloc(24, 0x01));
    expect(code).toBe("A".repeat(32));
    expect(draws).toHaveLength(0);
  });

  it("is 32 base64url characters of random bytes", () => {
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const code = invitationCode();
      expect(code).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{31}$/);
      codes.add(code);
    }
    expect(codes.size).toBe(2000);
  });
});
