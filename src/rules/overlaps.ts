/**
 * Overlap detection for an import session (src/engine/overlaps.ts). The first time a company is
 * met, one scan of its stored consumptions fills a `PeriodIndex` of their key hashes, id hashes
 * and periods, their store keys the handles, before the session writes any row of it; rows are
 * then looked up in memory. The candidates the index answers for a batch are read back in one
 * call and each compared with its row's key exactly, so a key-hash collision is never reported.
 * A session that opened on an empty table never scans anything.
 */
import type { Consumption, ConsumptionInput } from "../core/model/consumption.js";
import type { ConsumptionOverlap } from "../core/ports/consumptions.js";
import { idHashOf, keyHashOf } from "../engine/overlap-hashes.js";
import { dayOf } from "../engine/overlaps.js";
import { LookupBatch, PeriodIndex } from "../engine/period-index.js";
import type { RowRefs } from "./row-references.js";
import type { CategoryIndex, StoreTransaction } from "./store.js";

/** The most entries an index is given room for before the scan; more make it grow. */
const PRESIZE_LIMIT = 1 << 22;

/** A stored record the index answered for some row, as it was read back. */
interface Candidate {
  readonly periods: PeriodIndex;
  readonly entry: number;
  readonly key: number;
  readonly record: Consumption;
}

/** The order of the company's list (start date, then store key), whichever way the scan went. */
function listOrder(a: Candidate, b: Candidate): number {
  if (a.record.startDate !== b.record.startDate)
    return a.record.startDate < b.record.startDate ? -1 : 1;
  return a.key - b.key;
}

function sameKeyAndPeriod(a: Consumption, b: Consumption): boolean {
  return (
    a.buildingId === b.buildingId &&
    a.categoryId === b.categoryId &&
    a.entityId === b.entityId &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate
  );
}

/** The index's answer for one row of a batch: the row's place and the entries it matched. */
interface Answer {
  readonly index: number;
  readonly entries: readonly number[];
}

export class StoredOverlaps {
  readonly #catalog: CategoryIndex;
  readonly #companies = new Map<number, PeriodIndex>();
  /** Candidates by store key (undefined: the key no longer holds the indexed record). */
  readonly #byKey = new Map<number, Candidate | undefined>();
  /** The same candidates by record id, for `carried`. */
  readonly #byId = new Map<string, Candidate>();
  /** Rows repeat the same few dates: their parses are remembered. */
  readonly #days = new Map<string, number>();
  /** The rows `find` looks up together, and where each is in its batch of rows. */
  readonly #batch = new LookupBatch();
  readonly #batchRows: number[] = [];

  constructor(catalog: CategoryIndex) {
    this.#catalog = catalog;
  }

