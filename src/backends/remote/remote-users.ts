/**
 * The users part of the remote engine: list, get and upsert derived from the descriptor
 * (resource-client.ts), `PATCH /users` and `POST /users/invite` as the spec has them, and an
 * invitation's acceptance through carbon serve's `POST /auth/accept-invite`.
 */
import { isCarbonError, notFound, usageError } from "../../core/errors.js";
import { ACCEPT_INVITE_PATH, operationExtension } from "../../core/extensions.js";
import {
  type Accepted,
  acceptedAnswerSchema,
  invitationAnswerSchema,
} from "../../core/model/user.js";
import type { UsersPort } from "../../core/ports/users.js";
import { usersResource } from "../../core/resources/users.js";
import type { ServerCapabilities } from "./capabilities.js";
import { notOffered } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { allPages } from "./pages.js";
import { presentFields, remoteResource } from "./resource-client.js";

/** The extension carbon serve announces for accepting invitations. */
export const ACCEPT_INVITE_EXTENSION = operationExtension("POST", ACCEPT_INVITE_PATH);

export function remoteUsers(client: HttpClient, capabilities: ServerCapabilities): UsersPort {
  const users = remoteResource(client, capabilities, usersResource);
  return {
    list: (query) =>
      users.list({
        page: query.page,
        limit: query.limit,
        ...(query.companyId === undefined ? {} : { companyId: query.companyId }),
      }),
    get: (id) => users.get(id),
    upsert: (input) => users.upsert(input),
    async update(patch) {
      return client.request("PATCH", "/users", {
        schema: usersResource.answer,
        body: presentFields(patch),
      });
    },
    async invite(invite) {
      return client.request("POST", "/users/invite", {
        schema: invitationAnswerSchema,
        body: presentFields(invite),
      });
    },
    async byEmail(email) {
      const wanted = email.trim().toLowerCase();
      for await (const rows of allPages((window) => users.list(window), 500)) {
        const found = rows.find((row) => (row.email ?? "").toLowerCase() === wanted);
        if (found !== undefined) return found;
      }
      throw notFound("user", email);
    },
    async redeemInvitation() {
      throw usageError(
        "an invitation is accepted on the server that sent it",
        "carbon auth accept-invite CODE --api-url URL",
      );
    },
  };
}

/**
 * Exchanges an invitation's code for a token, without a token of one's own. A server that answers
 * the route with 401, 403, 404 or 405 does not offer it (the hosted service): a usage error.
 */
export async function acceptInvitation(client: HttpClient, code: string): Promise<Accepted> {
  try {
    return await client.request("POST", ACCEPT_INVITE_PATH, {
      schema: acceptedAnswerSchema,
      body: { code },
    });
  } catch (error) {
    if (
      isCarbonError(error) &&
      ["unauthenticated", "forbidden", "not_found"].includes(error.code)
    ) {
      throw notOffered(
        client.api.href,
        `accepting invitations (${ACCEPT_INVITE_EXTENSION})`,
        "accept the invitation in the service's own web app",
      );
    }
    throw error;
  }
}
