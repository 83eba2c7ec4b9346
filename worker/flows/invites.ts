import { mailOutbox } from "../../db/schema";
import { takeBackAcceptance, takeBackInvites } from "../data/invite-undo";
import type { UndoAcceptMessage, UndoInvitesMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";
import { shardHolding, shardOfRows } from "./where";

/** An invite's acceptance taken back in the directory when its membership is not on the account's shard (worker/data/invite-undo.ts), read where the account's rows are now. */
export const undoAccept = async (dbs: FlowDatabases, m: UndoAcceptMessage) =>
  takeBackAcceptance({ directory: dbs.directory, shard: dbs.shard(await shardOfRows(dbs, m.claim.shard, [m.claim.accountId])) }, m.claim);

/** New invites taken back in the directory when their mails are not on the account's shard (read where the mails are now). */
export const undoInvites = async (dbs: FlowDatabases, m: UndoInvitesMessage) => {
  const shard = await shardHolding(dbs, m.shard, { table: mailOutbox, key: mailOutbox.id, owner: mailOutbox.accountId, ids: m.mailIds });
  return takeBackInvites({ directory: dbs.directory, shard: dbs.shard(shard) }, m);
};
