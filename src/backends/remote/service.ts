/**
 * The remote engine: `CarbonService` over the HTTP interface of docs/http-api.md. Answers are
 * parsed with the same zod schemas the local engine's results have, and problem bodies become
 * the same CarbonErrors, so a command behaves the same on both engines.
 */
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { isCarbonError } from "../../core/errors.js";
import { DRY_RUN_EXTENSION, operationExtension } from "../../core/extensions.js";
import { auditRecordSchema } from "../../core/model/audit.js";
import { type Category, categoryAnswerSchema } from "../../core/model/category.js";
import {
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  type Page,
  pageSchema,
} from "../../core/model/common.js";
import {
  consumptionAnswerSchema,
  consumptionRecordAnswerSchema,
  consumptionUpsertAnswerSchema,
} from "../../core/model/consumption.js";
import { type Emission, emissionAnswerSchema } from "../../core/model/emission.js";
import {
  customFactorAnswerSchema,
  emissionFactorSchema,
  factorResolutionSchema,
} from "../../core/model/factor.js";
import {
  glecEntryAnswerSchema,
  glecEntryInputSchema,
  glecReceiptAnswerSchema,
} from "../../core/model/glec.js";
import { type WhoAmI, whoAmIAnswerSchema } from "../../core/model/who-am-i.js";
import { answerPageSchema } from "../../core/model/wire.js";
import { companiesResource } from "../../core/resources/companies.js";
import type {
  CarbonService,
  EmissionFilter,
  ImportSession,
  ListFilter,
  ListName,
  ListRow,
  PeriodFilter,
  StreamOptions,
} from "../../core/service.js";
import { parseInput } from "../../core/validate.js";
import { calculateEntry } from "../../engine/glec/calculate.js";
import { shippedGlecFactors } from "../local/glec-factors.js";
import { parseApiUrl } from "./api-url.js";
import { remoteBuildings } from "./buildings-part.js";
import { ServerCapabilities } from "./capabilities.js";
import { createHttpClient, type HttpClient, type QueryValue } from "./client.js";
import { anyDashboardSchema, consumptionDashboard, emissionDashboard } from "./dashboards.js";
import { glecRequestBody } from "./glec-body.js";
import { RemoteImportSession } from "./import-session.js";
import { runLimited } from "./limiter.js";
import { allPages, type PageWindow } from "./pages.js";
import { remoteDeleteRecords } from "./removal.js";
import { presentRecord, remoteResource } from "./resource-client.js";
import type { RetryPolicy } from "./retry.js";
import { announcedInstanceSchema, anyAnswerSchema } from "./schemas.js";
import { remotePagers } from "./streams.js";
import { withSupplierDryRuns } from "./supplier-dry-runs.js";
import { remoteSuppliers } from "./suppliers.js";

export interface RemoteServiceOptions {
  /** Base address without `/api/v1`, already checked (http:// only for loopback or --insecure). */
  readonly apiUrl: string;
  readonly token: string;
  /** Requests in flight for bulk work (imports); default 8. */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  /** `CARBON_DEBUG=http`: one line per request, never the token. */
  readonly debug?: (line: string) => void;
  /** Tests: an undici MockAgent instead of the real pool. */
  readonly dispatcher?: Dispatcher;
  readonly retry?: Partial<RetryPolicy>;
}

/** The port, plus what only a server can answer. */
export interface RemoteCarbonService extends CarbonService {
  readonly kind: "remote";
  /** The base address in use (`https://host[/prefix]`). */
  readonly apiUrl: string;
  whoAmI(): Promise<WhoAmI>;
  /** Any operation of the interface, with the service's token, retries and errors (`carbon api`). */
  readonly request: HttpClient["request"];
}

export const DEFAULT_CONCURRENCY = 8;
/** Page size asked for by streams and the categories list (the interface's maximum). */
const STREAM_PAGE = MAX_PAGE_LIMIT;

function period(filter: PeriodFilter): Record<string, QueryValue> {
  return {
    companyId: filter.companyId,
    buildingId: filter.buildingId,
    from: filter.from,
    to: filter.to,
  };
}

function emissionQuery(filter: EmissionFilter): Record<string, QueryValue> {
  const scopes = filter.scopes;
  return {
    ...period(filter),
    scope: scopes === undefined || scopes.length === 0 ? undefined : scopes.join(","),
  };
}

