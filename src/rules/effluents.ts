/**
 * Effluent records: limits and quality records upserted by id, each keeping its company, at a
 * building of that company, a building having one limit per parameter and year.
 *
 * A batch (an import) reads what its records name at once, checks each against what the ones
 * before it wrote, and stores all of them, or none when one is refused (its error is the
 * batch's).
 */
import { CarbonError, notFound } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import { type Effluent, type EffluentInput, effluentInputSchema } from "../core/model/effluent.js";
import { notInCompany, ownerConflict } from "../core/ownership.js";
import type { EffluentFilter } from "../core/resources/effluents.js";
import { parseInput } from "../core/validate.js";
import { byGivenId } from "./companies.js";
import type { EffluentRecord, StoredBuilding, StoredCompany, StoreTransaction } from "./store.js";

export async function getEffluent(tx: StoreTransaction, id: string): Promise<Effluent> {
  const found = await tx.effluents.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("effluent record", id);
  const { companyRef: _, buildingRef: __, ...effluent } = found;
  return effluent;
}

/** One page of a company's records (of a building, type, year); an unknown one is not_found. */
export async function listEffluents(
  tx: StoreTransaction,
  query: EffluentFilter & PageQuery,
): Promise<Page<Effluent>> {
  return tx.effluents.list(query);
}

/** The input, validated (a usage error names each field at fault), its id in lower case. */
function parseEffluent(input: EffluentInput) {
  const parsed = parseInput(effluentInputSchema, input, "effluent record");
  return { ...parsed, id: parsed.id.toLowerCase() };
}

type ParsedEffluent = ReturnType<typeof parseEffluent>;

/** What the checks need of a record as it stands (stored, or written by an earlier one). */
interface Current {
  readonly companyRef: number;
  readonly companyId: string;
  readonly buildingRef: number;
  readonly type: string | null;
  readonly parameter: string | null;
  readonly year: number | null;
}

function limitSlot(buildingRef: number, parameter: string | null, year: number | null): string {
  return JSON.stringify([buildingRef, parameter, year]);
}

/**
 * The records, companies, buildings and limits a batch names, read at once, and kept up to
 * date as each record's write is applied: a record sees the ones before it.
 */
class KnownEffluents {
  readonly #companies: ReadonlyMap<string, StoredCompany | undefined>;
  readonly #buildings: ReadonlyMap<string, StoredBuilding | undefined>;
  readonly #records = new Map<string, Current>();
  /** The id of the limit of each building, parameter and year. */
  readonly #limits = new Map<string, string>();

  constructor(parts: {
    readonly companies: ReadonlyMap<string, StoredCompany | undefined>;
    readonly buildings: ReadonlyMap<string, StoredBuilding | undefined>;
    readonly records: readonly (Current & { readonly id: string })[];
    readonly limits: readonly {
      readonly buildingRef: number;
      readonly parameter: string;
      readonly year: number;
      readonly id: string;
    }[];
  }) {
    this.#companies = parts.companies;
    this.#buildings = parts.buildings;
    for (const record of parts.records) this.#records.set(record.id, record);
    for (const limit of parts.limits) {
      this.#limits.set(limitSlot(limit.buildingRef, limit.parameter, limit.year), limit.id);
    }
  }

  /**
   * The record an input writes. The building must be one of the company's (not_found), a
   * record keeps its company (conflict), and a building has one limit per parameter and year
   * (conflict naming the other record).
   */
  check(row: ParsedEffluent): { readonly record: EffluentRecord; readonly company: StoredCompany } {
    const company = this.#companies.get(row.companyId);
    if (company === undefined) throw notFound("company", row.companyId);
    const building = this.#buildings.get(row.buildingId);
    if (building === undefined || building.companyRef !== company.ref) {
      throw notInCompany(
        { what: "building", id: row.buildingId, field: "buildingId" },
        company,
        "an effluent record belongs to a building of its own company: see carbon buildings list --company",
      );
    }
    const before = this.#records.get(row.id);
    if (before !== undefined && before.companyRef !== company.ref) {
      throw ownerConflict("effluent record", row.id, before.companyId, company.id);
    }
    if (row.type === "limit") {
      const other = this.#limits.get(limitSlot(building.ref, row.parameter, row.year));
      if (other !== undefined && other !== row.id) {
        throw new CarbonError(
          "conflict",
          `building ${building.id} already has a ${row.parameter} limit for ${row.year}: effluent record ${other}`,
          {
            hint: `a building has one limit per parameter and year: update that record (--id ${other}) instead`,
            issues: [{ path: "year", message: `the ${row.year} limit is ${other}` }],
          },
        );
      }
    }
    const record: EffluentRecord = {
      id: row.id,
      companyRef: company.ref,
      buildingRef: building.ref,
      type: row.type,
      parameter: row.parameter,
      value: row.value,
      unit: row.unit,
      year: row.year,
      sampledAt: row.sampledAt,
      minValue: row.minValue,
      dischargePoint: row.dischargePoint,
      notes: row.notes,
    };
    return { record, company };
  }