  async #index(tx: StoreTransaction, companyRef: number): Promise<PeriodIndex> {
    const known = this.#companies.get(companyRef);
    if (known !== undefined) return known;
    let index = new PeriodIndex(0);
    await tx.overlaps.scan(
      companyRef,
      (count) => {
        index = new PeriodIndex(Math.min(count, PRESIZE_LIMIT));
      },
      (key, id, buildingRef, categoryRef, entityId, first, last) => {
        index.add(keyHashOf(buildingRef, categoryRef, entityId), idHashOf(id), first, last, key);
      },
    );
    this.#companies.set(companyRef, index);
    return index;
  }

  #day(iso: string): number {
    let day = this.#days.get(iso);
    if (day === undefined) {
      day = dayOf(Date.parse(iso));
      if (this.#days.size >= 100_000) this.#days.clear();
      this.#days.set(iso, day);
    }
    return day;
  }

  /** Rows whose company, building or category is unknown are left to the write to refuse. */
  async find(
    tx: StoreTransaction,
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
  ): Promise<ConsumptionOverlap[]> {
    const found: ConsumptionOverlap[] = [];
    // The rows of one company are looked up together (PeriodIndex.findAll).
    let companyRef: number | undefined;
    for (const [index, row] of rows.entries()) {
      const company = refs.company(row.companyId);
      const building = refs.building(row.buildingId);
      const category = this.#catalog.byId(row.categoryId);
      if (company === undefined || building === undefined || category === undefined) continue;
      if (company.ref !== companyRef) {
        if (companyRef !== undefined) await this.#lookUp(tx, companyRef, rows, refs, found);
        companyRef = company.ref;
      }
      this.#batch.push(
        keyHashOf(building.ref, category.ref, row.entityId),
        idHashOf(row.id.toLowerCase()),
        this.#day(row.startDate),
        this.#day(row.endDate),
      );
      this.#batchRows.push(index);
    }
    if (companyRef !== undefined) await this.#lookUp(tx, companyRef, rows, refs, found);
    return found;
  }

  /** Looks the batch up in the company's index, then empties it. */
  async #lookUp(
    tx: StoreTransaction,
    companyRef: number,
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
    found: ConsumptionOverlap[],
  ): Promise<void> {
    try {
      const periods = await this.#index(tx, companyRef);
      const answers: Answer[] = [];
      periods.findAll(this.#batch, (lookup, entries) => {
        answers.push({ index: this.#batchRows[lookup] ?? -1, entries: [...entries] });
      });
      await this.#readCandidates(tx, periods, answers);
      this.#verify(periods, answers, rows, refs, found);
    } finally {
      this.#batch.clear();
      this.#batchRows.length = 0;
    }
  }

  /** Reads back, in one call, the records of the entries not met before. */
  async #readCandidates(
    tx: StoreTransaction,
    periods: PeriodIndex,
    answers: readonly Answer[],
  ): Promise<void> {
    const wanted = new Map<number, number>();
    for (const { entries } of answers) {
      for (const entry of entries) {
        const key = periods.handle(entry);
        if (!this.#byKey.has(key)) wanted.set(key, entry);
      }
    }
    if (wanted.size === 0) return;
    const records = await tx.overlaps.atKeys([...wanted.keys()]);
    for (const [key, entry] of wanted) {
      const record = records.get(key);
      // A key whose record was removed may hold a later one: the id hash tells them apart.
      const candidate =
        record === undefined || idHashOf(record.id) !== periods.idHash(entry)
          ? undefined
          : { periods, entry, key, record };
      this.#byKey.set(key, candidate);
      if (candidate !== undefined) this.#byId.set(candidate.record.id, candidate);
    }
  }

  /** Each answer's candidates, verified against the row's key exactly. */
  #verify(
    periods: PeriodIndex,
    answers: readonly Answer[],
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
    found: ConsumptionOverlap[],
  ): void {
    for (const { index, entries } of answers) {
      const row = rows[index];
      const building = row === undefined ? undefined : refs.building(row.buildingId);
      const category = row === undefined ? undefined : this.#catalog.byId(row.categoryId);
      if (row === undefined || building === undefined || category === undefined) continue;
      const matches: Candidate[] = [];
      for (const entry of entries) {
        const candidate = this.#byKey.get(periods.handle(entry));
        const record = candidate?.record;
        if (
          candidate !== undefined &&
          record?.buildingId === building.id &&
          record.categoryId === category.id &&
          record.entityId === row.entityId
        ) {
          matches.push(candidate);
        }
      }
      for (const { record } of matches.sort(listOrder)) found.push({ index, existing: record });
    }
  }

  /**
   * A record is carried when a row with its id was looked up under its key, or when the session
   * has rewritten it since (a row with its id and another key).
   */
  async carried(tx: StoreTransaction, records: readonly Consumption[]): Promise<Set<string>> {
    const known = records.flatMap((record) => {
      const candidate = this.#byId.get(record.id);
      return candidate === undefined ? [] : [{ id: record.id, candidate }];
    });
    const now = await tx.overlaps.byIds(known.map(({ id }) => id));
    const carried = new Set<string>();
    for (const { id, candidate } of known) {
      const stored = now.get(id);
      if (
        candidate.periods.carried(candidate.entry) ||
        stored === undefined ||
        !sameKeyAndPeriod(stored, candidate.record)
      ) {
        carried.add(id);
      }
    }
    return carried;
  }
}
