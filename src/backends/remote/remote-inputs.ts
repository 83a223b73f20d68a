/** The inputs part of the remote engine: the interface's `GET /inputs/recommended?country&type`. */
import { recommendedInputAnswerSchema } from "../../core/model/recommended-input.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { InputsPort } from "../../core/ports/inputs.js";
import type { HttpClient } from "./client.js";

const page = answerPageSchema(recommendedInputAnswerSchema);

export function remoteInputs(client: HttpClient): InputsPort {
  return {
    recommended: (query) =>
      client.request("GET", "/inputs/recommended", {
        schema: page,
        query: {
          country: query.country,
          type: query.types === undefined ? undefined : query.types.join(","),
          page: query.page,
          limit: query.limit,
        },
      }),
  };
}
