/**
 * The effluents part of the remote engine: list, get and upsert derived from the descriptor
 * (resource-client.ts), with two things a server of the spec alone does not give. Records
 * answered without their flags are flagged here, from the company's limits read with the spec's
 * listing (`type=limit`). Without the `GET /effluents/{id}` extension a get reads the spec's
 * listing company after company, as the listing requires a company.
 */

import { flagEffluents } from "../../core/effluent-limits.js";
import { CarbonError, isCarbonError, notFound } from "../../core/errors.js";
import { operationExtension } from "../../core/extensions.js";
import type { Effluent } from "../../core/model/effluent.js";
import type { EffluentsPort } from "../../core/ports/effluents.js";
import { companiesResource } from "../../core/resources/companies.js";
import { type EffluentFilter, effluentsResource } from "../../core/resources/effluents.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { allPages, everyRow } from "./pages.js";
import { remoteResource } from "./resource-client.js";

/** Page size asked for when every page is read (the interface's maximum). */
const SCAN_PAGE = 500;

/** A quality record whose server left out whether it exceeds its limit. */
function unflagged(record: Effluent): boolean {
  return record.type === "quality" && record.exceedsLimit === undefined;
}

export function remoteEffluents(
  client: HttpClient,
  capabilities: ServerCapabilities,
): EffluentsPort {
  const base = remoteResource(client, capabilities, effluentsResource);

  async function every(filter: EffluentFilter): Promise<Effluent[]> {
    const rows: Effluent[] = [];
    for await (const page of allPages((window) => base.list({ ...filter, ...window }), SCAN_PAGE)) {
      rows.push(...page);
    }
    return rows;
  }

  /** The records with their flags: as answered, or worked out from the company's limits. */
  async function flagged(
    records: readonly Effluent[],
    filter: EffluentFilter,
  ): Promise<readonly Effluent[]> {
    if (!records.some(unflagged)) return records;
    const limits = await every({ ...filter, type: "limit" });
    const worked = flagEffluents(records, limits);
    return records.map((record, index) => (unflagged(record) ? (worked[index] ?? record) : record));
  }

  function filterOf(record: Effluent): EffluentFilter {
    return {
      companyId: record.companyId,
      ...(record.buildingId === null ? {} : { buildingId: record.buildingId }),
      ...(record.year === null ? {} : { year: record.year }),
    };
  }

  /** The record by id from the spec's listing of each company the token reads. */
  async function scan(id: string): Promise<Effluent> {
    const wanted = id.toLowerCase();
    const companies = companiesResource.operations.list.path;
    for (const company of await everyRow(client, companies, companiesResource.answer)) {
      const filter = { companyId: company.id };
      for await (const page of allPages(
        (window) => base.list({ ...filter, ...window }),
        SCAN_PAGE,
      )) {
        const found = page.find((row) => row.id.toLowerCase() === wanted);
        if (found !== undefined) return found;
      }
    }
    throw notFound(effluentsResource.singular, id);
  }

  return {
    ...base,
    writesAtomically: false,
    async write(inputs) {
      let sent = 0;
      try {
        for (const input of inputs) {
          await base.upsert(input);
          sent += 1;
        }
      } catch (error) {
        throw partly(error, sent, inputs.length);
      }
    },
    async list(query) {
      const page = await base.list(query);
      const { page: _page, limit: _limit, ...filter } = query;
      return { ...page, data: await flagged(page.data, filter) };
    },
    async get(id) {
      const offered = await capabilities.offers(
        operationExtension("GET", effluentsResource.operations.get.path),
      );
      const record = offered ? await base.get(id) : await scan(id);
      const [done] = await flagged([record], filterOf(record));
      return done ?? record;
    },
  };
}

/** A refusal part way through a write: the server keeps the records sent before it. */
function partly(error: unknown, done: number, total: number): unknown {
  if (!isCarbonError(error) || done === 0) return error;
  return new CarbonError(error.code, `${error.message} (${done} of ${total} were stored before)`, {
    issues: error.issues,
    hint:
      error.hint ?? "fix the record and import the file again: stored records are unchanged by it",
    cause: error,
  });
}
