import { Hono } from "hono";
import { JobsSearch } from "../../contract/bookings";
import { creditExportPage, customerExportPage, scoreExportPage } from "../data/exports";
import { jobExportPage } from "../data/jobs-search";
import type { CursorValue } from "../data/cursor";
import type { AppEnv } from "../env";
import { csvResponse, csvStream, money, num, type Cell } from "../http/csv";
import { csvReader, csvSheet, enumWord, type CsvReader } from "../http/csv-columns";
import { errorResponses } from "../http/responses";
import { endpoint } from "../http/endpoint";
import { partnerStyling } from "../data/styling";
import { scoreNameOf } from "../../contract/styling";
import { CustomersExportQuery } from "../../contract/customers";

/**
 * CSV exports for a partner's owners and admins (worker/http/csv.ts for the
 * format, worker/http/csv-columns.ts for the reader's labels, words and zone): its jobs (with Your Jobs' filters), customers, credit entries and
 * scores. Each streams page by page from D1; only the partner's own rows.
 */
export const exportsApi = new Hono<AppEnv>();

/** Rows read from D1 per page of an export. */
export const EXPORT_PAGE = 200;

const errors = errorResponses({ 403: "Not a partner's owner or admin" });
const csv = (description: string) => ({ 200: { description, contentType: "text/csv" }, ...errors });

type Cursor = CursorValue[];
type RowOf<F extends (...args: never[]) => Promise<{ rows: unknown[] }>> = Awaited<ReturnType<F>>["rows"][number];
type JobExportRow = RowOf<typeof jobExportPage>;
type CustomerExportRow = RowOf<typeof customerExportPage>;
type CreditExportRow = RowOf<typeof creditExportPage>;
type ScoreExportRow = RowOf<typeof scoreExportPage>;

/** An export's reader (the caller: language and zone) and the words the screens show for its enumerated values. */
function readerOf(caller: Parameters<typeof csvReader>[0]) {
  const reader = csvReader(caller);
  return { reader, w: (name: string, value: string | null | undefined) => enumWord(reader, name, value) };
}

/** An export's file, `name`-<the reader's date>.csv: `header`, then every page `read` answers, each of its rows written by `row`. */
function csvFile<R>(
  name: string,
  reader: CsvReader,
  header: readonly string[],
  read: (cursor: Cursor | undefined) => Promise<{ rows: R[]; next: Cursor | undefined }>,
  row: (r: R) => Cell[],
) {
  return csvResponse(
    name,
    reader.timeZone,
    csvStream<Cursor>(header, async (cursor) => {
      const page = await read(cursor);
      return { rows: page.rows.map(row), next: page.next };
    }),
  );
}

endpoint(
  exportsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/exports/jobs",
    summary: "The partner's jobs as CSV (the same filters as Your Jobs)",
    tags: ["exports"],
    auth: "partnerAdmin",
    query: JobsSearch,
    responses: csv("One row per job, newest first"),
  },
  (c, { query }, scope) => {
    const db = c.get("db");
    const { reader, w } = readerOf(scope);
    const sheet = csvSheet<JobExportRow>(reader, [
      { label: "export.col.id", cell: (j) => j.id },
      { label: "export.col.workout", cell: (j) => j.workout },
      { label: "export.col.customer", cell: (j) => j.customer },
      { label: "export.col.partner", cell: (j) => j.partner },
      { label: "export.col.deliveryPartner", cell: (j) => j.deliveryPartner },
      { label: "export.col.status", cell: (j) => w("JobStatus", j.status) },
      { label: "export.col.bookedAt", time: (j) => j.bookedAt },
      { label: "export.col.firstSessionAt", time: (j) => j.firstSessionAt },
      { label: "export.col.lastSessionAt", time: (j) => j.lastSessionAt },
      { label: "export.col.sessions", cell: (j) => num(j.sessions) },
      { label: "export.col.sessionsCompleted", cell: (j) => num(j.sessionsCompleted) },
      { label: "export.col.completedAt", time: (j) => j.completedAt },
      { label: "export.col.cancelledAt", time: (j) => j.cancelledAt },
      { label: "export.col.cancelReason", cell: (j) => w("CancellationReason", j.cancelReason) },
      { label: "export.col.credits", cell: (j) => num(j.credits) },
      { label: "export.col.price", cell: (j) => money(j.priceAmount) },
      { label: "export.col.currency", cell: (j) => (j.priceAmount === null ? null : j.currency) },
    ]);
    return csvFile("jobs", reader, sheet.header, (cursor) => jobExportPage(db, scope, "partner", query, cursor, EXPORT_PAGE), sheet.row);
  },
);

