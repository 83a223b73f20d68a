/**
 * What a server offers beyond `interface.md` (src/core/extensions.ts), read once per service from
 * its `POST /auth/who-am-i` answer, a spec operation every server has. A server that names no
 * `extensions` (the hosted service, any other implementation) offers the specification alone, and
 * the remote engine then uses only the spec's operations.
 */
import { z } from "zod";
import { usageError } from "../../core/errors.js";
import type { HttpClient } from "./client.js";

/** Any answer: its `extensions` when it is an array of strings, else none. */
const announcedSchema = z
  .object({ extensions: z.array(z.string()).optional().catch(undefined) })
  .catch({});

export class ServerCapabilities {
  readonly #client: HttpClient;
  #extensions: Promise<ReadonlySet<string>> | undefined;

  constructor(client: HttpClient) {
    this.#client = client;
  }

  /** The announced extensions; asked once, the first time an extension matters. */
  extensions(): Promise<ReadonlySet<string>> {
    this.#extensions ??= this.#client
      .request("POST", "/auth/who-am-i", { schema: announcedSchema })
      .then((answer) => new Set(answer.extensions ?? []));
    // A failed ask is not kept: the next one asks again.
    this.#extensions.catch(() => {
      this.#extensions = undefined;
    });
    return this.#extensions;
  }

  async offers(extension: string): Promise<boolean> {
    return (await this.extensions()).has(extension);
  }

  /**
   * Throws a usage error (exit 2), never "not found", when the server does not offer what a
   * command needs: `what` says what the command wanted, `instead` what the user can do.
   */
  async require(extension: string, what: string, instead?: string): Promise<void> {
    if (await this.offers(extension)) return;
    throw notOffered(this.#client.api.href, what, instead);
  }
}

export function notOffered(server: string, what: string, instead?: string) {
  return usageError(
    `the server at ${server} does not offer ${what}: it is not in the interface specification, and the server does not announce it as an extension`,
    instead,
  );
}
