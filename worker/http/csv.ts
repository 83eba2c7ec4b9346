/**
 * CSV exports, encoded in one place (RFC 4180): comma-separated, CRLF line
 * ends, a header row, a field quoted when it holds a comma, a double quote, CR
 * or LF (its quotes doubled). UTF-8 with a byte-order mark, so spreadsheet
 * programs read names with accents correctly.
 *
 * Text is untrusted (workout titles, customer names, reasons), so every text
 * cell follows OWASP's CSV injection rule: it is always wrapped in double
 * quotes (its quotes doubled), so no separator inside it (a comma, or the
 * semicolon or tab a spreadsheet may split on in other locales) can start a
 * new cell; and it gets a leading apostrophe when a spreadsheet could read a
 * formula in it: it starts (after any spaces) with = + - @ TAB, CR or LF, or
 * = + - @ follows a separator (, ; TAB or a line break) inside it.
 * Numbers the product itself writes (counts, signed credit quantities, money)
 * are `Num` cells and are written as they are.
 */
import { TZDateMini } from "@date-fns/tz";
import { dayInZone } from "../../contract/time-zones";

/** A numeric cell written verbatim (never formula-escaped): made by `num` or `money`. */
export type Num = { readonly num: string };
export type Cell = string | number | Num | null | undefined;

export const BOM = "\uFEFF";
/** A formula trigger at the start of the cell or right after a separator in it (spaces between ignored). */
const FORMULA = /^[ \u00a0]*[=+\-@\t\r\n]|[,;\t\r\n][ \u00a0]*[=+\-@]/;

/** A number the product wrote, e.g. a signed quantity. */
export const num = (value: number): Num => ({ num: Number.isFinite(value) ? String(value) : "" });

/** Integer minor units as major units with two decimals (USD, GBP and CAD have cents/pence), e.g. 125050 → 1250.50. */
export function money(minor: number | null | undefined): Num | null {
  if (minor === null || minor === undefined) return null;
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(minor));
  return { num: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}` };
}

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return value.num;
  if (typeof value === "number") return num(value).num;
  const text = FORMULA.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A moment as the reader's wall clock, `YYYY-MM-DD HH:mm` (a form every
 * spreadsheet reads as a date-time); the column's header names the zone
 * (`timeHeader`). An unreadable value is written as it is.
 */
export function csvTime(iso: string | null | undefined, timeZone: string): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const z = new TZDateMini(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())} ${pad(z.getHours())}:${pad(z.getMinutes())}`;
}

/** A time column's header: its label and the zone its times are in ("Booked at (Europe/Berlin)"). */
export const timeHeader = (label: string, timeZone: string) => `${label} (${timeZone})`;

/** One page of rows and where the next starts (undefined: that was the last). */
export type CsvPage<C> = { rows: Cell[][]; next: C | undefined };

/**
 * A CSV body streamed page by page: the header first, then each page read
 * only when the reader asks for more, so an export of any size never sits in
 * memory as one array.
 */
export function csvStream<C>(header: readonly string[], page: (cursor: C | undefined) => Promise<CsvPage<C>>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: C | undefined;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BOM + csvRow(header)));
      },
      async pull(controller) {
        if (done) return;
        const { rows, next } = await page(cursor);
        if (rows.length) controller.enqueue(encoder.encode(rows.map(csvRow).join("")));
        cursor = next;
        if (next === undefined) {
          done = true;
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * An export's file name, `<name>-<date>.csv`: the date is the reader's today
 * in their zone (the zone its time columns are written in), not the UTC day.
 */
export const csvFileName = (name: string, timeZone: string, now = new Date()) => `${name}-${dayInZone(timeZone, now)}.csv`;

/** The export's answer: a streamed attachment named by `csvFileName` for a reader in `timeZone`. */
export function csvResponse(name: string, timeZone: string, body: ReadableStream<Uint8Array>): Response {
  const file = csvFileName(name, timeZone);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
