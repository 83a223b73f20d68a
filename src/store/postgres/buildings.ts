/**
 * Buildings in PostgreSQL: a company table, listed by name, names unique per company. A move
 * gives a building to another company with its data (its consumptions, the invoices billing it,
 * its effluent records and certificates); the old company's vehicles based at it lose their
 * building, as no record may point at another company's.
 */

import { isUuid } from "../../core/ids.js";
import type { Building } from "../../core/model/building.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { BuildingFilter } from "../../core/resources/buildings.js";
import type {
  BuildingFootprint,
  BuildingRecord,
  BuildingReferences,
  BuildingTable,
  StoredBuilding,
  StoredCompany,
} from "../../rules/store.js";
import { type BuildingColumns, buildingOf, plainBuilding } from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

// With the name as compared: findByNames answers by it.
const SELECT = `SELECT b.ref, b.id, b.company_ref, co.id AS company_id, b.name, b.name_key,
  b.country, b.created_at FROM buildings b JOIN companies co ON co.ref = b.company_ref`;

/** The tables a building's data is in: each moves with it to its new company. */
const DATA = ["consumptions", "invoices", "effluents", "certificates"];

export class PostgresBuildings implements BuildingTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<BuildingColumns, Building>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "buildings",
      alias: "b",
      order: ["b.name", "b.id"],
      decode: plainBuilding,
    });
  }

  async #rows(sql: string, params: unknown[]): Promise<StoredBuilding[]> {
    return (await this.#db.query<BuildingColumns>(sql, params)).rows.map(buildingOf);
  }

  async find(id: string): Promise<StoredBuilding | undefined> {
    const key = id.toLowerCase();
    if (!isUuid(key)) return undefined;
    return (await this.#rows(`${SELECT} WHERE b.id = $1`, [key]))[0];
  }

  async findMany(ids: readonly string[]): Promise<StoredBuilding[]> {
    const wanted = uuidsOf(ids.map((id) => id.toLowerCase()));
    if (wanted.length === 0) return [];
    return this.#rows(`${SELECT} WHERE b.id = ANY($1::uuid[])`, [wanted]);
  }

  async findByName(companyRef: number, nameKey: string): Promise<StoredBuilding | undefined> {
    return (
      await this.#rows(`${SELECT} WHERE b.company_ref = $1 AND b.name_key = $2`, [
        companyRef,
        nameKey,
      ])
    )[0];
  }

  async findByNames(
    companyRef: number,
    nameKeys: readonly string[],
  ): Promise<(StoredBuilding | undefined)[]> {
    if (nameKeys.length === 0) return [];
    const found = (
      await this.#db.query<BuildingColumns & { name_key: string }>(
        `${SELECT} WHERE b.company_ref = $1 AND b.name_key = ANY($2::text[])`,
        [companyRef, [...new Set(nameKeys)]],
      )
    ).rows;
    const byKey = new Map(found.map((row) => [row.name_key, buildingOf(row)]));
    return nameKeys.map((key) => byKey.get(key));
  }

  /** One company's page, or every company's, by name then id; an unknown company is not_found. */
  list(query: BuildingFilter & PageQuery): Promise<Page<Building>> {
    return this.#listing.list(query);
  }

  async save(record: BuildingRecord, at: string): Promise<void> {
    await this.#db.query(
      `INSERT INTO buildings (company_ref, id, name, name_key, country, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (company_ref, id) DO UPDATE SET
         name = excluded.name, name_key = excluded.name_key, country = excluded.country`,
      [record.companyRef, record.id, record.name, record.nameKey, record.country, at],
    );
  }

  async footprints(refs: readonly number[]): Promise<BuildingFootprint[]> {
    if (refs.length === 0) return [];
    const found = await this.#db.query<{
      ref: string;
      consumptions: string;
      emissions: string;
      co2e: string;
      naming: string;
    }>(
      `SELECT r.ref, count(c.id) AS consumptions, count(c.co2e) AS emissions,
         coalesce(sum(c.co2e), 0) AS co2e, count(c.input_ref) AS naming
       FROM unnest($1::bigint[]) AS r (ref)
       LEFT JOIN consumptions c ON c.building_ref = r.ref GROUP BY r.ref`,
      [[...new Set(refs)]],
    );
    const byRef = new Map(
      found.rows.map((row) => [
        Number(row.ref),
        {
          consumptions: Number(row.consumptions),
          emissions: Number(row.emissions),
          co2e: Number(row.co2e),
          namingInputs: Number(row.naming),
        },
      ]),
    );
    return refs.map(
      (ref) => byRef.get(ref) ?? { consumptions: 0, emissions: 0, co2e: 0, namingInputs: 0 },
    );
  }

  async references(
    buildings: readonly Pick<StoredBuilding, "ref" | "id">[],
  ): Promise<BuildingReferences[]> {
    if (buildings.length === 0) return [];
    const refs = buildings.map((building) => building.ref);
    const ids = buildings.map((building) => building.id);
    const counts = async (sql: string, params: unknown[]) => {
      const rows = (await this.#db.query<{ key: string; n: string }>(sql, params)).rows;
      return new Map(rows.map((row) => [row.key, Number(row.n)]));
    };
    const byRef = (table: string) =>
      counts(
        `SELECT building_ref::text AS key, count(*) AS n FROM ${table}
         WHERE building_ref = ANY($1::bigint[]) GROUP BY building_ref`,
        [refs],
      );
    const effluents = await byRef("effluents");
    const certificates = await byRef("certificates");
    const invoices = await byRef("invoices");
    const limits = await counts(
      `SELECT m.value ->> 'buildingId' AS key, count(DISTINCT l.id) AS n
       FROM organization_limits l, jsonb_array_elements(l.members) m
       WHERE m.value ->> 'buildingId' = ANY($1::text[]) GROUP BY 1`,
      [ids],
    );
    return buildings.map(({ ref, id }) => ({
      effluents: effluents.get(String(ref)) ?? 0,
      certificates: certificates.get(String(ref)) ?? 0,
      invoices: invoices.get(String(ref)) ?? 0,
      limits: limits.get(id) ?? 0,
    }));
  }

  async move(buildings: readonly StoredBuilding[], company: StoredCompany): Promise<void> {
    // The keys to the buildings are checked once every row has moved (they are DEFERRABLE).
    await this.#db.query("SET CONSTRAINTS ALL DEFERRED");
    for (const building of buildings) {
      const params = [company.ref, building.companyRef, building.ref];
      await this.#db.query(
        "UPDATE vehicles SET building_ref = NULL WHERE company_ref = $1 AND building_ref = $2",
        [building.companyRef, building.ref],
      );
      await this.#db.query(
        "UPDATE buildings SET company_ref = $1 WHERE company_ref = $2 AND ref = $3",
        params,
      );
      for (const table of DATA) {
        await this.#db.query(
          `UPDATE ${table} SET company_ref = $1 WHERE company_ref = $2 AND building_ref = $3`,
          params,
        );
      }
    }
  }

  /** Every building's name by id (a dashboard's labels). */
  async names(): Promise<Map<string, string>> {
    const found = await this.#db.query<{ id: string; name: string }>(
      "SELECT id, name FROM buildings",
    );
    return new Map(found.rows.map((row) => [row.id, row.name]));
  }
}
