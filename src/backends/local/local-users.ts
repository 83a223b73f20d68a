/** The users part of the local engine: the rules (src/rules/users.ts) in its transactions. */
import type { UsersPort } from "../../core/ports/users.js";
import type { StoreTransactions } from "../../rules/store.js";
import {
  getUser,
  getUserByEmail,
  inviteUser,
  listUsers,
  redeemInvitation,
  updateUser,
  upsertUser,
} from "../../rules/users.js";
import { localActor } from "../../runtime/local-actor.js";

export function localUsers(rules: StoreTransactions): UsersPort {
  return {
    list: (query) => rules.read((t) => listUsers(t, query)),
    get: (id) => rules.read((t) => getUser(t, id)),
    byEmail: (email) => rules.read((t) => getUserByEmail(t, email)),
    upsert: async (input, as) =>
      (await rules.write((t) => upsertUser(t, input, as?.actor ?? localActor()))).user,
    update: (patch, as) => rules.write((t) => updateUser(t, patch, as?.actor ?? localActor())),
    invite: (invite, as) => rules.write((t) => inviteUser(t, invite, as?.actor ?? localActor())),
    redeemInvitation: (code) => rules.write((t) => redeemInvitation(t, code)),
  };
}
