/**
 * Text a server must not store as sent: control characters (422 at the field), bytes that are
 * not UTF-8 (422 at the field that held them, never U+FFFD stored), years outside 1900-2100,
 * and token users whose e-mail host is not a host name.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signToken } from "../../src/server/auth.js";
import {
  type Answer,
  BUILDING_A,
  COMPANY_A,
  consumptionBody,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const NOT_UTF8 =
  "holds bytes that are not UTF-8 (text saved in another encoding, such as Windows-1252?)";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await seedTwoCompanies(server.service);
});
afterEach(async () => {
  await server.close();
});

/** POSTs raw bytes: `before` + the byte 0xE9 (é in Windows-1252) + `after`. */
async function postLatin1(path: string, token: string, before: string, after: string) {
  const body = Buffer.concat([Buffer.from(before), Buffer.from([0xe9]), Buffer.from(after)]);
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text), text } as Pick<
    Answer,
    "status" | "json" | "text"
  >;
}

function errorsOf(answer: Pick<Answer, "status" | "json" | "text">) {
  return problemOf({ ...answer, contentType: "", headers: {} }).errors;
}

describe("a request body that is not UTF-8", () => {
  it("is refused at the field holding the bytes, nothing stored", async () => {
    const token = await server.token("admin");
    const answer = await postLatin1(
      "/api/v1/buildings",
      token,
      `{"id":"${BUILDING_A}","companyId":"${COMPANY_A}","name":"Almac`,
      `n Sevilla"}`,
    );
    expect(answer.status, answer.text).toBe(422);
    expect(errorsOf(answer)).toEqual([{ path: "name", message: NOT_UTF8 }]);
    expect((await server.service.buildings.get(BUILDING_A)).name).toBe("Madrid HQ");
  });

  it("names a nested field, and the line when the bytes are outside any string", async () => {
    const token = await server.token("admin");
    const body = JSON.stringify({ items: [consumptionBody(), consumptionBody({ entityId: "X" })] });
    const cut = body.lastIndexOf('"X"') + 2;
    const nested = await postLatin1(
      "/api/v1/consumptions/batch",
      token,
      body.slice(0, cut),
      body.slice(cut),
    );
    expect(nested.status, nested.text).toBe(422);
    expect(errorsOf(nested)).toEqual([{ path: "items.1.entityId", message: NOT_UTF8 }]);
    const outside = await postLatin1("/api/v1/buildings", token, "{\n", "}");
    expect(outside.status).toBe(422);
    expect(problemOf({ ...outside, contentType: "", headers: {} }).detail).toBe(
      `line 2 of the request body ${NOT_UTF8}`,
    );
  });
});

describe("control characters over HTTP", () => {
  it("are refused at the field's path", async () => {
    const token = await server.token("admin");
    const answer = await server.call("POST", "/api/v1/buildings", {
      token,
      body: { id: BUILDING_A, companyId: COMPANY_A, name: "HQ\u001b[2J" },
    });
    expect(answer.status).toBe(422);
    expect(problemOf(answer).errors).toEqual([
      {
        path: "name",
        message: "expected text without control characters, got U+001B at character 3",
      },
    ]);
  });
});

describe("years outside 1900-2100", () => {
  it("are refused in consumption dates, single and batch, and in query dates", async () => {
    const token = await server.token("member");
    const single = await server.call("POST", "/api/v1/consumptions", {
      token,
      body: consumptionBody({ startDate: "1850-01-01" }),
    });
    expect(single.status).toBe(422);
    expect(problemOf(single).errors).toEqual([
      { path: "startDate", message: 'expected a date in the years 1900 to 2100, got "1850-01-01"' },
    ]);
    const batch = await server.call("POST", "/api/v1/consumptions/batch", {
      token,
      body: {
        items: [
          consumptionBody({
            startDate: "2024-01-01T00:00:00.000Z",
            endDate: "2101-01-31T00:00:00.000Z",
          }),
        ],
      },
    });
    expect(batch.status).toBe(422);
    expect(problemOf(batch).errors.map((issue) => issue.path)).toEqual(["items.0.endDate"]);
    const query = await server.call("GET", "/api/v1/consumptions?from=0224-01-01", { token });
    expect(query.status).toBe(400);
    expect(problemOf(query).errors).toEqual([
      { path: "from", message: 'expected a date in the years 1900 to 2100, got "0224-01-01"' },
    ]);
  });
});

describe("token users", () => {
  it.each([
    ["a@b", 'the host name "b" has no dot'],
    ["a@-x.com", 'the host name label "-x" holds other than letters, digits and inner hyphens'],
    ["a@x..com", 'the host name "x..com" has an empty label'],
    [`a@${"x".repeat(64)}.com`, "is longer than 63 characters"],
  ])("%s is refused", async (email, reason) => {
    const error = await signToken({ email, role: "admin", ttlSeconds: 60 }, server.secret).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(String(error)).toContain(reason);
  });

  it("accepts ordinary and internationalised addresses", async () => {
    for (const email of ["ana@example.com", "info@müller.de", "a.b+c@sub-1.example.co.uk"]) {
      await signToken({ email, role: "admin", ttlSeconds: 60 }, server.secret);
    }
  });
});
