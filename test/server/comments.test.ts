/**
 * carbon serve's comments: the author is the token's user (never the body's), who may write
 * (members and admins; a viewer reads) and change (the author or an admin), what a scoped token
 * lists and reads, and the problem an unknown record or a bad body answers (nothing stored).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILDING_A,
  BUILDING_B,
  COMPANY_A,
  COMPANY_B,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const COMMENT_A = "c5000000-0000-4000-8000-00000000000a";
const COMMENT_B = "c5000000-0000-4000-8000-00000000000b";
const COMMENT_NEW = "c5000000-0000-4000-8000-00000000000c";
const UNKNOWN = "99999999-9999-4999-8999-999999999999";
const PATH = "/api/v1/comments";

describe("comments over HTTP", () => {
  let server: TestServer;
  let admin: string;
  let member: string;

  const onBuildingA = (id: string, text: string) => ({
    id,
    companyId: COMPANY_A,
    entityType: "building",
    entityId: BUILDING_A,
    text,
  });
  const stored = async (id: string) =>
    (await server.call("GET", `${PATH}/${id}`, { token: admin })).status;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
    member = await server.token("member", [COMPANY_A], "ana@example.com");
    const created = await server.call("POST", PATH, {
      token: member,
      body: onBuildingA(COMMENT_A, "Meter replaced in March"),
    });
    expect(created.status, created.text).toBe(201);
    const other = await server.call("POST", PATH, {
      token: admin,
      body: {
        id: COMMENT_B,
        companyId: COMPANY_B,
        entityType: "building",
        entityId: BUILDING_B,
        text: "Leeds note",
      },
    });
    expect(other.status, other.text).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  it("the author is the token's user; the same body again is an update (200)", async () => {
    const first = await server.call("GET", `${PATH}/${COMMENT_A}`, { token: admin });
    expect(field(first, "author")).toBe("ana@example.com");
    const again = await server.call("POST", PATH, {
      token: member,
      body: onBuildingA(COMMENT_A, "Meter replaced in March"),
    });
    expect(again.status).toBe(200);
    expect(field(again, "createdAt")).toBe(field(first, "createdAt"));
  });

  it("an author in the body is refused at its field (422), nothing stored", async () => {
    const answer = await server.call("POST", PATH, {
      token: admin,
      body: { ...onBuildingA(COMMENT_NEW, "Forged"), author: "mallory@example.com" },
    });
    expect(answer.status).toBe(422);
    expect(
      problemOf(answer)
        .errors.map((issue) => issue.path)
        .join(" "),
    ).toContain("author");
    expect(await stored(COMMENT_NEW)).toBe(404);
  });

  it("a comment on an unknown record is 404 naming it, nothing stored", async () => {
    const answer = await server.call("POST", PATH, {
      token: admin,
      body: { ...onBuildingA(COMMENT_NEW, "Lost"), entityId: UNKNOWN },
    });
    expect(answer.status).toBe(404);
    expect(problemOf(answer).detail).toContain(UNKNOWN);
    expect(await stored(COMMENT_NEW)).toBe(404);
  });

  it("a viewer may read but not write: 403, nothing stored", async () => {
    const viewer = await server.token("viewer", [COMPANY_A]);
    expect((await server.call("GET", `${PATH}/${COMMENT_A}`, { token: viewer })).status).toBe(200);
    const answer = await server.call("POST", PATH, {
      token: viewer,
      body: onBuildingA(COMMENT_NEW, "A viewer's note"),
    });
    expect(answer.status).toBe(403);
    expect(await stored(COMMENT_NEW)).toBe(404);
  });

  it("another member may not change a comment (403); an admin may, the author kept", async () => {
    const bob = await server.token("member", [COMPANY_A], "bob@example.com");
    const refused = await server.call("POST", PATH, {
      token: bob,
      body: onBuildingA(COMMENT_A, "Bob's rewrite"),
    });
    expect(refused.status).toBe(403);
    expect(problemOf(refused).detail).toContain("ana@example.com");
    const byAdmin = await server.call("POST", PATH, {
      token: admin,
      body: onBuildingA(COMMENT_A, "Meter replaced in April"),
    });
    expect(byAdmin.status).toBe(200);
    expect(field(byAdmin, "author")).toBe("ana@example.com");
    expect(field(byAdmin, "text")).toBe("Meter replaced in April");
  });

  it("a scoped token lists and reads only its companies' comments; of both, the union", async () => {
    const onlyA = await server.token("viewer", [COMPANY_A]);
    const listed = await server.call("GET", PATH, { token: onlyA });
    expect(field(listed, "pagination", "total")).toBe(1);
    expect(field(listed, "data", 0, "id")).toBe(COMMENT_A);
    expect((await server.call("GET", `${PATH}/${COMMENT_B}`, { token: onlyA })).status).toBe(404);
    const filtered = await server.call("GET", `${PATH}?companyId=${COMPANY_B}`, { token: onlyA });
    expect(filtered.status).toBe(404);
    const write = await server.call("POST", PATH, {
      token: member,
      body: { ...onBuildingA(COMMENT_B, "Hijack"), companyId: COMPANY_B, entityId: BUILDING_B },
    });
    expect(write.status).toBe(404);
    const both = await server.token("viewer", [COMPANY_A, COMPANY_B]);
    const union = await server.call("GET", `${PATH}?limit=1&page=2`, { token: both });
    expect(field(union, "pagination")).toEqual({ page: 2, limit: 1, total: 2 });
    expect(field(union, "data", 0, "id")).toBe(COMMENT_B);
  });

  it("lists one record's comments by entityType and entityId; a bad type is 400 at its field", async () => {
    const one = await server.call("GET", `${PATH}?entityType=building&entityId=${BUILDING_B}`, {
      token: admin,
    });
    expect(field(one, "pagination", "total")).toBe(1);
    expect(field(one, "data", 0, "id")).toBe(COMMENT_B);
    const bad = await server.call("GET", `${PATH}?entityType=invoice`, { token: admin });
    expect(bad.status).toBe(400);
    expect(problemOf(bad).errors.map((issue) => issue.path)).toContain("entityType");
  });

  it("the extensions are announced on who-am-i", async () => {
    const who = await server.call("POST", "/api/v1/auth/who-am-i", { token: admin });
    expect(field(who, "extensions")).toEqual(
      expect.arrayContaining(["POST /comments", "GET /comments/{id}"]),
    );
  });
});
