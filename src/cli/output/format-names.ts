/** The output format names, without any renderer: main.ts needs them to validate --format cheaply. */
export const outputFormats = ["table", "tsv", "json", "ndjson", "csv"] as const;
export type OutputFormat = (typeof outputFormats)[number];

export function isOutputFormat(value: string): value is OutputFormat {
  return (outputFormats as readonly string[]).includes(value);
}
