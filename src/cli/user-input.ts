/**
 * Reading from the user: all of stdin (`auth login --with-token`), or a secret typed on the
 * terminal without echo. Like io.ts for output, this is the one module that reads process.stdin;
 * commands get it as `ctx.input`, tests use `createTestInput()`.
 */
import { createInterface } from "node:readline/promises";
import { CarbonError } from "../core/errors.js";

export interface UserInput {
  /** Everything on stdin as UTF-8 text; refuses more than `maxBytes`. */
  readAll(maxBytes: number): Promise<string>;
  /** Everything on stdin as it is (a JSON body, checked for UTF-8 by its reader); at most `maxBytes`. */
  readBytes(maxBytes: number): Promise<Uint8Array>;
  /** Shows `prompt` on stderr and reads one line from the terminal without echoing it. */
  readSecret(prompt: string): Promise<string>;
  /** Shows `prompt` on stderr, reads one line from the terminal: true for y or yes. */
  confirm(prompt: string): Promise<boolean>;
}

function tooLong(maxBytes: number): CarbonError {
  return new CarbonError("usage", `stdin holds more than ${maxBytes} bytes; expected a token`);
}

function bytesTooLong(maxBytes: number): CarbonError {
  return new CarbonError("usage", `stdin holds more than ${maxBytes} bytes`);
}

async function readStdinBytes(maxBytes: number, tooMuch: CarbonError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
    size += buffer.length;
    if (size > maxBytes) throw tooMuch;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function readStdin(maxBytes: number): Promise<string> {
  return (await readStdinBytes(maxBytes, tooLong(maxBytes))).toString("utf8");
}

const ENTER = new Set(["\r", "\n", "\u0004"]);
const BACKSPACE = new Set(["\u007f", "\b"]);

function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  const stderr = process.stderr;
  return new Promise<string>((resolve, reject) => {
    let value = "";
    const finish = (error?: CarbonError): void => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
      if (error === undefined) resolve(value);
      else reject(error);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const char of chunk.toString()) {
        if (ENTER.has(char)) {
          finish();
          return;
        }
        if (char === "\u0003") {
          finish(new CarbonError("interrupted", "interrupted (Ctrl-C): nothing was saved"));
          return;
        }
        if (BACKSPACE.has(char)) value = value.slice(0, -1);
        else if (char >= " ") value += char;
      }
    };
    stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.on("data", onData);
    stdin.resume();
  });
}

function isYes(answer: string): boolean {
  return /^(y|yes)$/i.test(answer.trim());
}

/** Ctrl-C is an interruption (exit 130); Ctrl-D (end of input) answers no. */
async function askYesNo(prompt: string): Promise<boolean> {
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  const stop = new AbortController();
  let interrupted = false;
  lines.once("SIGINT", () => {
    interrupted = true;
    stop.abort();
  });
  lines.once("close", () => stop.abort());
  try {
    return isYes(await lines.question(prompt, { signal: stop.signal }));
  } catch (error) {
    if (interrupted) throw new CarbonError("interrupted", "interrupted (Ctrl-C): nothing was done");
    if (stop.signal.aborted) return false;
    throw error;
  } finally {
    lines.close();
  }
}

/**
 * Asks `prompt`; anything but yes cancels the command with a usage error (exit 2, never 0: the
 * work was not done), saying what was left as it was.
 */
export async function confirmOrCancel(
  input: UserInput,
  prompt: string,
  nothingDone: string,
): Promise<void> {
  if (!(await input.confirm(prompt))) throw new CarbonError("usage", `cancelled: ${nothingDone}`);
}

export function createProcessInput(): UserInput {
  return {
    readAll: readStdin,
    readBytes: (maxBytes) => readStdinBytes(maxBytes, bytesTooLong(maxBytes)),
    readSecret: readHidden,
    confirm: askYesNo,
  };
}

/**
 * For tests: `stdin` is what a pipe holds, `typed` what the user types at a hidden prompt,
 * `answer` what they answer a yes/no question.
 */
export function createTestInput(
  options: {
    readonly stdin?: string | Uint8Array;
    readonly typed?: string;
    readonly answer?: string;
  } = {},
): UserInput & { readonly prompts: readonly string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    readAll(maxBytes) {
      const bytes = Buffer.from(options.stdin ?? "");
      if (bytes.length > maxBytes) return Promise.reject(tooLong(maxBytes));
      return Promise.resolve(bytes.toString("utf8"));
    },
    readBytes(maxBytes) {
      const bytes = Buffer.from(options.stdin ?? "");
      if (bytes.length > maxBytes) return Promise.reject(bytesTooLong(maxBytes));
      return Promise.resolve(bytes);
    },
    readSecret(prompt) {
      prompts.push(prompt);
      return Promise.resolve(options.typed ?? "");
    },
    confirm(prompt) {
      prompts.push(prompt);
      return Promise.resolve(isYes(options.answer ?? ""));
    },
  };
}
