/**
 * A company's emissions consolidated by an organization limit (docs/organization-limits.md):
 * the company's own at 100 %, each member's over the limit's period times the share the
 * approach applies (equity share: its share; a control approach: 100 %), location- and
 * market-based. The same on both engines: the figures come from `emissions.summarize`.
 */
import { CarbonError } from "./errors.js";
import type { EmissionSummary } from "./model/emission.js";
import type { GwpSet } from "./model/factor.js";
import {
  type ConsolidationApproach,
  consolidationApproaches,
  type OrganizationLimit,
} from "./model/organization-limit.js";
import type { BuildingsPort } from "./ports/buildings.js";
import type { EmissionsPort } from "./ports/emissions.js";

/** The figures one row of a consolidation is made of (kgCO2e). */
export interface Figures {
  readonly co2e: number;
  readonly co2eMarketBased: number;
  readonly byScope: { readonly "1": number; readonly "2": number; readonly "3": number };
  readonly awaitingFactor: number;
}

export interface ConsolidationRow extends Figures {
  /** `company` for the limit's own company (its buildings listed as members aside) and subsidiaries. */
  readonly kind: "company" | "building";
  readonly id: string;
  /** `parent` for the limit's own company, `member` for the rest. */
  readonly role: "parent" | "member";
  /** The share the limit records (100 for the parent). */
  readonly sharePercent: number;
  /** The share applied: the recorded one under equity share, 100 under a control approach. */
  readonly appliedPercent: number;
  /** co2e × appliedPercent / 100, and the same of the market-based figure. */
  readonly consolidatedCo2e: number;
  readonly consolidatedCo2eMarketBased: number;
}

export interface Consolidation {
  readonly limit: {
    readonly id: string;
    readonly companyId: string;
    readonly name: string;
    readonly approach: ConsolidationApproach;
    readonly periodFrom: string;
    readonly periodTo: string;
  };
  readonly rows: readonly ConsolidationRow[];
  /** The consolidated figures: each row's times its applied share, summed. */
  readonly totals: Figures;
  /** The GWP set the figures are stated in (the parent's summary's; null: not stated). */
  readonly gwpSet: GwpSet | null;
}

/** What the arithmetic needs of a limit (a remote answer may lack some: then it has none). */
export interface LimitTerms {
  readonly id: string;
  readonly companyId: string;
  readonly name: string;
  readonly approach: ConsolidationApproach;
  readonly periodFrom: string;
  readonly periodTo: string;
  readonly members: readonly {
    readonly kind: "company" | "building";
    readonly id: string;
    readonly sharePercent: number;
  }[];
}

/** The figures of each part of the boundary, as read from the emissions. */
export interface BoundaryFigures {
  /** The parent company's whole emissions, its member buildings included. */
  readonly parent: Figures;
  /** Each member's own figures, by member id (lower case). */
  readonly members: ReadonlyMap<string, Figures>;
  /** The member buildings that belong to the parent company (lower-case ids). */
  readonly parentBuildings: ReadonlySet<string>;
  /** The GWP set the summaries state. */
  readonly gwpSet?: GwpSet | null;
}

const zero: Figures = {
  co2e: 0,
  co2eMarketBased: 0,
  byScope: { 1: 0, 2: 0, 3: 0 },
  awaitingFactor: 0,
};

function combine(a: Figures, b: Figures, factor: number): Figures {
  return {
    co2e: a.co2e + b.co2e * factor,
    co2eMarketBased: a.co2eMarketBased + b.co2eMarketBased * factor,
    byScope: {
      1: a.byScope[1] + b.byScope[1] * factor,
      2: a.byScope[2] + b.byScope[2] * factor,
      3: a.byScope[3] + b.byScope[3] * factor,
    },
    awaitingFactor: a.awaitingFactor + (factor === 0 ? 0 : b.awaitingFactor),
  };
}

/** The share a member gets: equity share applies its share, a control approach the whole. */
export function appliedPercent(approach: ConsolidationApproach, sharePercent: number): number {
  return approach === "equity_share" ? sharePercent : 100;
}

/** The arithmetic alone, from the limit and each part's figures. */
export function computeConsolidation(limit: LimitTerms, figures: BoundaryFigures): Consolidation {
  const row = (
    kind: "company" | "building",
    id: string,
    role: "parent" | "member",
    sharePercent: number,
    own: Figures,
  ): ConsolidationRow => {
    const applied = role === "parent" ? 100 : appliedPercent(limit.approach, sharePercent);
    return {
      kind,
      id,
      role,
      sharePercent,
      appliedPercent: applied,
      ...own,
      consolidatedCo2e: (own.co2e * applied) / 100,
      consolidatedCo2eMarketBased: (own.co2eMarketBased * applied) / 100,
    };
  };
  // The parent's buildings listed as members count at their share, not inside the parent's 100 %.
  let parentOwn = figures.parent;
  for (const id of figures.parentBuildings) {
    parentOwn = combine(parentOwn, figures.members.get(id) ?? zero, -1);
  }
  const rows = [
    row("company", limit.companyId, "parent", 100, parentOwn),
    ...limit.members.map((member) =>
      row(
        member.kind,
        member.id,
        "member",
        member.sharePercent,
        figures.members.get(member.id.toLowerCase()) ?? zero,
      ),
    ),
  ];
  const totals = rows.reduce((sum, r) => combine(sum, r, r.appliedPercent / 100), zero);
  const { id, companyId, name, approach, periodFrom, periodTo } = limit;
  const gwpSet = figures.gwpSet ?? null;
  return { limit: { id, companyId, name, approach, periodFrom, periodTo }, rows, totals, gwpSet };
}

