/**
 * `carbon api`: one request (or every page of a list) to the configured server through the
 * remote engine's HTTP client, and its JSON answer on stdout.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { RemoteCarbonService } from "../../../backends/remote/remote-service.js";
import { CarbonError, usageError } from "../../../core/errors.js";
import { MAX_PAGE_LIMIT } from "../../../core/model/common.js";
import type { Context } from "../../context.js";
import type { Io } from "../../io.js";
import {
  type ApiRequest,
  buildRequest,
  inputWithoutBody,
  type JsonScalar,
  parseField,
  parseInputJson,
  parseMethod,
  takesBody,
} from "./request.js";

export interface ApiOptions {
  readonly method: string;
  readonly path: string;
  /** `-f key=value`, sent as text. */
  readonly rawFields: readonly string[];
  /** `-F key=value`, typed: true, false, null and numbers become JSON values. */
  readonly typedFields: readonly string[];
  /** A JSON body file, or `-` for stdin. */
  readonly input?: string | undefined;
  readonly paginate: boolean;
}

/** json: one document (indented on a terminal); ndjson: one item per line. */
export type ApiStyle =
  | { readonly kind: "json"; readonly indent: number }
  | { readonly kind: "ndjson" };

/** A body read with `--input` is at most this big. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** The list envelope, read tolerantly: only what paging needs is required. */
const pageAnswerSchema = z.object({
  data: z.array(z.unknown()),
  pagination: z.object({
    page: z.coerce.number().int().min(1),
    limit: z.coerce.number().int().min(1),
    total: z.coerce.number().int().min(0),
  }),
});

const anyJson = z.unknown();

function outputStyle(ctx: Context): ApiStyle {
  const globals = ctx.globals();
  const format = globals.json === true ? "json" : globals.format;
  if (format === "ndjson") return { kind: "ndjson" };
  if (format === undefined || format === "json") {
    return { kind: "json", indent: ctx.io.stdoutIsTty ? 2 : 0 };
  }
  throw usageError(
    `carbon api prints JSON, not ${format}`,
    "use --format json (the default) or --format ndjson",
  );
}

async function readInput(ctx: Context, source: string): Promise<Uint8Array> {
  if (source === "-") return ctx.input.readBytes(MAX_INPUT_BYTES);
  try {
    return await readFile(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CarbonError("usage", `cannot read --input ${source}: ${reason}`, { cause: error });
  }
}

export async function runApiCall(ctx: Context, opts: ApiOptions): Promise<void> {
  const method = parseMethod(opts.method);
  const fields: [string, JsonScalar][] = [
    ...opts.rawFields.map((text) => parseField("-f", text, false)),
    ...opts.typedFields.map((text) => parseField("-F", text, true)),
  ];
  const style = outputStyle(ctx);
  if (opts.paginate && method !== "GET") {
    throw usageError(`--paginate follows the pages of a list, which ${method} does not answer`);
  }
  if (opts.input !== undefined && !takesBody(method)) throw inputWithoutBody(method);
  const input =
    opts.input === undefined
      ? undefined
      : { value: parseInputJson(opts.input, await readInput(ctx, opts.input)) };
  const request = buildRequest({ method, path: opts.path, fields, input });
  const engine = await ctx.engine();
  if (engine.kind === "local") {
    throw usageError(
      "carbon api calls a carbon server, and no server is configured (commands run on the local database)",
      "log in with carbon auth login --api-url URL, or give --api-url URL with CARBON_TOKEN",
    );
  }
  const { isRemoteService } = await import("../../../backends/remote/remote-service.js");
  const service = await ctx.service();
  if (!isRemoteService(service)) throw new CarbonError("internal", "the engine is not remote");
  await sendApiRequest(service, ctx.io, style, request, opts.paginate);
}

/** Sends the request and prints the answer; with `paginate`, every page's data as one list. */
export async function sendApiRequest(
  service: Pick<RemoteCarbonService, "request">,
  io: Io,
  style: ApiStyle,
  request: ApiRequest,
  paginate: boolean,
): Promise<void> {
  if (paginate) {
    await printAllPages(service, io, style, request);
    return;
  }
  const answer = await service.request(request.method, request.route, {
    schema: anyJson,
    query: request.query,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  // An empty answer (204, or a 200 without a body) prints nothing.
  if (answer === null || answer === undefined) return;
  if (style.kind === "json") {
    io.out(JSON.stringify(answer, null, style.indent));
    return;
  }
  for (const item of ndjsonItems(answer)) io.out(JSON.stringify(item));
}

/** An array's items, a list page's data, or the document itself. */
function ndjsonItems(answer: unknown): readonly unknown[] {
  if (Array.isArray(answer)) return answer;
  const page = pageAnswerSchema.safeParse(answer);
  return page.success ? page.data.data : [answer];
}

function pageLimit(query: Readonly<Record<string, string>>): number {
  const text = query.limit;
  if (text === undefined) return MAX_PAGE_LIMIT;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1) {
    throw usageError(`invalid limit "${text}": expected a whole number of at least 1`);
  }
  return limit;
}

async function printAllPages(
  service: Pick<RemoteCarbonService, "request">,
  io: Io,
  style: ApiStyle,
  request: ApiRequest,
): Promise<void> {
  const { page, ...query } = request.query;
  if (page !== undefined) {
    throw usageError("--paginate asks for every page itself", "leave out the page field");
  }
  const { allPages } = await import("../../../backends/remote/pages.js");
  const name = `GET /api/v1${request.route}`;
  let total = 0;
  const fetchPage = async (window: { readonly page: number; readonly limit: number }) => {
    const answer = await service.request("GET", request.route, {
      schema: anyJson,
      query: { ...query, page: window.page, limit: window.limit },
    });
    const parsed = pageAnswerSchema.safeParse(answer);
    if (!parsed.success) {
      throw usageError(
        `--paginate: the answer to ${name} is not a list page ({data, pagination})`,
        "use --paginate with list operations only",
      );
    }
    total = parsed.data.pagination.total;
    return parsed.data;
  };
  const buffered: unknown[] = [];
  let count = 0;
  for await (const rows of allPages(fetchPage, pageLimit(query))) {
    for (const row of rows) {
      if (style.kind === "ndjson") await io.write(`${JSON.stringify(row)}\n`);
      else if (style.indent > 0) buffered.push(row);
      else await io.write(`${count === 0 ? "[" : ","}${JSON.stringify(row)}`);
      count += 1;
    }
  }
  if (count < total) {
    throw new CarbonError(
      "unavailable",
      `${name} said ${total} rows exist but its pages held ${count}`,
      { hint: "the list changed while it was read, or the server pages wrongly; run it again" },
    );
  }
  if (style.kind === "ndjson") return;
  if (style.indent > 0) io.out(JSON.stringify(buffered, null, style.indent));
  else await io.write(count === 0 ? "[]\n" : "]\n");
}
