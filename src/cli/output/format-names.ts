/** The output format names, without any renderer: main.ts needs them to validate --format cheaply. */
export const outputFormats = ["table", "tsv", "json", "ndjson", "csv"] as const;
export type OutputFormat = (typeof outputFormats)[number];

export function isOutputFormat(value: string): value is OutputFormat {
  return (outputFormats as readonly string[]).includes(value);
}

/** What a file's extension says it holds: .json, .ndjson or .jsonl, .csv, .tsv; else undefined. */
export function formatOfFile(file: string): Exclude<OutputFormat, "table"> | undefined {
  const extension = /\.([^./\\]+)$/.exec(file)?.[1]?.toLowerCase();
  switch (extension) {
    case "json":
      return "json";
    case "ndjson":
    case "jsonl":
      return "ndjson";
    case "csv":
      return "csv";
    case "tsv":
      return "tsv";
    default:
      return undefined;
  }
}
