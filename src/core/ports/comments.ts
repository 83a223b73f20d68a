/** The comments part of the port: the plain resource's verbs, the upsert told its author. */
import type { Comment, CommentInput } from "../model/comment.js";
import type { PortOf } from "../resource-types.js";

/** Who writes a comment: carbon serve passes the token's user; without it, the engine's own. */
export interface CommentAuthor {
  readonly author?: string;
}

export interface CommentsPort extends PortOf<"comments"> {
  /**
   * Upsert by id. Locally the author is `as.author`, else the OS user; remotely the server sets
   * it from the token and `as` is not sent.
   */
  upsert(input: CommentInput, as?: CommentAuthor): Promise<Comment>;
}
