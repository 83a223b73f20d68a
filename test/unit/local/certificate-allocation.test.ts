/**
 * How certificates' MWh are shared out over a building's electricity bills
 * (docs/certificates.md#coverage), case by case, worked out by hand in kWh.
 */
import { describe, expect, it } from "vitest";
import {
  allocateCertificates,
  type CoverCertificate,
  type CoverConsumption,
} from "../../../src/engine/certificate-cover.js";

function certificate(
  ref: number,
  volumeMwh: number,
  periodFrom: string,
  periodTo: string,
  extra: Partial<CoverCertificate> = {},
): CoverCertificate {
  return { ref, cup: null, volumeMwh, periodFrom, periodTo, countryCode: "ES", ...extra };
}

function bill(
  rowid: number,
  kwh: number,
  firstDay: string,
  lastDay: string,
  cup: string | null = null,
): CoverConsumption {
  return { rowid, kwh, firstDay, lastDay, cup };
}

describe("allocating certificates to consumptions", () => {
  const jan = bill(1, 10_000, "2024-01-01", "2024-01-31");
  const feb = bill(2, 8_000, "2024-02-01", "2024-02-29");
  const cases: {
    name: string;
    market: string | null;
    certificates: CoverCertificate[];
    consumptions: CoverConsumption[];
    covered: [number, number][];
  }[] = [
    {
      // 4 MWh = 4000 kWh of the 10000 consumed.
      name: "part of one bill: 4 MWh of 10 MWh",
      market: "ES",
      certificates: [certificate(1, 4, "2024-01-01", "2024-01-31")],
      consumptions: [jan],
      covered: [[1, 4000]],
    },
    {
      // 25 MWh offered, 10 MWh consumed: never more than consumed.
      name: "never more than consumed",
      market: "ES",
      certificates: [certificate(1, 25, "2024-01-01", "2024-01-31")],
      consumptions: [jan],
      covered: [[1, 10_000]],
    },
    {
      // A year's 12 MWh: January first (10000), then February (12000 - 10000 = 2000 of 8000).
      name: "earliest bill first, never more than the volume",
      market: "ES",
      certificates: [certificate(1, 12, "2024-01-01", "2024-12-31")],
      consumptions: [feb, jan].sort((a, b) => a.firstDay.localeCompare(b.firstDay)),
      covered: [
        [1, 10_000],
        [2, 2000],
      ],
    },
    {
      name: "a certificate of another period covers nothing",
      market: "ES",
      certificates: [certificate(1, 5, "2023-01-01", "2023-12-31")],
      consumptions: [jan],
      covered: [],
    },
    {
      name: "a certificate of another market covers nothing",
      market: "ES",
      certificates: [certificate(1, 5, "2024-01-01", "2024-12-31", { countryCode: "FR" })],
      consumptions: [jan],
      covered: [],
    },
    {
      // The CUPS certificate (3 MWh) goes to its supply point's bill only (3000 kWh); the
      // building's (6 MWh) then goes to the earliest bill with kWh left, the same one: 3000 +
      // 6000 = 9000 of its 10000; the other bill gets none.
      name: "a supply point's certificate first, then the building's",
      market: "ES",
      certificates: [
        certificate(1, 3, "2024-01-01", "2024-01-31", { cup: "ES0021000000000001AB" }),
        certificate(2, 6, "2024-01-01", "2024-01-31"),
      ],
      consumptions: [
        bill(1, 10_000, "2024-01-01", "2024-01-31", "ES0021000000000001AB"),
        bill(3, 2000, "2024-01-01", "2024-01-31"),
      ],
      covered: [[1, 9000]],
    },
    {
      name: "a building without a market gets nothing covered",
      market: null,
      certificates: [certificate(1, 5, "2024-01-01", "2024-12-31")],
      consumptions: [jan],
      covered: [],
    },
  ];
  it.each(cases)("$name", ({ market, certificates, consumptions, covered }) => {
    expect([...allocateCertificates(market, certificates, consumptions)]).toEqual(covered);
  });
});
