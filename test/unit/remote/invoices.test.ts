/**
 * Invoices against a server that is not ours (a MockAgent stands for it: carbon serve never
 * answers these shapes): the hosted `{status, invoice}` answer, a bare `{status: "ok"}`, bodies
 * without nulls, and a delete where the route is not announced.
 */
import { describe, expect, it } from "vitest";
import { CarbonError } from "../../../src/core/errors.js";
import type { InvoiceInput } from "../../../src/core/model/invoice.js";
import { mockedOrigin, mockedRemoteService } from "./mocked-service.js";

const origin = mockedOrigin;
const company = "5f2c1a00-1b2c-1d3e-9f40-123456789abc";
const building = "6a3d2b11-2c3d-1e4f-8a51-23456789abcd";
const id = "9a000000-0000-4000-8000-000000000001";

const mocked = mockedRemoteService("hosted-token");

const input: InvoiceInput = {
  id,
  type: "heat",
  companyId: company,
  buildingId: building,
  startDate: "2025-01-01",
  endDate: "2025-01-31",
  totalCost: 95,
  currency: "eur",
  lines: [{ quantity: 5000, unit: "kWh" }],
};

/** Answers the next POST /invoices with `body`, keeping what was sent. */
function answerPost(body: unknown, sent: unknown[]): void {
  mocked.agent
    .get(origin)
    .intercept({ method: "POST", path: "/api/v1/invoices" })
    .reply(
      200,
      (options) => {
        sent.push(JSON.parse(String(options.body)));
        return JSON.stringify(body);
      },
      { headers: { "content-type": "application/json" } },
    );
}

describe("remote invoices on a server that is not ours", () => {
  it("reads the hosted {status, invoice} answer, and sends no null, in the lines neither", async () => {
    const sent: unknown[] = [];
    answerPost(
      {
        status: "ok",
        invoice: {
          id,
          type: "heat",
          companyId: company,
          lines: [{ quantity: "5000", unit: "kWh", emissions: 910 }],
        },
      },
      sent,
    );
    const stored = await mocked.service.invoices.upsert(input);
    expect(stored).toMatchObject({ id, type: "heat", companyId: company, cup: null });
    expect(stored.lines[0]).toMatchObject({ quantity: 5000, emissions: 910 });
    expect(JSON.stringify(sent[0])).not.toContain("null");
    expect(sent[0]).toMatchObject({
      currency: "EUR",
      status: "valid",
      lines: [{ quantity: 5000, unit: "kWh" }],
    });
  });

  it('takes a bare {status: "ok"} as the invoice sent', async () => {
    answerPost({ status: "ok" }, []);
    const stored = await mocked.service.invoices.upsert(input);
    expect(stored).toMatchObject({ id, type: "heat", totalCost: 95, currency: "EUR" });
    expect(stored.lines[0]).toMatchObject({ quantity: 5000, emissions: null });
  });

  it("refuses a delete the server does not announce, sending nothing but who-am-i", async () => {
    mocked.agent
      .get(origin)
      .intercept({ method: "POST", path: "/api/v1/auth/who-am-i" })
      .reply(200, JSON.stringify({ email: "ana@example.com" }), {
        headers: { "content-type": "application/json" },
      });
    const refused = await mocked.service
      .deleteRecords({ resource: "invoice", ids: [id], dryRun: true })
      .catch((error: unknown) => error);
    if (!(refused instanceof CarbonError)) throw new Error("expected a CarbonError");
    expect(refused.code).toBe("usage");
    expect(refused.message).toContain("does not offer deleting invoices");
  });
});

describe("remote invoices list on a server that ignores its filters", () => {
  const invoice = (n: number, startDate: string, endDate: string, type = "electricity") => ({
    id: `9a000000-0000-4000-8000-00000000000${n}`,
    type,
    companyId: company,
    buildingId: building,
    startDate,
    endDate,
  });

  it("sends the hosted filter names and keeps only the invoices that meet them", async () => {
    const asked: string[] = [];
    mocked.agent
      .get(origin)
      .intercept({ method: "GET", path: (p) => p.startsWith("/api/v1/invoices?") })
      .reply(
        200,
        (options) => {
          asked.push(String(options.path));
          return JSON.stringify({
            data: [
              invoice(1, "2025-01-01", "2025-01-31"),
              invoice(2, "2025-01-15", "2025-02-14"),
              invoice(3, "2025-02-01", "2025-02-28", "heat"),
              invoice(4, "2025-03-01", "2025-03-31"),
            ],
            pagination: { page: 1, limit: 50, total: 4 },
          });
        },
        { headers: { "content-type": "application/json" } },
      );
    const page = await mocked.service.invoices.list({
      companyId: company,
      type: "electricity",
      startDate: "2025-02-01",
      endDate: "2025-02-28",
    });
    expect(asked[0]).toContain("startDate=2025-02-01");
    expect(asked[0]).toContain("endDate=2025-02-28");
    // Only invoice 2 is electricity and bills a day of February.
    expect(page.data.map((i) => i.id.slice(-1))).toEqual(["2"]);
  });
});
