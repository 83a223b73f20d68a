/** The users part of the local engine: the repository inside the service's transactions. */
import type { UsersPort } from "../../core/ports/users.js";
import { localActor } from "../../runtime/local-actor.js";
import type { Transactions } from "./transaction-tools.js";
import type { UserRepository } from "./users.js";

export function localUsers(users: UserRepository, tx: Transactions): UsersPort {
  return {
    list: async (query) => tx.read(() => users.list(query)),
    get: async (id) => tx.read(() => users.get(id)),
    byEmail: async (email) => tx.read(() => users.byEmail(email)),
    upsert: async (input, as) =>
      tx.write(() => users.upsert(input, as?.actor ?? localActor()).user),
    update: async (patch, as) => tx.write(() => users.update(patch, as?.actor ?? localActor())),
    invite: async (invite, as) => tx.write(() => users.invite(invite, as?.actor ?? localActor())),
    redeemInvitation: async (code) => tx.write(() => users.redeem(code)),
  };
}
