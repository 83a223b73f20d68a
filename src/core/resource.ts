/**
 * The resource framework: one descriptor per plain resource (a record with an id, listed by
 * company, upserted by id) from which the server routes, the remote client, the CLI verbs, the
 * route rows of docs/http-api.md and a contract suite are derived. See docs/adding-a-resource.md.
 */
import type { z } from "zod";
import type { Page, PageQuery } from "./model/common.js";

/** What the port offers for a read-only plain resource (categories): its list alone. */
export interface ReadOnlyResourcePort<T, F extends object> {
  /** One page, in the descriptor's list order. */
  list(query: F & PageQuery): Promise<Page<T>>;
}

/**
 * What the port offers for a plain resource: `service.companies.list(...)`. `U` is what an
 * upsert answers when it is not the record itself (a supplier's `{id, name, email, outcome}`).
 */
export interface ResourcePort<T, I, F extends object, U = T> extends ReadOnlyResourcePort<T, F> {
  /** One record by id; an unknown id is not_found. */
  get(id: string): Promise<T>;
  /** Upsert by the client-chosen id. */
  upsert(input: I): Promise<U>;
}

/** The roles of a token (src/server/auth.ts) that may write. */
export type WriterRole = "admin" | "member";

/** The operations whose routes the framework derives. */
export type ResourceOperationName = "list" | "get" | "upsert";

/** One operation of a resource: its OpenAPI path under /api/v1, and whether the spec has it. */
export interface ResourceOperation {
  readonly path: string;
  /** True when `interface.md` has it; else it is an extension a server must announce. */
  readonly spec: boolean;
}

/**
 * A listing of one company's records under the company's path (`/companies/{id}/buildings`,
 * `{id}` being the company's): page and limit its only query.
 */
export interface CompanyListing<F> extends ResourceOperation {
  readonly summary: string;
  /** The list filter of one company's records. */
  filter(companyId: string): F;
}

/** What a client says when a server lacks the upsert route (absent: "writing <name>", no hint). */
export interface UpsertRefusal {
  readonly what: string;
  readonly instead: string;
}

/**
 * What a resource that is only listed says of itself (categories): its list route, remote list,
 * OpenAPI entry and docs row are derived from it. A plain resource says this and more.
 */
export interface ReadOnlyResourceDescriptor<T, F extends object> {
  /** The port's key, the list name of `streamList` and the CLI group: `companies`. */
  readonly name: string;
  /** One record, in messages and summaries: `company`. */
  readonly singular: string;
  /** The stored record, as the local engine answers it. */
  readonly record: z.ZodType<T>;
  /** What a remote answer must have at least: read tolerantly, unknown fields kept. */
  readonly answer: z.ZodType<T>;
  /** Component names in the OpenAPI document. */
  readonly schemaNames: { readonly record: string };
  /** A list filter, as a command builds it from its flags. */
  readonly filter: z.ZodType<F>;
  /** The list's query parameters besides page and limit, as the server parses them from text. */
  readonly filterFields: z.ZodRawShape;
  /** Query parameters of a list request for a filter (absent ones left out; a list repeats one). */
  listQuery(filter: F): Readonly<Record<string, string | readonly string[] | undefined>>;
  /**
   * The list filter from the parsed query, where the query names a filter otherwise (the hosted
   * service's `buildingIds[]` beside ours); absent: the query's fields are the filter's.
   */
  readonly fromQuery?: (query: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /**
   * The list order, most significant key first (byte order, as SQLite's BINARY collation);
   * empty when the records keep an order of their own (the category tree's).
   */
  readonly order: readonly { readonly name: string; readonly value: (record: T) => string }[];
  /** The company a list filter restricts to, if any. */
  filterScope(filter: F): string | undefined;
  /**
   * A scoped token listing without a company: "self" when the records are the companies
   * themselves, "shared" when they belong to no company (every token lists them all), else the
   * filter that lists one company's records.
   */
  readonly ofCompany: "self" | "shared" | ((filter: F, companyId: string) => F);
  readonly operations: { readonly list: ResourceOperation };
  /** Summaries of the routes (OpenAPI and docs/http-api.md). */
  readonly summaries: { readonly list: string };
}

export interface ResourceDescriptor<T, I, F extends object>
  extends ReadOnlyResourceDescriptor<T, F> {
  /** The upsert body (validated by the server before the port sees it). */
  readonly input: z.ZodType<I, z.input<z.ZodType<I>>>;
  /** Component names in the OpenAPI document. */
  readonly schemaNames: { readonly record: string; readonly input: string };
  /** The id of a record or an input (an upsert is by id). */
  idOf(value: T | I): string;
  /** The company a record or an input belongs to (a company is its own). */
  scope(record: T | I): string;
  /** A record with a company: never "shared". */
  readonly ofCompany: "self" | ((filter: F, companyId: string) => F);
  /**
   * The spec listing that holds every record a token sees, where a client without the `get`
   * extension looks a record up; undefined when the spec has none (the get then needs it).
   */
  readonly everything: F | undefined;
  readonly writers: readonly WriterRole[];
  readonly operations: {
    readonly list: ResourceOperation;
    readonly get: ResourceOperation;
    readonly upsert: ResourceOperation;
  };
  /**
   * Operations whose route the resource's own files define, because rules of its own apply
   * (a supplier's upsert by externalId and dry run): neither routed nor documented from here.
   */
  readonly ownRoutes?: readonly ResourceOperationName[];
  /** Summaries of the routes (OpenAPI and docs/http-api.md). */
  readonly summaries: { readonly list: string; readonly get: string; readonly upsert: string };
  /**
   * Where the records are also listed per company. A client lists a company's records there,
   * and without the `list` or `get` extension reads every company's listing instead.
   */
  readonly companyList?: CompanyListing<F>;
  /** How a client words a server's lack of the upsert route. */
  readonly upsertRefusal?: UpsertRefusal;
  /** What docs/http-api.md adds to the upsert row's answer (a domain rule of the resource). */
  readonly upsertNote?: string;
  /**
   * Whether a record meets a list filter, where a filter goes beyond the company: a client checks
   * every record a server lists with it, since the specification defines no list parameter a
   * server must honour. Absent: every listed record is kept.
   */
  matches?(record: T, filter: F): boolean;
}
