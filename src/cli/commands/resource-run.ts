/** What the verbs of resource-verbs.ts do: loaded only when one runs. */
import { newId } from "../../core/ids.js";
import { readOnlyResourceDescriptors, resourceDescriptors } from "../../core/resources/index.js";
import type {
  CarbonService,
  PortOf,
  ReadOnlyName,
  ReadOnlyPortOf,
  ResourceName,
} from "../../core/service.js";
import { parseInput } from "../../core/validate.js";
import type { Context } from "../context.js";
import {
  parseChoice,
  parseChoices,
  parseCountry,
  parseNumber,
  parsePaging,
  parseText,
  parseUuid,
  parseYear,
} from "../flags.js";
import { type IdResolver, idResolver } from "../id-resolver.js";
import { renderObject } from "../output/format.js";
import { printList } from "../paging.js";
import type { FaceFlag, ReadFace, ReadOnlyFace, ResourceFace } from "../resource-face.js";

/** A flag's value as typed: a text, or the texts of a repeated flag. */
export type FlagValue = string | readonly string[];

export interface ResourceListOptions {
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
  /** Filter flag values by key, as typed. */
  readonly filters: Readonly<Record<string, FlagValue | undefined>>;
}

export interface ReadOnlyListOptions {
  /** Filter flag values by key, as typed. */
  readonly filters: Readonly<Record<string, FlagValue | undefined>>;
}

export interface ResourceGetOptions {
  readonly id: string;
}

