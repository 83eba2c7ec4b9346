/**
 * The columns of a CSV export as its reader sees them: headers are the
 * product's labels in the reader's language, enumerated values the same
 * words the screens show (client/i18n's `enum.<Name>.<value>`, never an
 * internal code), and times the reader's wall clock with the zone in the
 * header ("Booked at (Europe/Berlin)"). The reader is the signed-in user: their
 * stored language and zone (UTC until their browser has told it).
 */
import type { Language } from "../../contract/enums";
import { canonicalTimeZone } from "../../contract/time-zones";
import { CATALOGUES, type MessageKey } from "../../client/i18n";
import { languageOr, MAIL_FALLBACK_ZONE, mailT } from "../mail/i18n";
import { csvTime, timeHeader, type Cell } from "./csv";

export type CsvReader = { language: Language; timeZone: string };

/** The reader of an export: the caller's language and zone. */
export function csvReader(user: { language: string; timeZone: string | null }): CsvReader {
  return { language: languageOr(user.language), timeZone: canonicalTimeZone(user.timeZone ?? "") ?? MAIL_FALLBACK_ZONE };
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
