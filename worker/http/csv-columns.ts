/**
 * The columns of a CSV export as its reader sees them: headers are the
 * product's labels in the reader's language, enumerated values the same
 * words the screens show (client/i18n's `enum.<Name>.<value>`, never an
 * internal code), and times the reader's wall clock with the zone in the
 * header ("Booked at (Europe/Berlin)"). The reader is the signed-in user: their
 * stored language, and the zone they work in (`callerZone`: their stored one,
 * else the one their browser sends, else UTC); the file's name carries their
 * today there (./csv.ts csvFileName).
 */
import type { Language } from "../../contract/enums";
import { CATALOGUES, type MessageKey } from "../../client/i18n";
import { callerZone } from "../data/query";
import { languageOr, mailT } from "../mail/i18n";
import { csvTime, timeHeader, type Cell } from "./csv";

export type CsvReader = { language: Language; timeZone: string };

/** The reader of an export: the caller's language and the zone they work in. */
export function csvReader(caller: Parameters<typeof callerZone>[0] & { user: { language: string } }): CsvReader {
  return { language: languageOr(caller.user.language), timeZone: callerZone(caller) };
}

/** A column: its label, and either a time (written in the reader's zone) or any other cell. */
export type CsvColumn<R> = { label: MessageKey } & ({ time: (row: R) => string | null | undefined } | { cell: (row: R) => Cell });

/** The word the screens show for an enumerated value; a value the catalogue does not know is written as it is. */
export function enumWord(reader: CsvReader, enumName: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const key = `enum.${enumName}.${value}`;
  return key in (CATALOGUES[reader.language] ?? CATALOGUES.enUS) ? mailT(reader.language, key as MessageKey) : value;
}

/** The header row and the row writer of `columns` for `reader`. */
export function csvSheet<R>(reader: CsvReader, columns: CsvColumn<R>[]) {
  return {
    header: columns.map((c) => ("time" in c ? timeHeader(mailT(reader.language, c.label), reader.timeZone) : mailT(reader.language, c.label))),
    row: (r: R): Cell[] => columns.map((c) => ("time" in c ? csvTime(c.time(r), reader.timeZone) : c.cell(r))),
  };
}
