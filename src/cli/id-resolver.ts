/**
 * Names where ids are expected: every flag or argument that takes a company or building id also
 * takes its name. A UUID is taken as it is (no request); a name is looked up in the listings
 * both engines answer (`GET /companies`, `GET /companies/{id}/buildings`), compared with
 * `nameKey`, each listing fetched once per opened service. One match gives its id; none is
 * not_found (exit 5); several are a usage error (exit 2) listing the candidates.
 */
import { CarbonError } from "../core/errors.js";
import { isUuid } from "../core/ids.js";
import type { Building } from "../core/model/building.js";
import type { Company } from "../core/model/company.js";
import { nameKey } from "../core/names.js";
import type { CarbonService, ListFilter, ListRow } from "../core/service.js";

export interface IdResolver {
  /** The id of the company `text` names (its id or its name); `what` names the flag in errors. */
  company(what: string, text: string): Promise<string>;
  /** The id of the building `text` names, among `companyId`'s buildings when given, else all. */
  building(what: string, text: string, companyId?: string): Promise<string>;
}

interface Listings {
  companies?: Promise<readonly Company[]>;
  readonly buildings: Map<string, Promise<readonly Building[]>>;
}

/** Candidates shown in an ambiguity error; the rest are counted. */
const SHOWN_CANDIDATES = 10;

const listingsOf = new WeakMap<CarbonService, Listings>();

/** Every row of a list, on any server: as many pages as its page size makes. */
async function everyRow<K extends "companies" | "buildings">(
  service: CarbonService,
  list: K,
  filter: ListFilter<K>,
): Promise<ListRow<K>[]> {
  const rows: ListRow<K>[] = [];
  for await (const page of service.streamList(list, filter)) rows.push(...page);
  return rows;
}

function listings(service: CarbonService): Listings {
  let found = listingsOf.get(service);
  if (found === undefined) {
    found = { buildings: new Map() };
    listingsOf.set(service, found);
  }
  return found;
}

function companies(service: CarbonService): Promise<readonly Company[]> {
  const cache = listings(service);
  cache.companies ??= everyRow(service, "companies", {});
  return cache.companies;
}

function buildingsOf(service: CarbonService, companyId: string): Promise<readonly Building[]> {
  const cache = listings(service).buildings;
  let found = cache.get(companyId);
  if (found === undefined) {
    found = everyRow(service, "buildings", { companyId });
    cache.set(companyId, found);
  }
  return found;
}

/** `text` trimmed; empty is a usage error naming `what`. */
function given(what: string, text: string, kind: string): string {
  const trimmed = text.trim();
  if (trimmed === "") {
    throw new CarbonError("usage", `invalid ${what} "${text}": expected a ${kind} id or name`);
  }
  return trimmed;
}

function ambiguous(
  what: string,
  text: string,
  kind: "company" | "building",
  candidates: readonly string[],
): CarbonError {
  const shown = candidates.slice(0, SHOWN_CANDIDATES);
  const more = candidates.length - shown.length;
  const kinds = kind === "company" ? "companies" : "buildings";
  return new CarbonError(
    "usage",
    `${what} "${text}" names ${candidates.length} ${kinds}: ${shown.join(", ")}${more > 0 ? `, and ${more} more` : ""}`,
    { hint: `use the ${kind}'s id instead` },
  );
}

/** A resolver over the service `open` gives; the service is opened only to look a name up. */
export function idResolver(open: () => Promise<CarbonService>): IdResolver {
  return {
    async company(what, text) {
      const name = given(what, text, "company");
      if (isUuid(name)) return name.toLowerCase();
      const key = nameKey(name);
      const matches = (await companies(await open())).filter((c) => nameKey(c.name) === key);
      const [only, ...others] = matches;
      if (only === undefined) {
        throw new CarbonError("not_found", `no company named "${name}"`, {
          hint: "see carbon companies list",
        });
      }
      if (others.length > 0) {
        throw ambiguous(
          what,
          name,
          "company",
          matches.map((c) => `"${c.name}" ${c.id}`),
        );
      }
      return only.id;
    },

    async building(what, text, companyId) {
      const name = given(what, text, "building");
      if (isUuid(name)) return name.toLowerCase();
      const key = nameKey(name);
      const service = await open();
      const owners: readonly { readonly id: string; readonly name?: string }[] =
        companyId === undefined ? await companies(service) : [{ id: companyId }];
      const matches: { readonly building: Building; readonly company: string | undefined }[] = [];
      for (const owner of owners) {
        for (const building of await buildingsOf(service, owner.id)) {
          if (nameKey(building.name) === key) matches.push({ building, company: owner.name });
        }
      }
      const [only, ...others] = matches;
      if (only === undefined) {
        const where = companyId === undefined ? "" : ` in company ${companyId}`;
        throw new CarbonError("not_found", `no building named "${name}"${where}`, {
          hint: `see carbon buildings list${companyId === undefined ? "" : ` --company ${companyId}`}`,
        });
      }
      if (others.length > 0) {
        throw ambiguous(
          what,
          name,
          "building",
          matches.map(
            (m) =>
              `"${m.building.name}" ${m.building.id}${m.company === undefined ? "" : ` (company "${m.company}")`}`,
          ),
        );
      }
      return only.building.id;
    },
  };
}
