/** Bounds over HTTP: a quantity of 1e308 answers 422 at its field, single or batch, nothing stored. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  COMPANY_A,
  consumptionBody,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const MESSAGE =
  "expected a quantity of at most 1000000000000 (10^12) in its unit, got 1e+308: a typo or a stray exponent?";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await seedTwoCompanies(server.service);
});
afterEach(async () => {
  await server.close();
});

describe("a quantity of 1e308 MWh over HTTP", () => {
  it("POST /consumptions answers 422 at quantity", async () => {
    const token = await server.token("member");
    const body = consumptionBody({ quantity: 1e308, unitType: "MWh" });
    const answer = await server.call("POST", "/api/v1/consumptions", { token, body });
    expect(answer.status, answer.text).toBe(422);
    expect(problemOf(answer).errors).toEqual([{ path: "quantity", message: MESSAGE }]);
  });

  it("POST /consumptions/batch with canonical items (what imports send) answers 422 too", async () => {
    const token = await server.token("member");
    const item = consumptionBody({
      quantity: 1e308,
      unitType: "MWh",
      startDate: "2024-01-01T00:00:00.000Z",
      endDate: "2024-01-31T00:00:00.000Z",
    });
    const answer = await server.call("POST", "/api/v1/consumptions/batch", {
      token,
      body: { items: [item] },
    });
    expect(answer.status, answer.text).toBe(422);
    expect(problemOf(answer).errors).toEqual([{ path: "items.0.quantity", message: MESSAGE }]);
    expect((await server.service.consumptions.list({ companyId: COMPANY_A })).data).toEqual([]);
  });
});
