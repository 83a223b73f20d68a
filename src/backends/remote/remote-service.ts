/**
 * The remote engine: `CarbonService` over the HTTP interface of docs/http-api.md. Answers are
 * parsed with the same zod schemas the local engine's results have, and problem bodies become
 * the same CarbonErrors, so a command behaves the same on both engines.
 */

import type { Dispatcher } from "undici";
import { MAX_PAGE_LIMIT } from "../../core/model/common.js";
import { type WhoAmI, whoAmIAnswerSchema } from "../../core/model/who-am-i.js";
import { servicePagers } from "../../core/paged-lists.js";
import type {
  CarbonService,
  ListFilter,
  ListName,
  ListRow,
  StreamOptions,
} from "../../core/service.js";
import { parseApiUrl } from "./api-url.js";
import { ServerCapabilities } from "./capabilities.js";
import { createHttpClient, type HttpClient } from "./client.js";
import { allPages } from "./pages.js";
import { remoteAudit } from "./remote-audit.js";
import { remoteBuildings } from "./remote-buildings.js";
import { remoteCategories } from "./remote-categories.js";
import { remoteCertificates } from "./remote-certificates.js";
import { remoteConsumptions } from "./remote-consumptions.js";
import { remoteCustomFactors } from "./remote-custom-factors.js";
import { remoteEffluents } from "./remote-effluents.js";
import { remoteEmissions } from "./remote-emissions.js";
import { remoteFactors } from "./remote-factors.js";
import { remoteGlec } from "./remote-glec.js";
import { remoteGoals } from "./remote-goals.js";
import { remoteInputs } from "./remote-inputs.js";
import { remoteInvoices } from "./remote-invoices.js";
import { remoteOrganizationLimits } from "./remote-organization-limits.js";
import { remoteSuppliers } from "./remote-suppliers.js";
import { remoteUsers } from "./remote-users.js";
import { remoteVehicles } from "./remote-vehicles.js";
import { remoteDeleteRecords } from "./removal.js";
import { remoteResourceParts } from "./resource-client.js";
import type { RetryPolicy } from "./retry.js";
import { announcedInstanceSchema } from "./schemas.js";

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
  // Asked once, the first time a command needs something beyond the specification.
  const capabilities = new ServerCapabilities(client);
  const categories = remoteCategories(client);

  // The dashboards sum the service's own streams when a server's answer is not carbon's.
  const streams = (): RemoteCarbonService => full;
  const emissions = remoteEmissions(client, capabilities, { streams });
  const buildings = remoteBuildings(client, capabilities, concurrency);
  const service: Omit<RemoteCarbonService, "streamList"> = {
    kind: "remote",
    apiUrl: api.href,
    close: () => client.close(),
    request: (method, route, spec) => client.request(method, route, spec),
    whoAmI: () => client.request("POST", "/auth/who-am-i", { schema: whoAmIAnswerSchema }),

    // Every plain resource as its descriptor says; those with verbs of their own follow.
    ...remoteResourceParts(client, capabilities),

    buildings,

    categories,

    factors: remoteFactors(client, capabilities),
    customFactors: remoteCustomFactors(client, capabilities),
    goals: remoteGoals(client, capabilities, emissions),
    invoices: remoteInvoices(client, capabilities),
    effluents: remoteEffluents(client, capabilities),
    vehicles: remoteVehicles(client, capabilities),
    certificates: remoteCertificates(client, capabilities),
    organizationLimits: remoteOrganizationLimits(client, capabilities, { emissions, buildings }),
    inputs: remoteInputs(client),
    users: remoteUsers(client, capabilities),

    async serverInstanceId() {
      const answer = await client.request("POST", "/auth/who-am-i", {
        schema: announcedInstanceSchema,
      });
      return answer.instanceId;
    },
    consumptions: remoteConsumptions(client, capabilities, { concurrency, streams }),
    emissions,

    // Suppliers and clients; their dry runs (and an import's check pass) need the server's.
    suppliers: remoteSuppliers(client, capabilities, concurrency),
    glec: remoteGlec(client, capabilities),
    // --- deletions (removal.ts): the server records its token's user ---
    deleteRecords: remoteDeleteRecords(client, concurrency, capabilities),
    audit: remoteAudit(client, capabilities),
  };
  const pagers = servicePagers(service);
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
