import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { CarbonError } from "../../../core/errors.js";
import type { Io } from "../../io.js";

/**
 * An export to a file: everything goes to a new `FILE.<random>.tmp`, which becomes `FILE` only on
 * `commit()`, so a failed or interrupted export never leaves a half-written file behind.
 */
export interface FileOutput {
  /** `io` whose `write` appends to the temporary file; everything else is the terminal's. */
  readonly io: Io;
  commit(): Promise<void>;
  /** Removes the temporary file; safe to call after a failure, and after commit (no-op). */
  discard(): Promise<void>;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function openFileOutput(terminal: Io, file: string): Promise<FileOutput> {
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  let handle: FileHandle | undefined;
  try {
    // Created anew ("wx"): an existing file or symlink at that name is never truncated.
    handle = await open(temporary, "wx");
  } catch (error) {
    throw new CarbonError("usage", `cannot write --output ${file}: ${describe(error)}`, {
      cause: error,
    });
  }
  const fileHandle = handle;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await fileHandle.close();
  };
  const io: Io = {
    stdoutIsTty: false,
    stderrIsTty: terminal.stderrIsTty,
    stdinIsTty: terminal.stdinIsTty,
    color: false,
    columns: terminal.columns,
    out: (text) => {
      throw new Error(`file output takes write(), not out(): ${text.slice(0, 20)}`);
    },
    err: (text) => terminal.err(text),
    write: async (chunk) => {
      if (chunk === "") return;
      await fileHandle.write(chunk);
    },
    status: (line) => terminal.status(line),
    clearStatus: () => terminal.clearStatus(),
  };
  let committed = false;
  return {
    io,
    async commit() {
      await close();
      await rename(temporary, file);
      committed = true;
    },
    async discard() {
      if (committed) return;
      try {
        await close();
      } finally {
        await rm(temporary, { force: true });
      }
    },
  };
}
