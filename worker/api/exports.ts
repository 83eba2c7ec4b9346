import { Hono } from "hono";
import { JobsSearch } from "../../contract/bookings";
import { ErrorEnvelope } from "../../contract/errors";
import { creditExportPage, customerExportPage, scoreExportPage } from "../data/exports";
import { jobExportPage } from "../data/jobs-search";
import type { CursorValue } from "../data/cursor";
import type { AppEnv } from "../env";
import { csvResponse, csvStream, money, num, type Cell } from "../http/csv";
import { endpoint } from "../http/endpoint";
import { partnerStyling } from "../data/styling";
import { scoreNameOf } from "../../contract/styling";
import { CustomersExportQuery } from "../../contract/customers";

/**
 * CSV exports for a partner's owners and admins (worker/http/csv.ts for the
 * format): its jobs (with Your Jobs' filters), customers, credit entries and
 * scores. Each streams page by page from D1; only the partner's own rows.
 */
export const exportsApi = new Hono<AppEnv>();

/** Rows read from D1 per page of an export. */
export const EXPORT_PAGE = 200;

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a partner's owner or admin", schema: ErrorEnvelope },
};
const csv = (description: string) => ({ 200: { description, contentType: "text/csv" }, ...errors });

type Cursor = CursorValue[];

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
    const header = [
      "id",
      "workout",
      "customer",
      "partner",
      "delivery_partner",
      "status",
      "booked_at",
      "first_session_at",
      "last_session_at",
      "sessions",
      "sessions_completed",
      "completed_at",
      "cancelled_at",
      "cancel_reason",
      "credits",
      "price",
      "currency",
    ];
    return csvResponse(
      "jobs",
      csvStream<Cursor>(header, async (cursor) => {
        const page = await jobExportPage(db, scope, "partner", query, cursor, EXPORT_PAGE);
        const rows: Cell[][] = page.rows.map((j) => [
          j.id,
          j.workout,
          j.customer,
          j.partner,
          j.deliveryPartner,
          j.status,
          j.bookedAt,
          j.firstSessionAt,
          j.lastSessionAt,
          num(j.sessions),
          num(j.sessionsCompleted),
          j.completedAt,
          j.cancelledAt,
          j.cancelReason,
          num(j.credits),
          money(j.priceAmount),
          j.priceAmount === null ? null : j.currency,
        ]);
        return { rows, next: page.next };
      }),
    );
  },
);

endpoint(
  exportsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/exports/customers",
    summary: "The partner's customers as CSV (the same search as Your Customers)",
    tags: ["exports"],
    auth: "partnerAdmin",
    query: CustomersExportQuery,
    responses: csv("One row per customer, by name"),
  },
  (c, { query }, scope) => {
    const db = c.get("db");
    const header = [
      "id",
      "name",
      "industry",
      "size",
      "location",
      "website",
      "primary_email",
      "currency",
      "language",
      "price_group",
      "team_size",
      "credit_balance",
      "created_at",
    ];
    return csvResponse(
      "customers",
      csvStream<Cursor>(header, async (cursor) => {
        const page = await customerExportPage(db, scope, cursor, EXPORT_PAGE, query.search || undefined);
        const rows: Cell[][] = page.rows.map((r) => [
          r.id,
          r.name,
          r.industry,
          r.size,
          r.location,
          r.website,
          r.primaryEmail,
          r.currency,
          r.language,
          r.priceGroup,
          num(Number(r.teamSize)),
          num(Number(r.creditBalance)),
          r.createdAt,
        ]);
        return { rows, next: page.next };
      }),
    );
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
    const header = [
      "line_id",
      "customer",
      "entry_id",
      "plan_name",
      "variant_name",
      "start_date",
      "end_date",
      "refresh_period",
      "source",
      "item_type",
      "update_type",
      "quantity",
      "entered_at",
      "context",
    ];
    return csvResponse(
      "credit-entries",
      csvStream<Cursor>(header, async (cursor) => {
        const page = await creditExportPage(db, scope, cursor, EXPORT_PAGE);
        const rows: Cell[][] = page.rows.map((r) => [
          r.id,
          r.customer,
          r.entryId,
          r.planName,
          r.variantName,
          r.startDate,
          r.endDate,
          r.refreshPeriod,
          r.source,
          r.itemType,
          r.updateType,
          num(r.quantity),
          r.enteredAt,
          r.context,
        ]);
        return { rows, next: page.next };
      }),
    );
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
    const header = ["id", "customer", "category", "score_name", "score", "score_percent", "source", "entries", "assessed_at", "created_at"];
    // The score carries the partner's name for it (Branding), read once for the whole file.
    let scoreName: Promise<string> | null = null;
    return csvResponse(
      "scores",
      csvStream<Cursor>(header, async (cursor) => {
        scoreName ??= partnerStyling(db, scope.account.id).then(scoreNameOf);
        const [page, name] = await Promise.all([scoreExportPage(db, scope, cursor, EXPORT_PAGE), scoreName]);
        const rows: Cell[][] = page.rows.map((r) => [
          r.id,
          r.customer,
          r.category,
          name,
          num(r.score),
          num(r.scorePercent),
          r.source,
          num(Number(r.entries)),
          r.assessedAt,
          r.createdAt,
        ]);
        return { rows, next: page.next };
      }),
    );
  },
);
