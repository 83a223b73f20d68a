/** Organization limits in SQLite (migration 19): a company's boundaries, members kept as JSON. */
import { z } from "zod";
import { missingMember, notFound, validationError } from "../../core/errors.js";
import type { Page } from "../../core/model/common.js";
import {
  type ConsolidationApproach,
  type LimitMember,
  type OrganizationLimit,
  type OrganizationLimitInput,
  organizationLimitInputSchema,
} from "../../core/model/organization-limit.js";
import { ownerConflict } from "../../core/ownership.js";
import type { OrganizationLimitQuery } from "../../core/ports/organization-limits.js";
import { parseInput } from "../../core/validate.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import { CompanyListing } from "../../store/sqlite/company-listing.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";
import type { BuildingRepository } from "./buildings.js";

/** Migration 19: one row per limit, its members a JSON array; listed by period, name and id. */
export const ORGANIZATION_LIMITS_SCHEMA = `
CREATE TABLE organization_limits (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  name TEXT NOT NULL,
  approach TEXT NOT NULL
    CHECK (approach IN ('operational_control', 'financial_control', 'equity_share')),
  period_from TEXT NOT NULL,
  period_to TEXT NOT NULL CHECK (period_to >= period_from),
  members TEXT NOT NULL CHECK (json_valid(members)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX organization_limits_in_order ON organization_limits (company_ref, period_from, name, id);
CREATE INDEX organization_limits_by_period ON organization_limits (period_from, name, id);
`;

export interface LimitRow {
  ref: number;
  id: string;
  company_id: string;
  company_ref: number;
  name: string;
  approach: ConsolidationApproach;
  period_from: string;
  period_to: string;
  members: string;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT l.ref, l.id, co.id AS company_id, l.company_ref, l.name, l.approach,
  l.period_from, l.period_to, l.members, l.created_at, l.updated_at
  FROM organization_limits l JOIN companies co ON co.ref = l.company_ref`;

/** The stored JSON array (written only from checked input), read back with its schema. */
const storedMembers = z.array(
  z.object({
    companyId: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    buildingId: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    sharePercent: z.number(),
  }),
);

function membersOf(text: string): LimitMember[] {
  return storedMembers.parse(JSON.parse(text));
}

function fromRow(row: LimitRow): OrganizationLimit {
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    approach: row.approach,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    members: membersOf(row.members),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type UpsertParams = [string, number, string, string, string, string, string, string, string];

export class OrganizationLimitRepository {
  readonly #companies: CompanyRepository;
  readonly #buildings: BuildingRepository;
  readonly #byId;
  readonly #listing: CompanyListing<LimitRow, OrganizationLimit>;
  readonly #upsert;

  constructor(db: Db, companies: CompanyRepository, buildings: BuildingRepository) {
    this.#companies = companies;
    this.#buildings = buildings;
    this.#byId = lazy(() => db.prepare<[string], LimitRow>(`${SELECT} WHERE l.id = ?`));
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "organization_limits",
      alias: "l",
      order: ["period_from", "name", "id"],
      key: (row) => [row.period_from, row.name, row.id],
      decode: fromRow,
    });
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO organization_limits (id, company_ref, name, approach, period_from, period_to,
         members, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         name = excluded.name, approach = excluded.approach, period_from = excluded.period_from,
         period_to = excluded.period_to, members = excluded.members, updated_at = excluded.updated_at`,
      ),
    );
  }

  /** A limit of the company; unknown, or another company's, is not_found. */
  get(companyId: string, limitId: string): OrganizationLimit {
    const row = this.#byId().get(limitId.trim().toLowerCase());
    if (row === undefined || row.company_id !== companyId.trim().toLowerCase()) {
      throw notFound("organization limit", limitId);
    }
    return fromRow(row);
  }

  /** A limit by its id alone, whatever its company (a deletion checks the company after). */
  find(limitId: string): OrganizationLimit {
    const row = this.#byId().get(limitId.trim().toLowerCase());
    if (row === undefined) throw notFound("organization limit", limitId);
    return fromRow(row);
  }

  list(query: OrganizationLimitQuery): Page<OrganizationLimit> {
    return this.#listing.list(query);
  }

  keyset(filter: { readonly companyId: string }): Keyset<LimitRow, OrganizationLimit> {
    return this.#listing.keyset(filter);
  }

  /** Upsert by id: members must exist, a building not be a member company's; the company stays. */
  upsert(input: OrganizationLimitInput): OrganizationLimit {
    const parsed = parseInput(organizationLimitInputSchema, input, "organization limit");
    const id = parsed.id.toLowerCase();
    const company = this.#companies.get(parsed.companyId);
    const before = this.#byId().get(id);
    if (before !== undefined && before.company_ref !== company.ref) {
      throw ownerConflict("organization limit", id, before.company_id, company.id);
    }
    const memberCompanies = new Set(
      parsed.members.flatMap((m) => (m.companyId === undefined ? [] : [m.companyId.toLowerCase()])),
    );
    const members = parsed.members.map((member, index) => {
      const sharePercent = member.sharePercent ?? 100;
      if (member.companyId !== undefined) {
        const found = this.#companies.find(member.companyId);
        if (found === undefined) throw missingMember("company", member.companyId, index);
        return { companyId: found.id, sharePercent };
      }
      const buildingId = member.buildingId ?? "";
      const building = this.#buildings.find(buildingId);
      if (building === undefined) throw missingMember("building", buildingId, index);
      if (memberCompanies.has(building.companyId)) {
        throw validationError(
          `invalid organization limit: members.${index}.buildingId: building ${building.id} belongs to member company ${building.companyId}, which counts it already`,
          [
            {
              path: `members.${index}.buildingId`,
              message: `belongs to member company ${building.companyId}`,
            },
          ],
        );
      }
      return { buildingId: building.id, sharePercent };
    });
    const now = new Date().toISOString();
    this.#upsert().run(
      id,
      company.ref,
      parsed.name,
      parsed.approach,
      parsed.periodFrom,
      parsed.periodTo,
      JSON.stringify(members),
      now,
      now,
    );
    return this.get(company.id, id);
  }
}