  /** The records after this one see its write. */
  apply(record: EffluentRecord, company: StoredCompany): void {
    const before = this.#records.get(record.id);
    if (before !== undefined && before.type === "limit") {
      const slot = limitSlot(before.buildingRef, before.parameter, before.year);
      if (this.#limits.get(slot) === record.id) this.#limits.delete(slot);
    }
    this.#records.set(record.id, {
      companyRef: record.companyRef,
      companyId: company.id,
      buildingRef: record.buildingRef,
      type: record.type,
      parameter: record.parameter,
      year: record.year,
    });
    if (record.type === "limit") {
      this.#limits.set(limitSlot(record.buildingRef, record.parameter, record.year), record.id);
    }
  }
}

/** Reads, in a few calls of the store, what the records name. */
async function readKnownEffluents(
  tx: StoreTransaction,
  rows: readonly ParsedEffluent[],
): Promise<KnownEffluents> {
  const companyIds = [...new Set(rows.map((row) => row.companyId))];
  const buildingIds = [...new Set(rows.map((row) => row.buildingId))];
  const [foundCompanies, foundBuildings, records] = await Promise.all([
    tx.companies.findMany(companyIds),
    tx.buildings.findMany(buildingIds),
    tx.effluents.findMany([...new Set(rows.map((row) => row.id))]),
  ]);
  const companies = byGivenId(companyIds, foundCompanies);
  const buildings = byGivenId(buildingIds, foundBuildings);
  const buildingOf = new Map(buildings);
  const keys = rows.flatMap((row) => {
    const building = buildingOf.get(row.buildingId);
    return row.type !== "limit" || building === undefined
      ? []
      : [{ buildingRef: building.ref, parameter: row.parameter, year: row.year }];
  });
  const limits = keys.length === 0 ? [] : await tx.effluents.limits(keys);
  return new KnownEffluents({
    companies: new Map(companies),
    buildings: buildingOf,
    records,
    limits,
  });
}

/**
 * Upsert by id, replacing every field but createdAt. The building must be one of the
 * company's (not_found), a record keeps its company, and a building has one limit per
 * parameter and year (conflict naming the other record).
 */
export async function upsertEffluent(
  tx: StoreTransaction,
  input: EffluentInput,
): Promise<Effluent> {
  const row = parseEffluent(input);
  const known = await readKnownEffluents(tx, [row]);
  const { record } = known.check(row);
  await tx.effluents.saveAll([record], new Date().toISOString());
  return getEffluent(tx, row.id);
}

/**
 * Upserts in order, each checked as `upsertEffluent` checks one against what the ones before
 * it wrote; the first refused one is the batch's error, and nothing is stored.
 */
export async function writeEffluents(
  tx: StoreTransaction,
  inputs: readonly EffluentInput[],
): Promise<void> {
  // The inputs before the first invalid one are checked first: their refusal comes before it.
  const rows: ParsedEffluent[] = [];
  let invalid: { readonly error: unknown } | undefined;
  for (const input of inputs) {
    try {
      rows.push(parseEffluent(input));
    } catch (error) {
      invalid = { error };
      break;
    }
  }
  if (rows.length === 0) {
    if (invalid !== undefined) throw invalid.error;
    return;
  }
  const known = await readKnownEffluents(tx, rows);
  const records = rows.map((row) => {
    const { record, company } = known.check(row);
    known.apply(record, company);
    return record;
  });
  if (invalid !== undefined) throw invalid.error;
  if (records.length > 0) await tx.effluents.saveAll(records, new Date().toISOString());
}
