import { copyCurrencies } from "../data/customer-currency";
import { takeBackLink, takeBackMemberStatus, takeBackOnboarding } from "../data/undo-steps";
import type { CopyCurrencyMessage, UndoLinkMessage, UndoMemberStatusMessage, UndoOnboardingMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";

/** The shard named by a step, with the directory (each step asks the other database first: worker/data/undo-steps.ts). */
const on = (dbs: FlowDatabases, shard: string) => ({ directory: dbs.directory, shard: dbs.shard(shard) });

/** A new account's rows taken back on its shard, unless the directory's step went through. */
export const undoOnboarding = (dbs: FlowDatabases, m: UndoOnboardingMessage) => takeBackOnboarding(on(dbs, m.shard), m);

/** A same-shard link written on one database only, put back there. */
export const undoLink = (dbs: FlowDatabases, m: UndoLinkMessage) => takeBackLink(on(dbs, m.shard), m);

/** The directory's identity membership following the member's status on its shard again. */
export const undoMemberStatus = (dbs: FlowDatabases, m: UndoMemberStatusMessage) => takeBackMemberStatus(on(dbs, m.shard), m);

/** The directory's rows following the currency (and a partner's profile) the shard holds. */
export const copyCurrency = (dbs: FlowDatabases, m: CopyCurrencyMessage) => copyCurrencies(on(dbs, m.shard), m.accountIds);
