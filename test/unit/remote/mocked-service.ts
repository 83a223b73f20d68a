/**
 * A remote service whose every request a MockAgent answers, for servers that are not ours: a
 * new pair for each test, and after it every interceptor must have been used.
 */
import { MockAgent } from "undici";
import { afterEach, beforeEach } from "vitest";
import {
  createRemoteService,
  type RemoteCarbonService,
} from "../../../src/backends/remote/remote-service.js";

export const mockedOrigin = "https://carbon.example.com";

export interface MockedService {
  readonly agent: MockAgent;
  readonly service: RemoteCarbonService;
}

/** Registers the hooks; the returned object's `agent` and `service` are the current test's. */
export function mockedRemoteService(token: string): MockedService {
  let agent: MockAgent | undefined;
  let service: RemoteCarbonService | undefined;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
    service = createRemoteService({
      apiUrl: mockedOrigin,
      token,
      dispatcher: agent,
      retry: { attempts: 1 },
    });
  });
  afterEach(async () => {
    agent?.assertNoPendingInterceptors();
    await service?.close();
    await agent?.close();
  });
  const current = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("used outside a test");
    return value;
  };
  return {
    get agent() {
      return current(agent);
    },
    get service() {
      return current(service);
    },
  };
}
