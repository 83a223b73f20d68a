/**
 * What the CLI shows of a plain resource: its verbs' descriptions, flags and examples. It holds
 * no schema (those load with a verb's run), so `--help` stays light; src/core/resource.ts has
 * the rest of the resource's descriptor.
 */
import type {
  CarbonService,
  ReadOnlyName,
  ReadOnlyResourceTypes,
  RecordOf,
  ResourceName,
} from "../core/service.js";
import type { DeleteSpec } from "./commands/delete-run.js";
import type { Column } from "./output/format.js";

/**
 * How a flag's text becomes a value (src/cli/flags.ts; company, building: an id or a name, a
 * building's looked up in the company the flags name; buildings: a list of them, the flag
 * repeated; choice: one of `choices`; choices: a list of them, the flag repeated or its values
 * separated by commas; year: a calendar year; number: a decimal number of at least 0).
 */
export type FlagKind =
  | "text"
  | "country"
  | "uuid"
  | "company"
  | "building"
  | "buildings"
  | "choice"
  | "choices"
  | "year"
  | "number";

export interface FaceFlag {
  /** The field of the upsert input or list filter it sets. */
  readonly key: string;
  /** Commander's spelling: `--name <name>`. */
  readonly flag: string;
  readonly description: string;
  readonly kind: FlagKind;
  readonly required?: boolean;
  /** The values a `choice` or `choices` flag takes. */
  readonly choices?: readonly string[];
  /**
   * A `company` filter whose company must exist: the run asks for it before listing, so an
   * unknown one is not_found on any server rather than an empty list.
   */
  readonly mustExist?: boolean;
}

/**
 * The `list` and `get` of a plain resource: all a face says when its upsert is hand-written
 * (suppliers, custom factors), as its own rules need flags the framework does not derive.
 */
export interface ReadFace<K extends ResourceName> {
  readonly name: K;
  /** The CLI group: `companies`, `waste-operators`. */
  readonly command: string;
  readonly singular: string;
  readonly descriptions: { readonly list: string; readonly get: string };
  /** What `get <id>` takes: a UUID, or (company, building) also a unique name. */
  readonly getArgument: {
    readonly description: string;
    readonly kind: "uuid" | "company" | "building";
  };
  /** Flags of `list` besides paging. */
  readonly filters: readonly FaceFlag[];
  readonly examples: { readonly list: readonly string[]; readonly get: readonly string[] };
  /**
   * The table columns, loaded with the run; `service` is the opened one, for columns that show
   * what a record only points at (a category's code for its id).
   */
  columns(service: CarbonService): Promise<readonly Column<RecordOf<K>>[]>;
}

/** A plain resource whose three verbs the framework derives: `list`, `get` and `upsert`. */
export interface ResourceFace<K extends ResourceName> extends ReadFace<K> {
  readonly descriptions: { readonly list: string; readonly get: string; readonly upsert: string };
  /** Flags of `upsert` besides `--id`. */
  readonly fields: readonly FaceFlag[];
  /** Another name `upsert` answers to (the verb it had before the framework). */
  readonly upsertAlias?: string;
  /** The `delete` verb, when the resource has one (src/cli/commands/delete-verb.ts). */
  readonly deletion?: DeleteSpec;
  readonly examples: {
    readonly list: readonly string[];
    readonly get: readonly string[];
    readonly upsert: readonly string[];
  };
}

/** What the CLI shows of a read-only resource: its `list` verb, which lists it whole. */
export interface ReadOnlyFace<K extends ReadOnlyName> {
  readonly name: K;
  /** The CLI group: `categories`. */
  readonly command: string;
  readonly description: string;
  /** Flags of `list`. */
  readonly filters: readonly FaceFlag[];
  /** A paragraph of `list --help` before its examples. */
  readonly note?: string;
  readonly examples: readonly string[];
  /** The table columns, loaded with the run. */
  columns(): Promise<readonly Column<ReadOnlyResourceTypes[K]["record"]>[]>;
}
