/** The energy attribute certificates of the generic resource contract (docs/certificates.md). */
import type { CarbonService } from "../../src/core/service.js";
import type { ResourceFixture } from "./resources.js";

/** The company and building the fixture's certificates are cancelled for (Spain). */
const OWNER = "b0000000-0000-4000-8000-000000000021";
const BUILDING = "b0000000-0000-4000-8000-000000000022";

function idOf(index: number): string {
  return `60000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
}

async function storeOwner(service: CarbonService): Promise<void> {
  await service.companies.upsert({ id: OWNER, name: "Certificate owner", country: "ES" });
  await service.buildings.upsert({ id: BUILDING, companyId: OWNER, name: "Certified plant" });
}

/** Periods run the other way, so the list's period order is not the samples' id order. */
export const certificatesFixture: ResourceFixture<"certificates"> = {
  name: "certificates",
  setup: storeOwner,
  sample: (index) => ({
    id: idOf(index),
    companyId: OWNER,
    buildingId: BUILDING,
    volumeMwh: 10 + index,
    periodFrom: `202${9 - index}-01-01`,
    periodTo: `202${9 - index}-12-31`,
    technology: index % 2 === 0 ? "solar" : "wind",
    issuingBody: "CNMC",
    cancellationId: `GO-ES-${index}`,
    countryCode: "ES",
    ...(index % 2 === 0 ? { cup: "ES0021000000000001AB" } : {}),
  }),
  changed: (input) => ({ ...input, volumeMwh: 99.5, technology: "hydro", cup: null }),
  invalid: {
    id: idOf(0),
    companyId: OWNER,
    buildingId: BUILDING,
    volumeMwh: 0,
    periodFrom: "2025-01-01",
    periodTo: "2025-12-31",
    technology: "solar",
    issuingBody: "CNMC",
    cancellationId: "GO-ES-0",
    countryCode: "ES",
  },
  filter: { companyId: OWNER },
};
