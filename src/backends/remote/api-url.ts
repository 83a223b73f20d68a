/**
 * The base address of a remote service, as given by --api-url, CARBON_API_URL or a profile:
 * `https://host[:port][/prefix]`, without `/api/v1` (a trailing `/api/v1` is dropped). Plain
 * `http://` is refused unless the host is loopback or the user passed --insecure: the bearer
 * token would otherwise cross the network in clear text.
 */
import { isIP } from "node:net";
import { CarbonError } from "../../core/errors.js";

export interface ApiUrl {
  /** `https://host:port`: one connection pool per origin. */
  readonly origin: string;
  /** Path prefix before `/api/v1`, without a trailing slash ("" at the root). */
  readonly basePath: string;
  /** origin + basePath: what is shown to people and stored in profiles. */
  readonly href: string;
}

/** localhost (and *.localhost), 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "::1") return true;
  return isIP(host) === 4 && host.startsWith("127.");
}

function invalid(source: string, value: string, reason: string): CarbonError {
  return new CarbonError("usage", `invalid ${source} "${value}": ${reason}`, {
    hint: "give the server's base address, such as https://carbon.example.com",
  });
}

/**
 * Parses and checks an API address. `source` names where it came from (`--api-url`,
 * `CARBON_API_URL`, `profile "work" apiUrl`) for the error message.
 */
export function parseApiUrl(
  source: string,
  value: string,
  options: { readonly insecure: boolean },
): ApiUrl {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid(source, value, "expected an http(s) URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw invalid(source, value, `expected an http(s) URL, got the scheme ${url.protocol}`);
  }
  if (url.username !== "" || url.password !== "") {
    throw invalid(source, value, "credentials in the URL are not supported; log in with a token");
  }
  if (url.search !== "" || url.hash !== "") {
    throw invalid(source, value, "expected no query string or fragment");
  }
  if (url.protocol === "http:" && !options.insecure && !isLoopbackHost(url.hostname)) {
    throw new CarbonError(
      "usage",
      `refusing plain http:// to ${url.host} (from ${source}): the token would travel unencrypted`,
      { hint: "use https://, or pass --insecure if this network is trusted" },
    );
  }
  const basePath = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
  return { origin: url.origin, basePath, href: `${url.origin}${basePath}` };
}
