/**
 * `carbon factors releases` and `carbon factors diff OLD NEW`: the releases the store has
 * loaded and the factors that differ between two of them.
 */
import { CarbonError } from "../core/errors.js";
import type { EmissionFactor } from "../core/model/factor.js";
import {
  changedFields,
  type FactorChange,
  type FactorRelease,
} from "../core/model/factor-release.js";
import type { StoredRelease, StoreTransaction } from "./store.js";

/** Every release loaded, oldest first; the last is the current one. */
export async function factorReleases(tx: StoreTransaction): Promise<FactorRelease[]> {
  const releases = await tx.factors.releases();
  const current = releases.at(-1)?.ref;
  return releases.map((r) => ({
    version: r.version,
    name: r.name,
    note: r.note,
    loadedAt: r.loadedAt,
    factors: r.factors,
    added: r.added,
    changed: r.changed,
    removed: r.removed,
    current: r.ref === current,
  }));
}

async function releaseOf(tx: StoreTransaction, versionOrName: string): Promise<StoredRelease> {
  const release = await tx.factors.release(versionOrName);
  if (release === undefined) {
    throw new CarbonError(
      "not_found",
      `factor library release ${versionOrName} not found: this database has not loaded it`,
      { hint: "see the releases it holds with `carbon factors releases`" },
    );
  }
  return release;
}

const sideOf = (f: EmissionFactor) => ({
  co2e: f.co2e,
  co2: f.co2,
  ch4: f.ch4,
  n2o: f.n2o,
  biogenicCo2: f.biogenicCo2,
  gwpSet: f.gwpSet,
});

function changeOf(
  change: FactorChange["change"],
  row: EmissionFactor,
  before: EmissionFactor | undefined,
  after: EmissionFactor | undefined,
  fields: string[],
): FactorChange {
  return {
    change,
    id: row.id,
    key: row.key,
    scope: row.scope,
    country: row.country,
    year: row.year,
    unit: row.unit,
    basis: row.basis,
    source: row.source,
    fields,
    old: before === undefined ? null : sideOf(before),
    new: after === undefined ? null : sideOf(after),
  };
}

const orderKey = (c: FactorChange): string =>
  [c.key, c.country ?? "", String(c.year).padStart(4, "0"), c.unit, c.scope, c.id].join("\u0000");

/**
 * The factors added (only in `to`), removed (only in `from`) and changed (one id, another value,
 * gas split, biogenic CO2, GWP set or calorific basis) from one release to the other.
 */
export async function diffFactorReleases(
  tx: StoreTransaction,
  from: string,
  to: string,
): Promise<FactorChange[]> {
  const older = await releaseOf(tx, from);
  const newer = await releaseOf(tx, to);
  const before = new Map((await tx.factors.factorsOf(older.ref)).map((f) => [f.id, f]));
  const after = await tx.factors.factorsOf(newer.ref);
  const changes: FactorChange[] = [];
  for (const row of after) {
    const old = before.get(row.id);
    before.delete(row.id);
    if (old === undefined) {
      changes.push(changeOf("added", row, undefined, row, []));
      continue;
    }
    const fields = changedFields(old, row);
    if (fields.length > 0) changes.push(changeOf("changed", row, old, row, fields));
  }
  for (const gone of before.values()) changes.push(changeOf("removed", gone, gone, undefined, []));
  return changes.sort((a, b) =>
    orderKey(a) < orderKey(b) ? -1 : orderKey(a) > orderKey(b) ? 1 : 0,
  );
}
