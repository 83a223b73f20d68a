/**
 * What the CLI shows of a plain resource: its verbs' descriptions, flags and examples. It holds
 * no schema (those load with a verb's run), so `--help` stays light; src/core/resource.ts has
 * the rest of the resource's descriptor.
 */
import type { RecordOf, ResourceName } from "../core/service.js";
import type { Column } from "./output/format.js";

/** How a flag's text becomes a value (src/cli/flags.ts; company: an id or a name). */
export type FlagKind = "text" | "country" | "uuid" | "company";

export interface FaceFlag {
  /** The field of the upsert input or list filter it sets. */
  readonly key: string;
  /** Commander's spelling: `--name <name>`. */
  readonly flag: string;
  readonly description: string;
  readonly kind: FlagKind;
  readonly required?: boolean;
}

export interface ResourceFace<K extends ResourceName> {
  readonly name: K;
  /** The CLI group: `companies`, `waste-operators`. */
  readonly command: string;
  readonly singular: string;
  readonly descriptions: { readonly list: string; readonly get: string; readonly upsert: string };
  /** What `get <id>` takes: a UUID, or (company, building) also a unique name. */
  readonly getArgument: {
    readonly description: string;
    readonly kind: "uuid" | "company" | "building";
  };
  /** Flags of `list` besides paging. */
  readonly filters: readonly FaceFlag[];
  /** Flags of `upsert` besides `--id`. */
  readonly fields: readonly FaceFlag[];
  /** Another name `upsert` answers to (the verb it had before the framework). */
  readonly upsertAlias?: string;
  readonly examples: {
    readonly list: readonly string[];
    readonly get: readonly string[];
    readonly upsert: readonly string[];
  };
  /** The table columns, loaded with the run. */
  columns(): Promise<readonly Column<RecordOf<K>>[]>;
}
