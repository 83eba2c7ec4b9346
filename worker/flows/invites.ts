import { takeBackAcceptance, takeBackInvites } from "../data/invite-undo";
import type { UndoAcceptMessage, UndoInvitesMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";

/** An invite's acceptance taken back in the directory when its membership is not on the account's shard (worker/data/invite-undo.ts). */
export const undoAccept = (dbs: FlowDatabases, m: UndoAcceptMessage) =>
  takeBackAcceptance({ directory: dbs.directory, shard: dbs.shard(m.claim.shard) }, m.claim);

/** New invites taken back in the directory when their mails are not on the account's shard. */
export const undoInvites = (dbs: FlowDatabases, m: UndoInvitesMessage) => takeBackInvites({ directory: dbs.directory, shard: dbs.shard(m.shard) }, m);
