import { describe, expect, it } from "vitest";
import { COMPANY_A, call, startTestServer } from "./helpers.js";
import { slowPost } from "./slow-post.js";

const company = { id: COMPANY_A, name: "Drained Ltd", country: "ES" };

describe("closing the server", () => {
  it("finishes a request in flight before close() resolves, and refuses new connections", async () => {
    const server = await startTestServer();
    try {
      const post = slowPost(`${server.url}/api/v1/companies`, await server.token("admin"), company);
      await post.started;
      let closed = false;
      const closing = server.close().then(() => {
        closed = true;
      });
      const answer = await post.finish();
      expect(answer.status, answer.text).toBe(201);
      // The drained connection is closed after its answer, so close() need not wait for it.
      expect(answer.connection).toBe("close");
      await closing;
      expect(closed).toBe(true);
      await expect(call(`${server.url}/healthz`, "GET")).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});
