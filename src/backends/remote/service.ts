/**
 * The remote engine: `CarbonService` over the HTTP interface of docs/http-api.md. Answers are
 * parsed with the same zod schemas the local engine's results have, and problem bodies become
 * the same CarbonErrors, so a command behaves the same on both engines.
 */
import type { Dispatcher } from "undici";
import { z } from "zod";
import { DRY_RUN_EXTENSION, operationExtension } from "../../core/extensions.js";
import { auditRecordSchema } from "../../core/model/audit.js";
import { buildingMoveResultSchema } from "../../core/model/building-move.js";
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, pageSchema } from "../../core/model/common.js";
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
  ListFilter,
  ListName,
  ListRow,
  StreamOptions,
} from "../../core/service.js";
import { parseInput } from "../../core/validate.js";
import { calculateEntry } from "../../engine/glec/calculate.js";
import { shippedGlecFactors } from "../local/glec-factors.js";
import { parseApiUrl } from "./api-url.js";
import { remoteBuildings } from "./buildings.js";
import { ServerCapabilities } from "./capabilities.js";
import { remoteCategories } from "./categories-part.js";
import { createHttpClient, type HttpClient, type QueryValue } from "./client.js";
import { remoteConsumptions } from "./consumptions-part.js";
import { remoteEmissions } from "./emissions-part.js";
import { glecRequestBody } from "./glec-body.js";
import { planMove } from "./move-plan.js";
import { allPages } from "./pages.js";
import { remoteDeleteRecords } from "./removal.js";
import { presentRecord, remoteResource } from "./resource-client.js";
import type { RetryPolicy } from "./retry.js";
import { announcedInstanceSchema } from "./schemas.js";
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
/** Page size asked for by streams (the interface's maximum). */
const STREAM_PAGE = MAX_PAGE_LIMIT;

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
  const categories = remoteCategories(client);

  // The dashboards sum the service's own streams when a server's answer is not carbon's.
  const streams = (): RemoteCarbonService => full;
  const service: Omit<RemoteCarbonService, "streamList"> = {
    kind: "remote",
    apiUrl: api.href,
    close: () => client.close(),
    request: (method, route, spec) => client.request(method, route, spec),
    whoAmI: () => client.request("POST", "/auth/who-am-i", { schema: whoAmIAnswerSchema }),

    companies: remoteResource(client, capabilities, companiesResource),

    ...remoteBuildings(client, capabilities),

    categories,

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

    async serverInstanceId() {
      const answer = await client.request("POST", "/auth/who-am-i", {
        schema: announcedInstanceSchema,
      });
      return answer.instanceId;
    },
    consumptions: remoteConsumptions(client, capabilities, { concurrency, streams }),
    emissions: remoteEmissions(client, { streams }),

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
    // --- buildings move and audit trail: the server records its token's user ---
    async moveBuildings(request) {
      if (request.dryRun === true && !(await capabilities.offers(DRY_RUN_EXTENSION))) {
        // A server that may ignore dryRun is never sent the move: the client plans it.
        return planMove(client, request, concurrency);
      }
      const body = { buildingIds: request.buildingIds, companyId: request.companyId };
      if (await capabilities.offers(DRY_RUN_EXTENSION)) {
        return client.request("POST", "/buildings/move", {
          schema: buildingMoveResultSchema,
          query: { dryRun: request.dryRun === true ? "true" : undefined },
          body,
        });
      }
      // The interface does not show this answer: without carbon's, the client's plan says what moved.
      const plan = await planMove(client, request, concurrency);
      const answer = await client.request("POST", "/buildings/move", { schema: z.unknown(), body });
      const result = buildingMoveResultSchema.safeParse(answer);
      return result.success ? result.data : { ...plan, dryRun: false };
    },
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
  const pagers = remotePagers(service);
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