endpoint(
  exportsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/exports/customers",
    summary: "The partner's customers as CSV (the same search and price-group filter as Your Customers)",
    tags: ["exports"],
    auth: "partnerAdmin",
    query: CustomersExportQuery,
    responses: csv("One row per customer, by name"),
  },
  (c, { query }, scope) => {
    const db = c.get("db");
    const { reader, w } = readerOf(scope);
    const sheet = csvSheet<CustomerExportRow>(reader, [
      { label: "export.col.id", cell: (r) => r.id },
      { label: "export.col.name", cell: (r) => r.name },
      { label: "export.col.industry", cell: (r) => w("Industry", r.industry) },
      { label: "export.col.size", cell: (r) => w("OrgSize", r.size) },
      { label: "export.col.location", cell: (r) => w("AccountLocation", r.location) },
      { label: "export.col.website", cell: (r) => r.website },
      { label: "export.col.primaryEmail", cell: (r) => r.primaryEmail },
      { label: "export.col.currency", cell: (r) => r.currency },
      { label: "export.col.language", cell: (r) => w("Language", r.language) },
      { label: "export.col.priceGroup", cell: (r) => r.priceGroup },
      { label: "export.col.teamSize", cell: (r) => num(Number(r.teamSize)) },
      { label: "export.col.creditBalance", cell: (r) => num(Number(r.creditBalance)) },
      { label: "export.col.createdAt", time: (r) => r.createdAt },
    ]);
    return csvFile("customers", reader, sheet.header, (cursor) => customerExportPage(db, scope, cursor, EXPORT_PAGE, query), sheet.row);
  },
);

endpoint(
  exportsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/exports/credit-entries",
    summary: "The credit entries of the partner's customers, one row per ledger line, as CSV",
    tags: ["exports"],
    auth: "partnerAdmin",
    responses: csv("One row per credit line with its entry, newest first"),
  },
  (c, _input, scope) => {
    const db = c.get("db");
    const { reader, w } = readerOf(scope);
    const sheet = csvSheet<CreditExportRow>(reader, [
      { label: "export.col.lineId", cell: (r) => r.id },
      { label: "export.col.customer", cell: (r) => r.customer },
      { label: "export.col.entryId", cell: (r) => r.entryId },
      { label: "export.col.planName", cell: (r) => r.planName },
      { label: "export.col.variantName", cell: (r) => r.variantName },
      // Calendar days, not moments: written as they are.
      { label: "export.col.startDate", cell: (r) => r.startDate },
      { label: "export.col.endDate", cell: (r) => r.endDate },
      { label: "export.col.refreshPeriod", cell: (r) => w("RefreshPeriod", r.refreshPeriod) },
      { label: "export.col.source", cell: (r) => w("CreditLineSource", r.source) },
      { label: "export.col.itemType", cell: (r) => w("CreditLineType", r.itemType) },
      { label: "export.col.updateType", cell: (r) => w("CreditUpdateType", r.updateType) },
      { label: "export.col.quantity", cell: (r) => num(r.quantity) },
      { label: "export.col.enteredAt", time: (r) => r.enteredAt },
      { label: "export.col.context", cell: (r) => r.context },
    ]);
    return csvFile("credit-entries", reader, sheet.header, (cursor) => creditExportPage(db, scope, cursor, EXPORT_PAGE), sheet.row);
  },
);

endpoint(
  exportsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/exports/scores",
    summary: "The fitness scores of the partner's customers (and its unassigned ones) as CSV",
    tags: ["exports"],
    auth: "partnerAdmin",
    responses: csv("One row per score, newest first"),
  },
  (c, _input, scope) => {
    const db = c.get("db");
    const { reader, w } = readerOf(scope);
    // The score carries the partner's name for it (Branding), read once for the whole file.
    let scoreName: Promise<string> | null = null;
    const columns = (name: string) =>
      csvSheet<ScoreExportRow>(reader, [
        { label: "export.col.id", cell: (r) => r.id },
        { label: "export.col.customer", cell: (r) => r.customer },
        { label: "export.col.category", cell: (r) => w("Category", r.category) },
        { label: "export.col.scoreName", cell: () => name },
        { label: "export.col.score", cell: (r) => num(r.score) },
        { label: "export.col.scorePercent", cell: (r) => num(r.scorePercent) },
        { label: "export.col.source", cell: (r) => w("ScoreSource", r.source) },
        { label: "export.col.entries", cell: (r) => num(Number(r.entries)) },
        { label: "export.col.assessedAt", time: (r) => r.assessedAt },
        { label: "export.col.createdAt", time: (r) => r.createdAt },
      ]);
    return csvResponse(
      "scores",
      reader.timeZone,
      csvStream<Cursor>(columns("").header, async (cursor) => {
        scoreName ??= partnerStyling(db, scope.account.id).then(scoreNameOf);
        const [page, name] = await Promise.all([scoreExportPage(db, scope, cursor, EXPORT_PAGE), scoreName]);
        const rows: Cell[][] = page.rows.map(columns(name).row);
        return { rows, next: page.next };
      }),
    );
  },
);
