/** The users part of the port: the plain resource's verbs, access changes, invitations. */

import type { Page } from "../model/common.js";
import type {
  Accepted,
  Invitation,
  User,
  UserInput,
  UserInvite,
  UserPatch,
  UserQuery,
} from "../model/user.js";
import type { PortOf } from "../resource-types.js";

/** Who made a change, for the audit trail: carbon serve passes the token's user. */
export interface UserActor {
  readonly actor?: string;
}

export interface UsersPort extends PortOf<"users"> {
  list(query: UserQuery): Promise<Page<User>>;
  upsert(input: UserInput, as?: UserActor): Promise<User>;
  /** `PATCH /users`: roles, companies or status; audited. */
  update(patch: UserPatch, as?: UserActor): Promise<User>;
  /** A pending account and its one-time code (shown once); audited. */
  invite(invite: UserInvite, as?: UserActor): Promise<Invitation>;
  /** The account of an e-mail (case ignored); not_found when there is none. */
  byEmail(email: string): Promise<User>;
  /**
   * The pending account of an invitation's code, made active (the code then stops working); an
   * unknown, used or expired code is a validation error. Only the engine a server runs on has it.
   */
  redeemInvitation(code: string): Promise<User>;
}

/** Exchanges an invitation's code for a token: only a server can (the remote engine). */
export interface InvitationAcceptor {
  acceptInvite(code: string): Promise<Accepted>;
}
