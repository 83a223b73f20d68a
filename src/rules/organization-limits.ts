/**
 * Organization limits: a company's boundaries for a period, upserted by id, each keeping its
 * company; every member exists, and a member building is no member company's (that company
 * counts it already).
 */
import { missingMember, notFound, validationError } from "../core/errors.js";
import type { Page } from "../core/model/common.js";
import {
  type OrganizationLimit,
  type OrganizationLimitInput,
  organizationLimitInputSchema,
} from "../core/model/organization-limit.js";
import { ownerConflict } from "../core/ownership.js";
import type { OrganizationLimitQuery } from "../core/ports/organization-limits.js";
import { parseInput } from "../core/validate.js";
import { byGivenId, companyOf } from "./companies.js";
import type { OrganizationLimitMemberRecord, StoreTransaction } from "./store.js";

/** A limit of the company; unknown, or another company's, is not_found. */
export async function getOrganizationLimit(
  tx: StoreTransaction,
  companyId: string,
  limitId: string,
): Promise<OrganizationLimit> {
  const found = await tx.organizationLimits.find(limitId.trim().toLowerCase());
  if (found === undefined || found.companyId !== companyId.trim().toLowerCase()) {
    throw notFound("organization limit", limitId);
  }
  const { companyRef: _, ...limit } = found;
  return limit;
}

/** One company's page; an unknown company is not_found. */
export async function listOrganizationLimits(
  tx: StoreTransaction,
  query: OrganizationLimitQuery,
): Promise<Page<OrganizationLimit>> {
  return tx.organizationLimits.list(query);
}

/**
 * The members as stored, each found, in the input's order: an unknown company or building is
 * not_found at its index, and a building of a member company is invalid (it would count twice).
 */
async function limitMembers(
  tx: StoreTransaction,
  members: OrganizationLimitInput["members"],
): Promise<OrganizationLimitMemberRecord[]> {
  const memberCompanies = new Set(
    members.flatMap((m) => (m.companyId === undefined ? [] : [m.companyId.toLowerCase()])),
  );
  // Every member read in two calls, then checked in the input's order.
  const companyIds = members.flatMap((m) => (m.companyId === undefined ? [] : [m.companyId]));
  const buildingIds = members.flatMap((m) =>
    m.companyId === undefined && m.buildingId !== undefined ? [m.buildingId] : [],
  );
  const [companies, buildings] = await Promise.all([
    companyIds.length === 0 ? [] : tx.companies.findMany(companyIds),
    buildingIds.length === 0 ? [] : tx.buildings.findMany(buildingIds),
  ]);
  const memberCompany = new Map(byGivenId(companyIds, companies));
  const memberBuilding = new Map(byGivenId(buildingIds, buildings));
  const found: OrganizationLimitMemberRecord[] = [];
  for (const [index, member] of members.entries()) {
    const sharePercent = member.sharePercent ?? 100;
    if (member.companyId !== undefined) {
      const company = memberCompany.get(member.companyId);
      if (company === undefined) throw missingMember("company", member.companyId, index);
      found.push({ companyId: company.id, sharePercent });
      continue;
    }
    const buildingId = member.buildingId ?? "";
    const building = memberBuilding.get(buildingId);
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
    found.push({ buildingId: building.id, sharePercent });
  }
  return found;
}

/**
 * Upsert by id, replacing every field but createdAt. The company must exist (not_found), a
 * limit keeps its company (conflict), and its members must be found (limitMembers).
 */
export async function upsertOrganizationLimit(
  tx: StoreTransaction,
  input: OrganizationLimitInput,
): Promise<OrganizationLimit> {
  const parsed = parseInput(organizationLimitInputSchema, input, "organization limit");
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const before = await tx.organizationLimits.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("organization limit", id, before.companyId, company.id);
  }
  const members = await limitMembers(tx, parsed.members);
  await tx.organizationLimits.save(
    {
      id,
      companyRef: company.ref,
      name: parsed.name,
      approach: parsed.approach,
      periodFrom: parsed.periodFrom,
      periodTo: parsed.periodTo,
      members,
    },
    new Date().toISOString(),
  );
  return getOrganizationLimit(tx, company.id, id);
}
