/**
 * What `glec submit` checks against the engine before it stores anything: every company named
 * exists, and no entry id belongs to another company. A file that would fail half-way fails here,
 * with nothing stored.
 */
import { CarbonError, isCarbonError } from "../../../core/errors.js";
import type { GlecEntry, GlecEntryParsed } from "../../../core/model/glec.js";
import { GLEC_OWNER_HINT, ownerMessage } from "../../../core/ownership.js";
import type { CarbonService } from "../../../core/service.js";

async function unlessMissing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isCarbonError(error) && error.code === "not_found") return undefined;
    throw error;
  }
}

export async function preflight(
  service: CarbonService,
  entries: readonly GlecEntryParsed[],
): Promise<void> {
  for (const companyId of new Set(entries.map((entry) => entry.companyId.toLowerCase()))) {
    if ((await unlessMissing(() => service.companies.get(companyId))) === undefined) {
      throw new CarbonError("not_found", `company ${companyId} not found: nothing was submitted`, {
        hint: "create it first: carbon companies create --id ID --name NAME",
      });
    }
  }
  for (const entry of entries) {
    const stored: GlecEntry | undefined = await unlessMissing(() => service.getGlecEntry(entry.id));
    if (stored !== undefined && stored.companyId !== entry.companyId.toLowerCase()) {
      const message = ownerMessage("GLEC entry", stored.id, stored.companyId, entry.companyId);
      throw new CarbonError("conflict", `${message}: nothing was submitted`, {
        hint: GLEC_OWNER_HINT,
      });
    }
  }
}