function isApproach(value: string | null): value is ConsolidationApproach {
  return consolidationApproaches.some((approach) => approach === value);
}

/** The limit's terms; a limit a server answered without them cannot be consolidated. */
export function termsOf(limit: OrganizationLimit): LimitTerms {
  const { approach, periodFrom, periodTo } = limit;
  const members = limit.members.flatMap((member) => {
    const id = member.companyId ?? member.buildingId;
    if (id === null) return [];
    const kind: "company" | "building" = member.companyId === null ? "building" : "company";
    return [{ kind, id, sharePercent: member.sharePercent ?? 100 }];
  });
  if (
    !isApproach(approach) ||
    periodFrom === null ||
    periodTo === null ||
    members.length !== limit.members.length
  ) {
    throw new CarbonError(
      "usage",
      `the server does not offer organization limit ${limit.id}'s approach, period and members, so it cannot consolidate by it`,
      { hint: "see the limit in the service itself" },
    );
  }
  return { ...limit, approach, periodFrom, periodTo, members };
}

function figuresOf(summary: EmissionSummary): Figures {
  const { co2e, co2eMarketBased, byScope, awaitingFactor } = summary.totals;
  return { co2e, co2eMarketBased, byScope, awaitingFactor };
}

/** What the consolidation reads: the emissions, and the company a member building belongs to. */
export interface ConsolidationSources {
  readonly emissions: EmissionsPort;
  buildingCompany(buildingId: string): Promise<string>;
}

/** The sources of a consolidation from an engine's parts. */
export function consolidationSources(parts: {
  readonly emissions: EmissionsPort;
  readonly buildings: BuildingsPort;
}): ConsolidationSources {
  return {
    emissions: parts.emissions,
    buildingCompany: async (id) => (await parts.buildings.get(id)).companyId,
  };
}

/** A member of a limit, with the company that owns it (itself for a company). */
export interface BoundaryMember {
  readonly kind: "company" | "building";
  readonly id: string;
  readonly sharePercent: number;
  /** The member company, or the company the member building belongs to. */
  readonly owner: string;
}

/**
 * Each member with its owner; a building of a member company is a conflict (the company counts
 * it already).
 */
export async function boundaryMembers(
  sources: ConsolidationSources,
  terms: LimitTerms,
): Promise<BoundaryMember[]> {
  const memberCompanies = new Set(
    terms.members.filter((m) => m.kind === "company").map((m) => m.id.toLowerCase()),
  );
  const result: BoundaryMember[] = [];
  for (const member of terms.members) {
    const { kind, id, sharePercent } = member;
    if (kind === "company") {
      result.push({ kind, id, sharePercent, owner: id });
      continue;
    }
    const owner = await sources.buildingCompany(id);
    if (memberCompanies.has(owner.toLowerCase())) {
      throw new CarbonError(
        "conflict",
        `building ${member.id} of organization limit ${terms.id} belongs to its member company ${owner}, which counts it already`,
        { hint: "take the building out of the limit, or the company" },
      );
    }
    result.push({ kind, id, sharePercent, owner });
  }
  return result;
}

/** Reads each part's emissions over the limit's period from any engine, then computes. */
export async function consolidate(
  sources: ConsolidationSources,
  limit: OrganizationLimit,
): Promise<Consolidation> {
  const terms = termsOf(limit);
  const period = { from: terms.periodFrom, to: terms.periodTo };
  const summed = async (filter: { companyId?: string; buildingId?: string }) =>
    figuresOf(await sources.emissions.summarize({ ...filter, ...period, groupBy: ["scope"] }));
  const members = new Map<string, Figures>();
  const parentBuildings = new Set<string>();
  const parentId = terms.companyId.toLowerCase();
  for (const member of await boundaryMembers(sources, terms)) {
    const key = member.id.toLowerCase();
    if (member.kind === "company") {
      members.set(key, await summed({ companyId: member.id }));
      continue;
    }
    if (member.owner.toLowerCase() === parentId) parentBuildings.add(key);
    members.set(key, await summed({ companyId: member.owner, buildingId: member.id }));
  }
  const parentSummary = await sources.emissions.summarize({
    companyId: terms.companyId,
    ...period,
    groupBy: ["scope"],
  });
  const parent = figuresOf(parentSummary);
  const gwpSet = parentSummary.gwpSet;
  return computeConsolidation(terms, { parent, members, parentBuildings, gwpSet });
}
