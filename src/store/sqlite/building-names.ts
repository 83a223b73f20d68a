/**
 * Migration 8: building names are unique per company, compared with `nameKey` (case, repeated
 * and surrounding white space ignored). The key is a stored column, filled by the repository on
 * every write, under a unique index, so the rule holds for every writer of the file. Buildings
 * that already repeated a name in their company keep their id and data and get a free name
 * "NAME (2)", "NAME (3)"…; the oldest one keeps the name, and each rename is reported.
 */
import { nameKey } from "../../core/names.js";
import type { Db } from "./database.js";

/** Longest name a building input accepts (core/model/building.ts). */
const MAX_NAME = 200;
/** Renames reported one per line; the rest are counted. */
const REPORTED_RENAMES = 20;

interface NamedBuilding {
  readonly ref: number;
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly name: string;
}

/** `name (n)` with the smallest n >= 2 whose key the company does not use yet. */
function freeName(name: string, taken: Set<string>): string {
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = `${name.trim().slice(0, MAX_NAME - suffix.length)}${suffix}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

export function uniqueBuildingNames(db: Db, report?: (message: string) => void): void {
  db.exec("ALTER TABLE buildings ADD COLUMN name_key TEXT NOT NULL DEFAULT ''");
  const buildings = db
    .prepare<[], NamedBuilding>(
      `SELECT b.ref, b.id, b.company_ref, b.name,
              (SELECT c.id FROM companies c WHERE c.ref = b.company_ref) AS company_id
         FROM buildings b ORDER BY b.company_ref, b.created_at, b.ref`,
    )
    .all();
  // Every name as stored is taken first, so a new "(2)" name never takes another's.
  const taken = new Map<number, Set<string>>();
  for (const building of buildings) {
    const keys = taken.get(building.company_ref) ?? new Set<string>();
    keys.add(nameKey(building.name));
    taken.set(building.company_ref, keys);
  }
  const update = db.prepare<[string, string, number]>(
    "UPDATE buildings SET name = ?, name_key = ? WHERE ref = ?",
  );
  const kept = new Set<string>();
  const renames: string[] = [];
  for (const building of buildings) {
    const key = nameKey(building.name);
    const companyKey = `${building.company_ref}|${key}`;
    if (!kept.has(companyKey)) {
      kept.add(companyKey);
      update.run(building.name, key, building.ref);
      continue;
    }
    const keys = taken.get(building.company_ref) ?? new Set<string>();
    const name = freeName(building.name, keys);
    keys.add(nameKey(name));
    update.run(name, nameKey(name), building.ref);
    renames.push(
      `  building ${building.id} of company ${building.company_id}: "${building.name}" is now "${name}"`,
    );
  }
  db.exec("CREATE UNIQUE INDEX buildings_by_name_key ON buildings (company_ref, name_key)");
  if (renames.length === 0 || report === undefined) return;
  const shown = renames.slice(0, REPORTED_RENAMES);
  const more = renames.length - shown.length;
  report(
    [
      `building names are now unique per company (ignoring case and repeated spaces); renamed ${renames.length} building${renames.length === 1 ? "" : "s"} that repeated another's name (ids and data unchanged):`,
      ...shown,
      ...(more > 0 ? [`  … and ${more} more (carbon buildings list shows them)`] : []),
    ].join("\n"),
  );
}
