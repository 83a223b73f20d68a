/**
 * Comments' own rules: on a record of the comment's company (else not_found naming it), the
 * author from the engine (the OS user locally, the token's user through carbon serve) and never
 * from the body, no control characters, a comment staying on its record, the list of one record
 * oldest first. The same assertions against the local engine and a real `carbon serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarbonService } from "../../src/core/service.js";
import { localActor } from "../../src/runtime/local-actor.js";
import { codeOf, type Driver } from "./suite.js";

const acme = "a4000000-0000-4000-8000-000000000001";
const other = "a4000000-0000-4000-8000-000000000002";
const plant = "b4000000-0000-4000-8000-000000000001";
const depot = "b4000000-0000-4000-8000-000000000002";
const foreign = "b4000000-0000-4000-8000-000000000003";
const unknown = "99999999-9999-4999-8999-999999999999";
const first = "f4000000-0000-4000-8000-000000000001";
const second = "f4000000-0000-4000-8000-000000000002";
const onDepot = "f4000000-0000-4000-8000-000000000003";
const refused = "f4000000-0000-4000-8000-000000000009";

/** The remote driver's token (test/contract/remote.test.ts). */
const TOKEN_USER = "admin@example.com";

export function describeCommentContract(name: string, open: () => Promise<Driver>): void {
  describe(`comments contract: ${name}`, () => {
    let driver: Driver;
    let service: CarbonService;
    const onPlant = (id: string, text: string) => ({
      id,
      companyId: acme,
      entityType: "building",
      entityId: plant,
      text,
    });

    beforeAll(async () => {
      driver = await open();
      service = driver.service;
      await service.companies.upsert({ id: acme, name: "Comment Acme", country: "ES" });
      await service.companies.upsert({ id: other, name: "Comment Other", country: "ES" });
      for (const [id, companyId, label] of [
        [plant, acme, "Plant"],
        [depot, acme, "Depot"],
        [foreign, other, "Elsewhere"],
      ] as const) {
        await service.buildings.upsert({ id, companyId, name: label, country: "ES" });
      }
    });
    afterAll(async () => {
      await driver.dispose();
    });

    it("writes the engine's author: the OS user locally, the token's user on a server", async () => {
      const stored = await service.comments.upsert(onPlant(first, "  Meter replaced in March "));
      expect(stored).toMatchObject({
        id: first,
        companyId: acme,
        entityType: "building",
        entityId: plant,
        text: "Meter replaced in March",
        author: service.kind === "local" ? localActor() : TOKEN_USER,
      });
    });

    it("an author in the body is refused, and nothing is stored", async () => {
      const body = { ...onPlant(refused, "Signed by someone else"), author: "mallory@example.com" };
      expect(await codeOf(service.comments.upsert(body))).toBe("validation");
      expect(await codeOf(service.comments.get(refused))).toBe("not_found");
    });

    it("the engine's author option is the server's to set: a client cannot send it", async () => {
      const stored = await service.comments.upsert(onPlant(second, "Q1 readings checked"), {
        author: "mallory@example.com",
      });
      expect(stored.author).toBe(service.kind === "local" ? "mallory@example.com" : TOKEN_USER);
    });

    it.each([
      ["an unknown record", "building", unknown],
      ["another company's record", "building", foreign],
      ["a record of another type", "supplier", plant],
    ])("a comment on %s is not_found naming it, and nothing is stored", async (_, type, id) => {
      const upsert = service.comments.upsert({
        ...onPlant(refused, "Lost"),
        entityType: type,
        entityId: id,
      });
      expect(await codeOf(upsert)).toBe("not_found");
      await upsert.catch((error: unknown) => {
        expect(String(error)).toContain(id);
      });
      expect(await codeOf(service.comments.get(refused))).toBe("not_found");
    });

    it.each(["Line one\nline two", "Bell \u0007", "Escape \u001b[2J"])(
      "a text with a control character (%j) is refused, and nothing is stored",
      async (text) => {
        expect(await codeOf(service.comments.upsert(onPlant(refused, text)))).toBe("validation");
        expect(await codeOf(service.comments.get(refused))).toBe("not_found");
      },
    );

    it("a text of 5,000 characters is kept; 5,001 is refused", async () => {
      const long = await service.comments.upsert(onPlant(refused, "x".repeat(5000)));
      expect(long.text).toHaveLength(5000);
      expect(await codeOf(service.comments.upsert(onPlant(refused, "x".repeat(5001))))).toBe(
        "validation",
      );
      expect((await service.comments.get(refused)).text).toHaveLength(5000);
    });

    it("a comment stays on its record: moving it is a conflict, and nothing changes", async () => {
      const move = service.comments.upsert({ ...onPlant(first, "Moved"), entityId: depot });
      expect(await codeOf(move)).toBe("conflict");
      expect(await service.comments.get(first)).toMatchObject({
        entityId: plant,
        text: "Meter replaced in March",
      });
    });

    it("an edit changes the text and keeps the author and createdAt", async () => {
      const before = await service.comments.get(first);
      const edited = await service.comments.upsert(onPlant(first, "Meter replaced in April"));
      expect(edited).toMatchObject({ text: "Meter replaced in April", author: before.author });
      expect(edited.createdAt).toBe(before.createdAt);
    });

    it("lists one record's comments oldest first, and no other record's", async () => {
      await service.comments.upsert({ ...onPlant(onDepot, "Depot note"), entityId: depot });
      const page = await service.comments.list({
        entityType: "building",
        entityId: plant,
        page: 1,
        limit: 50,
      });
      expect(page.data.map((comment) => comment.id)).toEqual([first, second, refused]);
      const ofCompany = await service.comments.list({ companyId: acme, page: 1, limit: 50 });
      expect(ofCompany.data.map((comment) => comment.id)).toEqual([
        first,
        second,
        refused,
        onDepot,
      ]);
      const ofOther = await service.comments.list({ companyId: other, page: 1, limit: 50 });
      expect(ofOther.data).toEqual([]);
    });
  });
}
