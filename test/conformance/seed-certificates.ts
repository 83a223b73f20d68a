/** The conformance seed's energy attribute certificates: Madrid HQ's electricity of 2024. */

export const certificateIds = {
  certificate: "6c000000-0000-4000-8000-000000000001",
  certificateToDelete: "6c000000-0000-4000-8000-000000000002",
  newCertificate: "6c000000-0000-4000-8000-000000000003",
} as const;

/** A certificate's flags for `carbon certificates create`. */
export function certificateArgs(
  companyId: string,
  buildingId: string,
  id: string,
  cancellationId: string,
  mwh: string,
): string[] {
  return [
    "certificates",
    "create",
    "--company",
    companyId,
    "--building",
    buildingId,
    "--mwh",
    mwh,
    "--from",
    "2024-01-01",
    "--to",
    "2024-12-31",
    "--technology",
    "solar",
    "--issuing-body",
    "CNMC",
    "--cancellation-id",
    cancellationId,
    "--country",
    "ES",
    "--id",
    id,
  ];
}

/** Two certificates of the seeded company's Madrid building (ids of seed.ts). */
export async function seedCertificates(
  carbon: (args: readonly string[]) => Promise<void>,
): Promise<void> {
  const company = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
  const madrid = "b1000000-0000-4000-8000-000000000001";
  await carbon(certificateArgs(company, madrid, certificateIds.certificate, "GDO-2024-0001", "20"));
  await carbon(
    certificateArgs(company, madrid, certificateIds.certificateToDelete, "GDO-2024-0002", "5"),
  );
}
