/** A real `carbon serve` (src/server) over a real local engine on a temp file, on port 0. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LocalService } from "../../../src/backends/local/local-service.js";
import { openLocalService } from "../../../src/backends/local/open.js";
import { serverInstanceId } from "../../../src/backends/local/server-meta.js";
import { startServer } from "../../../src/server/app.js";
import { type Role, signToken } from "../../../src/server/auth.js";

export interface RealServer {
  readonly url: string;
  /** The engine behind the server, for seeding and for comparing answers. */
  readonly local: LocalService;
  readonly dir: string;
  /** The database file the server runs on. */
  readonly dbPath: string;
  token(options?: {
    readonly role?: Role;
    readonly companies?: readonly string[];
    readonly ttlSeconds?: number;
    readonly now?: Date;
    readonly email?: string;
  }): Promise<string>;
  close(): Promise<void>;
}

const secret = new TextEncoder().encode("a test secret of at least thirty-two bytes, really");

export interface RealServerOptions {
  /** An existing database to serve (it is left in place on close); default a new one. */
  readonly dbPath?: string;
  /** Whether who-am-i announces the database's instance id, as carbon serve does (default). */
  readonly announceInstance?: boolean;
}

export async function startRealServer(options: RealServerOptions = {}): Promise<RealServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "carbon-remote-"));
  const dbPath = options.dbPath ?? path.join(dir, "server.db");
  const local = await openLocalService({ path: dbPath });
  const instance =
    options.announceInstance === false ? {} : { instanceId: await serverInstanceId(dbPath) };
  const server = await startServer({
    service: local,
    secret,
    host: "127.0.0.1",
    port: 0,
    ...instance,
  });
  return {
    url: server.url,
    local,
    dir,
    dbPath,
    token: (options = {}) =>
      signToken(
        {
          email: options.email ?? "ana@example.com",
          role: options.role ?? "admin",
          ttlSeconds: options.ttlSeconds ?? 3600,
          ...(options.companies === undefined ? {} : { companies: options.companies }),
          ...(options.now === undefined ? {} : { now: options.now }),
        },
        secret,
      ),
    async close() {
      await server.close();
      await local.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
