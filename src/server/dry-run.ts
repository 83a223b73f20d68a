/**
 * `POST /consumptions?dryRun=true`: the consumption is written inside an import session opened
 * as a dry run, read back with its emission, and the session is rolled back: the answer is what
 * the upsert would give, and nothing is stored.
 *
 * With the local engine every call underneath is synchronous, so no other request runs while
 * the session is open (its writes would be refused with a conflict meanwhile).
 */
import { CarbonError, isCarbonError } from "../core/errors.js";
import type {
  Consumption,
  ConsumptionInput,
  ConsumptionUpsertResult,
  UpsertOutcome,
} from "../core/model/consumption.js";
import type { Emission } from "../core/model/emission.js";
import type { ImportCounts } from "../core/ports/consumptions.js";
import type { CarbonService } from "../core/service.js";

/** Session errors name the row (`rows.0.quantity`); a single upsert names the field. */
function asSingleRow(error: unknown): unknown {
  if (!isCarbonError(error)) return error;
  const strip = (text: string): string => text.replaceAll("rows.0.", "");
  return new CarbonError(error.code, strip(error.message), {
    issues: error.issues.map((issue) => ({ path: strip(issue.path), message: issue.message })),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    cause: error,
  });
}

function outcomeOf(counts: ImportCounts): UpsertOutcome {
  if (counts.inserted > 0) return "inserted";
  if (counts.updated > 0) return "updated";
  return "unchanged";
}

async function emissionOf(service: CarbonService, consumption: Consumption): Promise<Emission> {
  const filter = {
    companyId: consumption.companyId,
    buildingId: consumption.buildingId,
    from: consumption.startDate.slice(0, 10),
    to: consumption.endDate.slice(0, 10),
  };
  for (let page = 1; ; page += 1) {
    const answer = await service.emissions.list({ ...filter, page, limit: 500 });
    const found = answer.data.find((emission) => emission.consumptionId === consumption.id);
    if (found !== undefined) return found;
    if (answer.data.length < 500) {
      throw new Error(`dry run: the emission of consumption ${consumption.id} was not found`);
    }
  }
}

export async function dryRunUpsert(
  service: CarbonService,
  input: ConsumptionInput,
): Promise<ConsumptionUpsertResult> {
  const session = await service.consumptions.openImport({ dryRun: true });
  try {
    let counts: ImportCounts;
    try {
      counts = await session.write([input]);
    } catch (error) {
      throw asSingleRow(error);
    }
    const consumption = await service.consumptions.get(input.id.toLowerCase());
    const emission = await emissionOf(service, consumption);
    return { outcome: outcomeOf(counts), consumption, emission };
  } finally {
    await session.abort();
  }
}
