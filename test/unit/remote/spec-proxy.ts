/**
 * A proxy in front of a real `carbon serve` that behaves like a server that is not ours: its
 * who-am-i announces no extension, and it ignores `dryRun` (the parameter is dropped before the
 * request reaches carbon serve, which then stores), and any other parameter it is told to.
 * Every request is recorded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";

export interface ProxiedRequest {
  readonly method: string;
  readonly url: string;
}

export interface SpecProxy {
  readonly url: string;
  readonly requests: ProxiedRequest[];
  /** The requests that could change data (anything but GET and who-am-i). */
  writes(): ProxiedRequest[];
  close(): Promise<void>;
}

const WHO_AM_I = "/api/v1/auth/who-am-i";

/** The request's address without the query parameters the proxy's server does not honour. */
function withoutIgnored(url: string, ignored: readonly string[]): string {
  const parsed = new URL(url, "http://proxy");
  for (const name of ["dryRun", ...ignored]) parsed.searchParams.delete(name);
  return `${parsed.pathname}${parsed.search}`;
}

export interface SpecProxyOptions {
  /** Answer the dashboards `{}`, as a server whose dashboard shape carbon cannot read. */
  readonly blankDashboards?: boolean;
  /** Query parameters dropped besides `dryRun`, as by a server that ignores them. */
  readonly ignoredQuery?: readonly string[];
}

export async function startSpecProxy(
  target: string,
  options: SpecProxyOptions = {},
): Promise<SpecProxy> {
  const requests: ProxiedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const url = req.url ?? "/";
      requests.push({ method, url });
      const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type", "accept"]) {
        const value = req.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      void request(`${target}${withoutIgnored(url, options.ignoredQuery ?? [])}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      })
        .then(async (answer) => {
          let text = await answer.body.text();
          const path = new URL(url, "http://proxy").pathname;
          if (options.blankDashboards === true && path.endsWith("/dashboard")) text = "{}";
          if (url === WHO_AM_I && answer.statusCode === 200) {
            const { extensions: _dropped, ...rest } = JSON.parse(text);
            text = JSON.stringify(rest);
          }
          const type = answer.headers["content-type"];
          res.writeHead(
            answer.statusCode,
            typeof type === "string" ? { "content-type": type } : {},
          );
          res.end(text);
        })
        .catch((error: unknown) => {
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
    writes: () => requests.filter((one) => one.method !== "GET" && one.url !== WHO_AM_I),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
