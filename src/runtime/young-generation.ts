import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

/**
 * The main thread's young generation, capped for the length of a large import or a streamed
 * list. Its size is fixed when the process starts (only a command-line flag sets it), but it
 * grows by doubling: once it has reached NEW_SPACE_CAP_BYTES the growth factor is set to 1 (it
 * stays there), and set back to V8's default at the end: 8 MiB semi-spaces write as fast as
 * the default 64 MiB ones with far less memory, and no growth at all costs time
 * (bench/NOTES.md). The flag is process-wide: during an import it also stops the parse worker's
 * young generation at whatever size it has reached by then.
 */
const NEW_SPACE_CAP_BYTES = 16 * 1024 * 1024;
const DEFAULT_GROWTH_FACTOR = 2;

export class YoungGenerationCap {
  #capped = false;

  check(): void {
    const space = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    if (space === undefined) return;
    const capped = space.space_size >= NEW_SPACE_CAP_BYTES;
    if (capped === this.#capped) return;
    this.#capped = capped;
    setFlagsFromString(`--semi-space-growth-factor=${capped ? 1 : DEFAULT_GROWTH_FACTOR}`);
  }

  release(): void {
    if (!this.#capped) return;
    this.#capped = false;
    setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
  }
}
