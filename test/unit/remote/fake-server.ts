/**
 * A tiny HTTP server that speaks the contract on demand, for faults a real server does not
 * produce when asked: 429 with Retry-After, 503 then 200, a connection dropped mid-answer, a
 * malformed answer. Each request gets the next responder; the last one repeats.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export type Responder = (request: Recorded, response: http.ServerResponse) => void | Promise<void>;

export interface FakeServer {
  readonly url: string;
  readonly requests: Recorded[];
  /** Most requests in flight at once. */
  readonly maxInFlight: () => number;
  close(): Promise<void>;
}

export async function startFakeServer(responders: readonly Responder[]): Promise<FakeServer> {
  const requests: Recorded[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: Recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const responder = responders[Math.min(requests.length, responders.length - 1)];
      requests.push(recorded);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on("close", () => {
        inFlight -= 1;
      });
      if (responder === undefined) throw new Error("no responder");
      void Promise.resolve(responder(recorded, res)).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): Responder {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };
}

export function problem(
  status: number,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
): Responder {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/problem+json" });
    response.end(
      JSON.stringify({
        type: `urn:carbon:problem:${code}`,
        title: code,
        status,
        detail,
        code,
        ...extra,
      }),
    );
  };
}

export function text(status: number, body: string, contentType = "text/plain"): Responder {
  return (_request, response) => {
    response.writeHead(status, { "content-type": contentType });
    response.end(body);
  };
}

/** Promises 1000 bytes, sends 10, then drops the connection. */
export const dropMidAnswer: Responder = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
  response.write('{"data": [');
  setImmediate(() => response.socket?.destroy());
};

export const WHO_AM_I = "/api/v1/auth/who-am-i";

/**
 * Answers `POST /auth/who-am-i` with these extensions (none: the hosted service's answer, a user
 * and nothing more), and every other request with `responder`.
 */
export function announcing(extensions: readonly string[], responder: Responder): Responder {
  return (request, response) => {
    if (request.method !== "POST" || request.url !== WHO_AM_I) return responder(request, response);
    const body = extensions.length === 0 ? { email: "ana@example.com" } : { extensions };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
}

/** The requests other than who-am-i (what a command sent to do its work). */
export function workRequests(server: FakeServer): Recorded[] {
  return server.requests.filter((request) => request.url !== WHO_AM_I);
}