function id(value: string): string {
  return encodeURIComponent(value);
}

export function createRemoteService(options: RemoteServiceOptions): RemoteCarbonService {
  const api = parseApiUrl("the API address", options.apiUrl, { insecure: true });
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const client = createHttpClient({
    api,
    token: options.token,
    connections: concurrency,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.debug === undefined ? {} : { debug: options.debug }),
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
  });
  const get = <T>(route: string, schema: z.ZodType<T>, query?: Record<string, QueryValue>) =>
    client.request("GET", route, query === undefined ? { schema } : { schema, query });
  const post = <T>(route: string, schema: z.ZodType<T>, body: unknown) =>
    client.request("POST", route, { schema, body });
  const paging = (query: { readonly page?: number; readonly limit?: number }) => ({
    page: query.page,
    limit: query.limit,
  });
  // Asked once, the first time a command needs something beyond the specification.
  const capabilities = new ServerCapabilities(client);
  const categoryPage = (filter: ListFilter<"categories">, window: PageWindow) =>
    get("/categories", answerPageSchema(categoryAnswerSchema), { level: filter.level, ...window });

  // The dashboards sum the service's own streams when a server's answer is not carbon's.
  const streams = (): RemoteCarbonService => full;
  const service: Omit<RemoteCarbonService, "streamList"> = {
    kind: "remote",
    apiUrl: api.href,
    close: () => client.close(),
    request: (method, route, spec) => client.request(method, route, spec),
    whoAmI: () => client.request("POST", "/auth/who-am-i", { schema: whoAmIAnswerSchema }),

    companies: remoteResource(client, capabilities, companiesResource),

    buildings: remoteBuildings(client, capabilities, concurrency),

    // The port answers every category at once, as the local engine does; the server pages.
    async listCategories(query): Promise<Page<Category>> {
      const all: Category[] = [];
      for await (const rows of allPages((window) => categoryPage(query, window), STREAM_PAGE)) {
        all.push(...rows);
      }
      return {
        data: all,
        pagination: { page: 1, limit: Math.max(all.length, 1), total: all.length },
      };
    },

    async listFactors(query) {
      await capabilities.require(
        operationExtension("GET", "/emission-factors"),
        "a listing of emission factors",
        "list the factors shipped with carbon on the local engine: carbon --local factors list",
      );
      return get("/emission-factors", pageSchema(emissionFactorSchema), {
        key: query.key,
        country: query.country,
        ...paging(query),
      });
    },
    async resolveFactor(query) {
      await capabilities.require(
        operationExtension("GET", "/emission-factors/resolve"),
        "factor resolution",
        "resolve with the factors shipped with carbon on the local engine: carbon --local factors resolve …",
      );
      return get("/emission-factors/resolve", factorResolutionSchema, {
        category: query.category,
        country: query.country ?? undefined,
        year: query.year,
        companyId: query.companyId,
      });
    },
    listCustomFactors: (query) =>
      get("/emission-factors/custom", answerPageSchema(customFactorAnswerSchema), {
        companyId: query.companyId,
        ...paging(query),
      }),
    async upsertCustomFactor(input) {
      await capabilities.require(
        operationExtension("POST", "/emission-factors/custom"),
        "creating custom emission factors",
        "create the factor in the service itself",
      );
      return post("/emission-factors/custom", customFactorAnswerSchema, presentRecord(input));
    },

    listConsumptions: (query) =>
      get("/consumptions", answerPageSchema(consumptionAnswerSchema), {
        ...period(query),
        ...paging(query),
      }),
    getConsumption: (consumptionId) =>
      get(`/consumptions/${id(consumptionId)}`, consumptionRecordAnswerSchema),
    // Any success counts: the hosted service wraps the record in `{id, data}`.
    async storedConsumptionIds(ids) {
      const stored = new Set<string>();
      await runLimited(ids, concurrency, async (consumptionId) => {
        try {
          await get(`/consumptions/${id(consumptionId)}`, anyAnswerSchema);
          stored.add(consumptionId);
        } catch (error) {
          if (!isCarbonError(error) || error.code !== "not_found") throw error;
        }
      });
      return stored;
    },
    async serverInstanceId() {
      const answer = await client.request("POST", "/auth/who-am-i", {
        schema: announcedInstanceSchema,
      });
      return answer.instanceId;
    },
    upsertConsumption: (input) => post("/consumptions", consumptionUpsertAnswerSchema, input),
    async openConsumptionImport(sessionOptions): Promise<ImportSession> {
      const [batches, dryRun, createBuildings] = await Promise.all([
        capabilities.offers(operationExtension("POST", "/consumptions/batch")),
        capabilities.offers(DRY_RUN_EXTENSION),
        capabilities.offers(operationExtension("POST", "/buildings")),
      ]);
      return new RemoteImportSession(client, {
        dryRun: sessionOptions.dryRun,
        concurrency,
        offers: { batches, dryRun, createBuildings },
      });
    },
    async summarizeConsumptions(query) {
      const answer = await get("/consumptions/dashboard", anyDashboardSchema, period(query));
      return consumptionDashboard(answer, streams(), query);
    },

    listEmissions: (query) =>
      get("/emissions", answerPageSchema(emissionAnswerSchema), {
        ...emissionQuery(query),
        ...paging(query),
      }),
    async *streamEmissions(filter): AsyncIterable<Emission> {
      for await (const rows of allPages(
        (window) => service.listEmissions({ ...filter, ...window }),
        STREAM_PAGE,
      )) {
        yield* rows;
      }
    },
    async summarizeEmissions(query) {
      const answer = await get("/emissions/dashboard", anyDashboardSchema, {
        ...emissionQuery(query),
        groupBy: query.groupBy.length === 0 ? undefined : query.groupBy.join(","),
      });
      return emissionDashboard(answer, streams(), query);
    },

    // Suppliers and clients; their dry runs (and an import's check pass) need the server's.
    ...withSupplierDryRuns(remoteSuppliers(client, concurrency), capabilities),
    // --- GLEC logistics service footprints (docs/glec.md) ---
    submitGlecEntry: (input) =>
      post("/service-footprint/glec", glecReceiptAnswerSchema, glecRequestBody(input)),
    // No server offers a GLEC dry run: the client validates and calculates, and sends nothing.
    calculateGlecEntry: async (input) =>
      calculateEntry(parseInput(glecEntryInputSchema, input, "GLEC entry"), shippedGlecFactors()),
    listGlecEntries: (query) =>
      get("/service-footprint/glec", answerPageSchema(glecEntryAnswerSchema), {
        companyId: query.companyId,
        ...paging(query),
      }),
    async getGlecEntry(entryId) {
      await capabilities.require(
        operationExtension("GET", "/service-footprint/glec/{id}"),
        "reading one GLEC entry by id",
        "list the company's entries instead: carbon glec list --company ID",
      );
      return get(`/service-footprint/glec/${id(entryId)}`, glecEntryAnswerSchema);
    },
    // The specification's path, with the id as a query parameter.
    deleteGlecEntry: (entryId) =>
      client.request("DELETE", "/service-footprint/glec", {
        schema: glecReceiptAnswerSchema,
        query: { id: entryId },
      }),
    // --- deletions (removal.ts): the server records its token's user ---
    deleteRecords: remoteDeleteRecords(client, concurrency, capabilities),
    // --- audit trail: the server records its token's user ---
    async listAudit(query) {
      await capabilities.require(
        operationExtension("GET", "/audit"),
        "the audit trail",
        "read the service's own history of changes, if it has one, in its web app",
      );
      const companies = query.companyIds;
      if (companies !== undefined && companies.length === 0) {
        // Records of no company: none (the query string cannot say "an empty list").
        const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
        return { data: [], pagination: { page: query.page ?? 1, limit, total: 0 } };
      }
      return get("/audit", pageSchema(auditRecordSchema), {
        companyId: companies?.join(","),
        buildingId: query.buildingId,
        ...paging(query),
      });
    },
  };
  const pagers = remotePagers(service, categoryPage);
  const full: RemoteCarbonService = {
    ...service,
    // Each page is printed before the next is asked for: one page in memory at a time.
    streamList<K extends ListName>(
      list: K,
      filter: ListFilter<K>,
      options: StreamOptions = {},
    ): AsyncIterable<readonly ListRow<K>[]> {
      const pager = pagers[list];
      return allPages((window) => pager(filter, window), options.pageSize ?? STREAM_PAGE);
    },
  };
  return full;
}

/** Narrows the port to the remote engine (for `auth status`, which needs who-am-i). */
export function isRemoteService(service: CarbonService): service is RemoteCarbonService {
  return service.kind === "remote" && "whoAmI" in service;
}
