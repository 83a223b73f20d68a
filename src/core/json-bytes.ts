/**
 * JSON that arrives as bytes (a request body, a `--file`) must be UTF-8: decoded as it is, a byte
 * of another encoding becomes U+FFFD and is stored so, silently. This finds the first such byte
 * and the field holding it, so the error can say which field to fix.
 */
import { isUtf8 } from "node:buffer";
import { firstInvalidUtf8, lineFeedsBefore } from "./utf8.js";

export type JsonPath = readonly (string | number)[];

export interface NotUtf8 {
  /** The string (a value, or a key) holding the first bad byte; undefined outside any string. */
  readonly path: JsonPath | undefined;
  /** 1-based line of the first bad byte. */
  readonly line: number;
}

export const NOT_UTF8_MESSAGE =
  "holds bytes that are not UTF-8 (text saved in another encoding, such as Windows-1252?)";

const decoder = new TextDecoder("utf-8");
/** Private-use characters: a marker is one of these that the text does not hold. */
const FIRST_MARKER = 0xe000;
const LAST_MARKER = 0xf8ff;

/** The bytes as text, every byte that is not UTF-8 replaced by `marker`. */
function markedText(bytes: Uint8Array): { readonly text: string; readonly marker: string } {
  const valid: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const rest = bytes.subarray(at);
    const bad = firstInvalidUtf8(rest);
    valid.push(decoder.decode(bad === -1 ? rest : rest.subarray(0, bad)));
    if (bad === -1) break;
    at += bad + 1;
  }
  const joined = valid.join("");
  let code = FIRST_MARKER;
  while (code < LAST_MARKER && joined.includes(String.fromCharCode(code))) code += 1;
  const marker = String.fromCharCode(code);
  return { text: valid.join(marker), marker };
}

/** The path of the first string (key or value) in `value` that holds `marker`. */
function pathOf(value: unknown, marker: string, at: JsonPath = []): JsonPath | undefined {
  if (typeof value === "string") return value.includes(marker) ? at : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOf(item, marker, [...at, index]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(marker)) return [...at, key];
    const found = pathOf(item, marker, [...at, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Where the first byte that is not UTF-8 is, or undefined when the bytes are UTF-8. */
export function findNotUtf8(bytes: Uint8Array): NotUtf8 | undefined {
  if (isUtf8(bytes)) return undefined;
  const line = 1 + lineFeedsBefore(bytes, Math.max(0, firstInvalidUtf8(bytes)));
  const { text, marker } = markedText(bytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { path: undefined, line };
  }
  return { path: pathOf(parsed, marker), line };
}

/** `actions.0.driver`; "" for the document itself. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}
