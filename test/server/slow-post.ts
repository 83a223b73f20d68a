/** A POST held in flight: its headers sent, its body held back until asked. */
import { once } from "node:events";
import http from "node:http";

export interface SlowPost {
  /** Resolves once the server has read the request's headers (its 100 Continue arrived). */
  readonly started: Promise<void>;
  /** Sends the body; resolves with the status and body of the answer. */
  finish(): Promise<{ status: number; connection: string; text: string }>;
}

/** A POST whose body is held back until `finish()`: a request in flight, for as long as we like. */
export function slowPost(url: string, token: string, body: unknown): SlowPost {
  const text = JSON.stringify(body);
  const request = http.request(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(text)),
      expect: "100-continue",
    },
  });
  const answered = new Promise<{ status: number; connection: string; text: string }>(
    (resolve, reject) => {
      request.on("response", (response) => {
        let received = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          received += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection ?? "",
            text: received,
          }),
        );
      });
      request.on("error", reject);
    },
  );
  const started = once(request, "continue").then(() => undefined);
  request.flushHeaders();
  return {
    started,
    finish() {
      request.end(text);
      return answered;
    },
  };
}
