/**
 * A contract driver that is the remote engine talking to a real `carbon serve` over the local
 * engine given: an admin token of the server's secret. `dispose` stops the client, the server
 * and the engine, then runs `after` (what made the engine's database removes it).
 */
import type { LocalService } from "../../src/backends/local/local-service.js";
import { createRemoteService } from "../../src/backends/remote/remote-service.js";
import { startServer } from "../../src/server/app.js";
import { signToken } from "../../src/server/auth.js";
import type { Driver } from "./suite.js";

export async function servedDriver(local: LocalService, after: () => void): Promise<Driver> {
  const secret = new TextEncoder().encode("a test secret of at least thirty-two bytes");
  const server = await startServer({ service: local, secret, host: "127.0.0.1", port: 0 });
  const token = await signToken(
    { email: "admin@example.com", role: "admin", ttlSeconds: 3600 },
    secret,
  );
  const service = createRemoteService({ apiUrl: server.url, token });
  return {
    service,
    async dispose() {
      await service.close();
      await server.close();
      await local.close();
      after();
    },
  };
}
