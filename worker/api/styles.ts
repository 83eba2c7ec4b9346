import { Hono } from "hono";
import {
  MARK_ASPECT,
  MARK_TYPES,
  STYLING_DATA_KEYS,
  STYLING_FILE_FIELDS,
  Styling,
  StylingData,
  StylesQuery,
  type StylingFileField,
} from "../../contract/styling";
import { ErrorEnvelope } from "../../contract/errors";
import { MESSAGES } from "../../contract/messages";
import { saveStyling, stylingOf } from "../data/styling";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { removeUploads, storeUpload, type UploadRule } from "../storage/uploads";
import { hostOf, invalidateTenants, resolveTenant } from "../tenant/resolve";
import { bothDatabases } from "../tenant/scope";
import { partnerStylingOf, stylingFromRow } from "../tenant/styling";

export const styles = new Hono<AppEnv>();

/**
 * `GET v1/styles?origin=`: the public styling of the partner behind
 * `origin` (a connected custom domain), else the product's default styling.
 * Without `origin`, the styling of the host the request came to.
 */
endpoint(
  styles,
  "/v1",
  {
    method: "get",
    path: "/styles",
    summary: "Public styling for an origin",
    tags: ["styles"],
    auth: "public",
    query: StylesQuery,
    responses: {
      200: { description: "The styling to apply", schema: Styling },
      400: { description: "origin is not an http(s) URL", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    if (!query.origin) return c.json(c.get("tenant").styling);
    const tenant = await resolveTenant(c.get("directory"), hostOf(query.origin), c.env.MAIN_HOST);
    c.header("Cache-Control", "public, max-age=5");
    return c.json(tenant.styling);
  },
);

/** `GET v1/admin/styles`: the acting partner's own styling. */
endpoint(
  styles,
  "/v1",
  {
    method: "get",
    path: "/admin/styles",
    summary: "The acting partner's styling",
    tags: ["styles"],
    auth: "partnerAdmin",
    responses: {
      200: { description: "The partner's styling", schema: Styling },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not an owner or admin of a partner account", schema: ErrorEnvelope },
    },
  },
  async (c, _input, scope) => {
    const row = await stylingOf(c.get("directory"), scope);
    return c.json(partnerStylingOf(scope.account.name, row));
  },
);

const KEY_COLUMN: Record<StylingFileField, "logoKey" | "markKey" | "homepageHeroBackgroundKey" | "loginBackgroundKey"> = {
  logo: "logoKey",
  mark: "markKey",
  homepageHeroBackground: "homepageHeroBackgroundKey",
  loginBackground: "loginBackgroundKey",
};
const REMOVE_FLAG = {
  logo: "removeLogo",
  mark: "removeMark",
  homepageHeroBackground: "removeHomepageHeroBackground",
  loginBackground: "removeLoginBackground",
} as const;

/** Each image's upload rule: the logo's for all, the mark also PNG or WebP only and about square. */
const FILE_RULES: UploadRule[] = STYLING_FILE_FIELDS.map((field) =>
  field === "mark" ? { field, types: MARK_TYPES, typeMessage: MESSAGES.markType, aspect: { ...MARK_ASPECT, message: MESSAGES.markNotSquare } } : { field },
);

/** The `data` part's keys that are not styling ("an unknown style key logs an error"). */
function unknownKeys(raw: FormDataEntryValue | null): string[] {
  if (typeof raw !== "string") return [];
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return [];
    return Object.keys(value).filter((k) => !STYLING_DATA_KEYS.includes(k));
  } catch {
    return [];
  }
}

/**
 * `PUT v1/admin/styles` (multipart: `data` = the styling as JSON,
 * files `logo`, `mark`, `homepageHeroBackground`, `loginBackground`). Everything is
 * checked before anything is written (hex colours, platform name of
 * at most 20 characters, images under 50 MB of an allowed type; SVG refused;
 * the mark PNG or WebP with width over height in 0.9–1.1).
 * Images go to R2 under `public/`; replaced ones are removed. The next page
 * on the partner's domains wears the change (tenant cache invalidated).
 */
endpoint(
  styles,
  "/v1",
  {
    method: "put",
    path: "/admin/styles",
    summary: "Save the acting partner's styling",
    tags: ["styles"],
    auth: "partnerAdmin",
    form: { data: StylingData, files: FILE_RULES },
    responses: {
      200: { description: "The saved styling", schema: Styling },
      400: { description: "Invalid styling, with the fields that failed (a mark that is not about square included)", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not an owner or admin of a partner account", schema: ErrorEnvelope },
      413: { description: "An image over 50 MB", schema: ErrorEnvelope },
      415: { description: "An image of a type that is not allowed (SVG included)", schema: ErrorEnvelope },
    },
  },
  async (c, { form }, scope) => {
    const { account } = scope;
    const unknown = unknownKeys((await c.req.formData()).get("data"));
    if (unknown.length > 0) {
      console.error(JSON.stringify({ level: "error", requestId: c.get("requestId"), message: "unknown style keys", keys: unknown, accountId: account.id }));
    }
    const existing = await stylingOf(c.get("directory"), scope);
    const { removeLogo: _l, removeMark: _m, removeHomepageHeroBackground: _h, removeLoginBackground: _b, ...values } = form.data;
    const keys: Partial<Record<(typeof KEY_COLUMN)[StylingFileField], string | null>> = {};
    const replaced: string[] = [];
    for (const field of STYLING_FILE_FIELDS) {
      const column = KEY_COLUMN[field];
      const previous = existing?.[column] ?? null;
      const upload = form.files[field];
      if (upload) keys[column] = await storeUpload(c.env.UPLOADS, `public/stylings/${account.id}`, upload);
      else if (form.data[REMOVE_FLAG[field]]) keys[column] = null;
      else continue;
      if (previous && previous.startsWith(`public/stylings/${account.id}/`)) replaced.push(previous);
    }
    const now = new Date().toISOString();
    const row = { ...values, ...keys, updatedAt: now };
    const saved = await saveStyling(bothDatabases(c), scope, row);
    await removeUploads(c.env.UPLOADS, replaced, { bestEffort: true });
    invalidateTenants();
    return c.json(stylingFromRow(saved, account.name));
  },
);
