/**
 * carbon serve takes the hosted service's filter names beside its own (shared/spec/hosted-service.md):
 * startDate/endDate, buildingIds[] (or buildingIds), categoryIds[] (or categoryIds) and countryCode;
 * the answers are the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryId } from "../../src/core/ids.js";
import {
  BUILDING_A,
  COMPANY_A,
  consumptionBody,
  ELECTRICITY,
  NATURAL_GAS,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const BUILDING_A2 = "7a9e4b2c-1d3f-4e5a-8b6c-0000000000a2";

describe("the hosted service's filter names", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    await server.service.buildings.upsert({
      id: BUILDING_A2,
      companyId: COMPANY_A,
      name: "Sevilla",
    });
    const months = ["01", "02", "03", "04"];
    for (const [n, month] of months.entries()) {
      await server.service.consumptions.upsert(
        consumptionBody({
          id: `0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5e${n}`,
          entityId: `INV-${n}`,
          buildingId: n % 2 === 0 ? BUILDING_A : BUILDING_A2,
          startDate: `2024-${month}-01`,
          endDate: `2024-${month}-28`,
          quantity: 1000 + n,
          ...(n === 3 ? { categoryId: NATURAL_GAS, unitType: "kWh" } : {}),
        }),
      );
    }
    for (const [n, buildingId] of [BUILDING_A, BUILDING_A2, BUILDING_A].entries()) {
      await server.service.invoices.upsert({
        id: `9a000000-0000-4000-8000-00000000001${n}`,
        type: "electricity",
        companyId: COMPANY_A,
        buildingId,
        startDate: "2024-05-01",
        endDate: "2024-05-31",
        totalCost: 100 + n,
        currency: "EUR",
      });
    }
    admin = await server.token("admin");
  });
  afterAll(async () => {
    await server.close();
  });

  async function json(path: string): Promise<unknown> {
    const answer = await server.call("GET", `/api/v1${path}`, { token: admin });
    expect(answer.status, answer.text).toBe(200);
    return answer.json;
  }

  it.each(["/consumptions", "/emissions", "/consumptions/dashboard", "/emissions/dashboard"])(
    "%s: startDate/endDate answer what from/to answer",
    async (route) => {
      const ours = await json(`${route}?companyId=${COMPANY_A}&from=2024-02-01&to=2024-03-31`);
      const theirs = await json(
        `${route}?companyId=${COMPANY_A}&startDate=2024-02-01&endDate=2024-03-31`,
      );
      expect(theirs).toEqual(ours);
    },
  );

  it.each(["/consumptions", "/emissions"])(
    "%s: buildingIds[] answers the union of the buildings, buildingIds[] of one what buildingId answers",
    async (route) => {
      const company = await json(`${route}?companyId=${COMPANY_A}`);
      // Four bills; as emissions, the three electricity bills' four lines and the gas bill's two.
      expect(company).toHaveProperty("data.length", route === "/emissions" ? 14 : 4);
      const both = await json(`${route}?buildingIds[]=${BUILDING_A}&buildingIds[]=${BUILDING_A2}`);
      expect(both).toEqual(company);
      const one = await json(`${route}?buildingId=${BUILDING_A}`);
      expect(await json(`${route}?buildingIds[]=${BUILDING_A}`)).toEqual(one);
      expect(await json(`${route}?buildingIds=${BUILDING_A}`)).toEqual(one);
    },
  );

  it("/invoices: buildingIds[] keeps the invoices of any of the buildings; buildingId still one", async () => {
    const ids = async (query: string) =>
      ((await json(`/invoices?${query}`)) as { data: { id: string }[] }).data.map((i) => i.id);
    const madrid = await ids(`buildingId=${BUILDING_A}`);
    expect(madrid).toHaveLength(2);
    expect(await ids(`buildingIds[]=${BUILDING_A}`)).toEqual(madrid);
    expect(await ids(`buildingIds=${BUILDING_A}`)).toEqual(madrid);
    expect(await ids(`buildingIds[]=${BUILDING_A2}`)).toHaveLength(1);
    const both = await ids(`buildingIds[]=${BUILDING_A}&buildingIds[]=${BUILDING_A2}`);
    expect(both).toEqual(await ids(`companyId=${COMPANY_A}`));
    expect(both).toHaveLength(3);
    const bad = await server.call("GET", "/api/v1/invoices?buildingIds[]=nope", { token: admin });
    expect([bad.status, problemOf(bad).errors.map((issue) => issue.path)]).toEqual([
      400,
      ["buildingIds[].0"],
    ]);
  });

  it("a dashboard takes buildingIds[] of one building, and refuses several (400)", async () => {
    const one = await json(`/emissions/dashboard?buildingId=${BUILDING_A}`);
    expect(await json(`/emissions/dashboard?buildingIds[]=${BUILDING_A}`)).toEqual(one);
    const several = await server.call(
      "GET",
      `/api/v1/emissions/dashboard?buildingIds[]=${BUILDING_A}&buildingIds[]=${BUILDING_A2}`,
      { token: admin },
    );
    expect([several.status, problemOf(several).detail]).toEqual([
      400,
      "a dashboard takes one building at a time; the query names 2",
    ]);
  });

  it.each(["/consumptions", "/emissions", "/consumptions/dashboard", "/emissions/dashboard"])(
    "%s: categoryIds[] keeps the records of those categories (a parent keeps its subcategories)",
    async (route) => {
      const company = `companyId=${COMPANY_A}`;
      const gas = await json(`${route}?${company}&categoryIds[]=${NATURAL_GAS}`);
      const power = await json(`${route}?${company}&categoryIds=${ELECTRICITY}`);
      const both = await json(
        `${route}?${company}&categoryIds[]=${NATURAL_GAS}&categoryIds[]=${ELECTRICITY}`,
      );
      // Emissions are filtered line by line: the two categories keep the bills' own lines,
      // not the scope 3 category 3 lines derived from them (which are in other categories).
      const everything = route.startsWith("/emissions") ? `${company}&scope=1,2` : company;
      expect(both).toEqual(await json(`${route}?${everything}`));
      expect(gas).not.toEqual(both);
      expect(power).not.toEqual(both);
      if (route === "/emissions") {
        const category3 = await json(
          `${route}?${company}&categoryIds[]=${categoryId("s3_03_fuel_energy_related")}`,
        );
        expect(category3).toHaveProperty("pagination.total", 10);
      }
      if (!route.endsWith("dashboard")) {
        expect(gas).toHaveProperty("pagination.total", 1);
        expect(power).toHaveProperty("pagination.total", 3);
        expect(gas).toHaveProperty("data.0.categoryId", NATURAL_GAS);
        // Scope 2 holds electricity, not natural gas (scope 1).
        const scope2 = await json(`${route}?${company}&categoryIds[]=${categoryId("scope_2")}`);
        expect(scope2).toEqual(power);
      }
    },
  );

  it("/emissions/dashboard and /emissions: entityIds[] keeps the emissions of those entities", async () => {
    const company = `companyId=${COMPANY_A}`;
    expect(
      await json(`/emissions/dashboard?${company}&entityIds[]=INV-0&entityIds[]=INV-2`),
    ).toEqual(await json(`/emissions/dashboard?${company}&buildingIds[]=${BUILDING_A}`));
    // The electricity bill's four lines.
    expect(await json(`/emissions?${company}&entityIds=INV-1`)).toHaveProperty(
      "pagination.total",
      4,
    );
  });

  it("an unknown category in categoryIds[] is a 404 naming it", async () => {
    const unknown = "0d1e2f3a-4b5c-4d6e-8f70-000000000000";
    const answer = await server.call("GET", `/api/v1/consumptions?categoryIds[]=${unknown}`, {
      token: admin,
    });
    expect([answer.status, problemOf(answer).detail]).toEqual([
      404,
      `category ${unknown} not found`,
    ]);
  });

  it("countryCode answers what country answers on /emission-factors", async () => {
    expect(await json("/emission-factors?countryCode=ES&limit=5")).toEqual(
      await json("/emission-factors?country=ES&limit=5"),
    );
  });

  it("the same filter under both names, or a bad value, is a 400 naming the parameter", async () => {
    for (const [query, path] of [
      ["from=2024-01-01&startDate=2024-01-01", "startDate"],
      ["endDate=2024-13-01", "endDate"],
      ["buildingIds[]=nope", "buildingIds[].0"],
    ] as const) {
      const answer = await server.call("GET", `/api/v1/consumptions?${query}`, { token: admin });
      expect([answer.status, problemOf(answer).errors.map((issue) => issue.path)]).toEqual([
        400,
        [path],
      ]);
    }
  });
});
