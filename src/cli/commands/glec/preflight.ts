/**
 * What `glec submit` checks against the engine before it stores anything: every company named
 * exists, and no entry id belongs to another company. A file that would fail half-way fails here,
 * with nothing stored. A server that cannot show one entry by id (usage: it does not offer it)
 * keeps its entries' owners itself, so the second check is then left to it.
 */
import { CarbonError, isCarbonError } from "../../../core/errors.js";
import type { GlecEntry, GlecEntryParsed } from "../../../core/model/glec.js";
import { GLEC_OWNER_HINT, ownerMessage } from "../../../core/ownership.js";
import type { CarbonService } from "../../../core/service.js";

async function unlessMissing<T>(
  read: () => Promise<T>,
  orNot: readonly string[] = ["not_found"],
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isCarbonError(error) && orNot.includes(error.code)) return undefined;
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
    const stored: GlecEntry | undefined = await unlessMissing(
      () => service.glec.get(entry.id),
      ["not_found", "usage"],
    );
    if (stored !== undefined && stored.companyId !== entry.companyId.toLowerCase()) {
      const message = ownerMessage("GLEC entry", stored.id, stored.companyId, entry.companyId);
      throw new CarbonError("conflict", `${message}: nothing was submitted`, {
        hint: GLEC_OWNER_HINT,
      });
    }
  }
}
