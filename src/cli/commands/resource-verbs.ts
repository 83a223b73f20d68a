/**
 * The `list`, `get`, `upsert` (and `delete`) verbs of a plain resource, built from its CLI face
 * (src/cli/resource-face.ts). Builders only parse; the work loads with `resource-run.ts`.
 */
import { Command, Option } from "commander";
import type { ReadOnlyName, ResourceName } from "../../core/service.js";
import type { Context } from "../context.js";
import type { FaceFlag, ReadFace, ReadOnlyFace, ResourceFace } from "../resource-face.js";
import { deleteVerb, runDeleteVerb } from "./delete-verb.js";
import { addPagingOptions } from "./paging-options.js";
import type {
  FlagValue,
  ReadOnlyListOptions,
  ResourceGetOptions,
  ResourceListOptions,
  ResourceUpsertOptions,
} from "./resource-run.js";

export type {
  FlagValue,
  ReadOnlyListOptions,
  ResourceGetOptions,
  ResourceListOptions,
  ResourceUpsertOptions,
} from "./resource-run.js";

type Run<K extends ResourceName, O, F extends ReadFace<K> = ResourceFace<K>> = (
  ctx: Context,
  face: F,
  opts: O,
) => Promise<void>;

function examples(lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join("\n")}`;
}

/** The value of each declared flag, by key (commander camel-cases the flag's long name). */
function flagValues(
  command: Command,
  flags: readonly { readonly key: string; readonly flag: string }[],
): Record<string, FlagValue | undefined> {
  const options = command.opts<Record<string, unknown>>();
  const values: Record<string, FlagValue | undefined> = {};
  for (const flag of flags) {
    const option = command.options.find((candidate) => candidate.flags === flag.flag);
    const value = option === undefined ? undefined : options[option.attributeName()];
    values[flag.key] = typeof value === "string" || isTextList(value) ? value : undefined;
  }
  return values;
}

function isTextList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** A repeatable flag's values, in the order given. */
function collect(value: string, previous: readonly string[] | undefined): readonly string[] {
  return [...(previous ?? []), value];
}

/** Declares a face's flag: a `choices` or `buildings` flag may be repeated. */
function addFlag(command: Command, flag: FaceFlag): void {
  const option = new Option(flag.flag, flag.description);
  if (flag.kind === "choices" || flag.kind === "buildings") option.argParser(collect);
  if (flag.required === true) option.makeOptionMandatory();
  command.addOption(option);
}

export function resourceListCommand<K extends ResourceName>(
  ctx: Context,
  face: ReadFace<K>,
  run: Run<K, ResourceListOptions, ReadFace<K>> = async (...args) =>
    (await import("./resource-run.js")).runResourceList(...args),
): Command {
  // The filters first, then the paging flags every list shares, as each list's help read before.
  const command = new Command("list").description(face.descriptions.list);
  for (const filter of face.filters) addFlag(command, filter);
  return addPagingOptions(command)
    .addHelpText("after", examples(face.examples.list))
    .action(async (_flags: unknown, self: Command) => {
      const flags = self.opts<{ page?: string; limit?: string; all?: boolean }>();
      await run(ctx, face, {
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
        filters: flagValues(self, face.filters),
      });
    });
}

export function resourceGetCommand<K extends ResourceName>(
  ctx: Context,
  face: ReadFace<K>,
  run: Run<K, ResourceGetOptions, ReadFace<K>> = async (...args) =>
    (await import("./resource-run.js")).runResourceGet(...args),
): Command {
  return new Command("get")
    .description(face.descriptions.get)
    .argument("<id>", face.getArgument.description)
    .addHelpText("after", examples(face.examples.get))
    .action(async (id: string) => {
      await run(ctx, face, { id });
    });
}

export function resourceUpsertCommand<K extends ResourceName>(
  ctx: Context,
  face: ResourceFace<K>,
  run: Run<K, ResourceUpsertOptions> = async (...args) =>
    (await import("./resource-run.js")).runResourceUpsert(...args),
): Command {
  const command = new Command("upsert").description(face.descriptions.upsert);
  if (face.upsertAlias !== undefined) command.alias(face.upsertAlias);
  for (const field of face.fields) addFlag(command, field);
  return command
    .option("--id <uuid>", "id to use (default: a new random UUID); the same id updates")
    .addHelpText("after", examples(face.examples.upsert))
    .action(async (_flags: unknown, self: Command) => {
      const id = self.opts<{ id?: string }>().id;
      await run(ctx, face, {
        ...(id === undefined ? {} : { id }),
        fields: flagValues(self, face.fields),
      });
    });
}

/** The resource's group with its three verbs. */
export function resourceCommand<K extends ResourceName>(
  ctx: Context,
  face: ResourceFace<K>,
): Command {
  const group = new Command(face.command)
    .addCommand(resourceListCommand(ctx, face))
    .addCommand(resourceGetCommand(ctx, face))
    .addCommand(resourceUpsertCommand(ctx, face));
  const spec = face.deletion;
  if (spec !== undefined) {
    group.addCommand(deleteVerb(ctx, spec, (ctx, opts) => runDeleteVerb(ctx, opts, spec)));
  }
  return group;
}

/** The `list` verb of a read-only resource: no paging flags, the whole list is printed. */
export function readOnlyListCommand<K extends ReadOnlyName>(
  ctx: Context,
  face: ReadOnlyFace<K>,
  run: (ctx: Context, face: ReadOnlyFace<K>, opts: ReadOnlyListOptions) => Promise<void> = async (
    ...args
  ) => (await import("./resource-run.js")).runReadOnlyList(...args),
): Command {
  const command = new Command("list").description(face.description);
  for (const filter of face.filters) addFlag(command, { ...filter, required: false });
  const note = face.note === undefined ? "" : `\n${face.note}\n`;
  return command
    .addHelpText("after", `${note}${examples(face.examples)}`)
    .action(async (_flags: unknown, self: Command) => {
      await run(ctx, face, { filters: flagValues(self, face.filters) });
    });
}

/** A read-only resource's group with its one verb. */
export function readOnlyResourceCommand<K extends ReadOnlyName>(
  ctx: Context,
  face: ReadOnlyFace<K>,
): Command {
  return new Command(face.command).addCommand(readOnlyListCommand(ctx, face));
}
