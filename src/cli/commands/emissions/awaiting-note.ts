import type { PeriodFilter } from "../../../core/ports/consumptions.js";

/** `carbon emissions list --company ... --explain`, with the same filters. */
export function explainCommand(period: PeriodFilter): string {
  const flags = [
    period.companyId === undefined ? "" : ` --company ${period.companyId}`,
    period.buildingId === undefined ? "" : ` --building ${period.buildingId}`,
    period.from === undefined ? "" : ` --from ${period.from}`,
    period.to === undefined ? "" : ` --to ${period.to}`,
  ].join("");
  return `carbon emissions list${flags} --explain`;
}

/**
 * `3 consumptions are waiting for an emission factor: see carbon emissions list ... --explain`,
 * with the same filters, or undefined when none are waiting. Emission summaries count lines
 * (`noun` "emission line"), the consumption dashboard consumptions.
 */
export function awaitingFactorNote(
  count: number,
  period: PeriodFilter,
  noun: "consumption" | "emission line" = "consumption",
): string | undefined {
  if (count <= 0) return undefined;
  const subject = count === 1 ? `1 ${noun} is` : `${count} ${noun}s are`;
  return `${subject} waiting for an emission factor: see \`${explainCommand(period)}\` (status awaiting_factor)`;
}
