/**
 * A real carbon serve holding the Acme Offices fixture (161 consumptions, its buildings created
 * by the import), behind the recording spec proxy, and a remote engine talking to the proxy.
 */
import path from "node:path";
import {
  createRemoteService,
  type RemoteCarbonService,
} from "../../../src/backends/remote/remote-service.js";
import { importConsumptions } from "../../../src/import/consumptions.js";
import { type RealServer, startRealServer } from "./real-server.js";
import { type SpecProxy, type SpecProxyOptions, startSpecProxy } from "./spec-proxy.js";

export const acmeCompanyId = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const fixture = path.resolve("fixtures/consumptions/acme-offices-2024.csv");

export interface AcmeBehindProxy {
  readonly server: RealServer;
  readonly proxy: SpecProxy;
  readonly remote: RemoteCarbonService;
  close(): Promise<void>;
}

export async function startAcmeBehindProxy(options?: SpecProxyOptions): Promise<AcmeBehindProxy> {
  const server = await startRealServer();
  await server.local.companies.upsert({ id: acmeCompanyId, name: "Acme Offices", country: "ES" });
  const report = await importConsumptions(server.local, {
    file: fixture,
    companyId: acmeCompanyId,
    decimalComma: false,
    dryRun: false,
    skipInvalid: false,
    createBuildings: true,
  });
  if (report.inserted !== 161) throw new Error(`the fixture stored ${report.inserted} rows`);
  const proxy = await startSpecProxy(server.url, options);
  const remote = createRemoteService({ apiUrl: proxy.url, token: await server.token() });
  return {
    server,
    proxy,
    remote,
    async close() {
      await remote.close();
      await proxy.close();
      await server.close();
    },
  };
}