export interface ResourceUpsertOptions {
  readonly id?: string;
  /** Field flag values by key, as typed. */
  readonly fields: Readonly<Record<string, FlagValue | undefined>>;
  /** Input fields a face's own flags already parsed (an invoice's `--line`s). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

function portOf<K extends ResourceName>(
  service: { readonly [N in ResourceName]: PortOf<N> },
  name: K,
): PortOf<K> {
  return service[name];
}

/**
 * Each given flag's value, parsed by its kind; absent flags are left out. Names are looked up
 * last, so a flag wrong on its own is refused before the service is asked anything.
 */
async function flagFields(
  flags: readonly FaceFlag[],
  values: Readonly<Record<string, FlagValue | undefined>>,
  resolver: IdResolver,
  service: () => Promise<CarbonService>,
): Promise<Record<string, string | string[] | number>> {
  const fields: Record<string, string | string[] | number> = {};
  const lookups: {
    readonly key: string;
    readonly name: string;
    readonly texts: readonly string[];
    readonly mustExist: boolean;
    readonly kind: "company" | "building" | "buildings";
  }[] = [];
  for (const flag of flags) {
    const value = values[flag.key];
    if (value === undefined) continue;
    const name = flag.flag.split(" ")[0] ?? flag.flag;
    if (flag.kind === "choices") {
      const texts = typeof value === "string" ? [value] : value;
      fields[flag.key] = parseChoices(name, texts, flag.choices ?? []);
      continue;
    }
    if (flag.kind === "buildings") {
      const texts = typeof value === "string" ? [value] : value;
      lookups.push({ key: flag.key, name, texts, mustExist: false, kind: "buildings" });
      continue;
    }
    // Only `choices` and `buildings` flags are repeatable; of any other the last value counts.
    const text = typeof value === "string" ? value : (value.at(-1) ?? "");
    if (flag.kind === "text") fields[flag.key] = parseText(name, text);
    else if (flag.kind === "country") fields[flag.key] = parseCountry(name, text);
    else if (flag.kind === "uuid") fields[flag.key] = parseUuid(name, text);
    else if (flag.kind === "choice") fields[flag.key] = parseChoice(name, text, flag.choices ?? []);
    else if (flag.kind === "year") fields[flag.key] = parseYear(name, text);
    else if (flag.kind === "number") fields[flag.key] = parseNumber(name, text, 0);
    else {
      const kind = flag.kind === "building" ? "building" : "company";
      const mustExist = flag.mustExist === true;
      lookups.push({ key: flag.key, name, texts: [text], mustExist, kind });
    }
  }
  // Companies first: a building's name is looked up in the company the flags name, if any.
  for (const lookup of lookups.filter((candidate) => candidate.kind === "company")) {
    const id = await resolver.company(lookup.name, lookup.texts[0] ?? "");
    if (lookup.mustExist) await (await service()).companies.get(id);
    fields[lookup.key] = id;
  }
  const companyId = typeof fields.companyId === "string" ? fields.companyId : undefined;
  for (const lookup of lookups.filter((candidate) => candidate.kind !== "company")) {
    const ids: string[] = [];
    for (const text of lookup.texts)
      ids.push(await resolver.building(lookup.name, text, companyId));
    fields[lookup.key] = lookup.kind === "buildings" ? ids : (ids[0] ?? "");
  }
  return fields;
}

export async function runResourceList<K extends ResourceName>(
  ctx: Context,
  face: ReadFace<K>,
  opts: ResourceListOptions,
): Promise<void> {
  const paging = parsePaging(opts);
  const descriptor = resourceDescriptors[face.name];
  const resolver = idResolver(() => ctx.service());
  const filter = parseInput(
    descriptor.filter,
    await flagFields(face.filters, opts.filters, resolver, () => ctx.service()),
    `${face.name} filter`,
  );
  const service = await ctx.service();
  const port = portOf(service, face.name);
  await printList(ctx, service, paging, {
    list: face.name,
    filter,
    page: (query) => port.list({ ...filter, ...query }),
    columns: await face.columns(service),
  });
}

export async function runResourceGet<K extends ResourceName>(
  ctx: Context,
  face: ReadFace<K>,
  opts: ResourceGetOptions,
): Promise<void> {
  const kind = face.getArgument.kind;
  const resolver = idResolver(() => ctx.service());
  const id =
    kind === "company"
      ? await resolver.company(face.singular, opts.id)
      : kind === "building"
        ? await resolver.building(face.singular, opts.id)
        : parseUuid(`${face.singular} id`, opts.id);
  const service = await ctx.service();
  const record = await portOf(service, face.name).get(id);
  renderObject(ctx.io, ctx.format(), record, await face.columns(service));
}

export async function runResourceUpsert<K extends ResourceName>(
  ctx: Context,
  face: ResourceFace<K>,
  opts: ResourceUpsertOptions,
): Promise<void> {
  const descriptor = resourceDescriptors[face.name];
  const id = opts.id === undefined ? newId() : parseUuid("--id", opts.id);
  const fields = await flagFields(
    face.fields,
    opts.fields,
    idResolver(() => ctx.service()),
    () => ctx.service(),
  );
  const input = parseInput(descriptor.input, { id, ...fields, ...opts.extra }, face.singular);
  const service = await ctx.service();
  const answer = await portOf(service, face.name).upsert(input);
  // Read as the record the columns show: a plain resource's upsert answers its record.
  const record = descriptor.answer.parse(answer);
  renderObject(ctx.io, ctx.format(), record, await face.columns(service));
}

function readOnlyPortOf<K extends ReadOnlyName>(
  service: CarbonService,
  name: K,
): ReadOnlyPortOf<K> {
  return service[name];
}

/** Every record of a read-only resource, page by page as they come. */
export async function runReadOnlyList<K extends ReadOnlyName>(
  ctx: Context,
  face: ReadOnlyFace<K>,
  opts: ReadOnlyListOptions,
): Promise<void> {
  const descriptor = readOnlyResourceDescriptors[face.name];
  const resolver = idResolver(() => ctx.service());
  const filter = parseInput(
    descriptor.filter,
    await flagFields(face.filters, opts.filters, resolver, () => ctx.service()),
    `${face.name} filter`,
  );
  const service = await ctx.service();
  const port = readOnlyPortOf(service, face.name);
  await printList(
    ctx,
    service,
    { all: true, page: undefined, limit: undefined },
    {
      list: face.name,
      filter,
      page: (query) => port.list({ ...filter, ...query }),
      columns: await face.columns(),
    },
  );
}
