import { Hono } from "hono";
import { z } from "zod";
import { ErrorEnvelope } from "../../contract/errors";
import {
  HomepageCustomerPreview,
  HomepageLayoutBody,
  HomepageLayoutDto,
  HomepageLayoutShape,
  HomepageMediaDto,
  HomepageView,
  homepageMediaPrefix,
} from "../../contract/homepage";
import { IdParam } from "../../contract/team";
import { homepageOf } from "../data/homepage";
import { homepageView } from "../data/homepage-view";
import { customerHomePreview } from "../data/homepage-preview";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { historyShards } from "../tenant/scope";
import { errorResponses } from "../http/responses";
import { invalid } from "../http/errors";
import { fileUri } from "../storage/files";
import { storeUpload } from "../storage/uploads";

/**
 * The partner's homepage (Homepage Builder and Home): its owners and
 * admins read and replace their own layout, preview a draft and upload its
 * images; every signed-in reader reads the homepage of its own partner (a
 * customer) or its own (a partner's members), with only what it may see.
 */
export const homepageApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner's owner or admin" });

endpoint(
  homepageApi,
  "/v1",
  {
    method: "get",
    path: "/admin/homepage",
    summary: "The partner's homepage layout for the builder",
    tags: ["homepage"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The layout (empty when not set up)", schema: HomepageLayoutDto }, ...errors },
  },
  async (c, _input, scope) => c.json(await homepageOf(c.get("db"), scope).layout()),
);

endpoint(
  homepageApi,
  "/v1",
  {
    method: "put",
    path: "/admin/homepage",
    summary: "Replace the partner's homepage layout at once (hero row first, then the rows in order)",
    tags: ["homepage"],
    auth: "partnerAdmin",
    body: HomepageLayoutBody,
    responses: { 200: { description: "The saved layout", schema: HomepageLayoutDto }, ...errors },
  },
  async (c, { body }, scope) => {
    const homepage = homepageOf(c.get("db"), scope);
    await homepage.check(body);
    await homepage.replace(body);
    return c.json(await homepage.layout());
  },
);

endpoint(
  homepageApi,
  "/v1",
  {
    method: "post",
    path: "/admin/homepage/preview",
    summary: "The Home a draft layout would give (as the partner's members see it), for the builder's live preview",
    tags: ["homepage"],
    auth: "partnerAdmin",
    body: HomepageLayoutShape,
    responses: { 200: { description: "The Home of the draft", schema: HomepageView }, ...errors },
  },
  async (c, { body }, scope) => c.json(await homepageView(c.get("db"), scope, body)),
);

endpoint(
  homepageApi,
  "/v1",
  {
    method: "post",
    path: "/admin/homepage/preview/customers/{id}",
    summary: "The Home a draft layout would give one of the partner's customers, with its score summary, credits and top picks (read-only)",
    tags: ["homepage"],
    auth: "partnerAdmin",
    params: IdParam,
    body: HomepageLayoutShape,
    responses: {
      200: { description: "The customer's Home of the draft", schema: HomepageCustomerPreview },
      ...errors,
      404: { description: "Not one of the partner's customers", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }, scope) => c.json(await customerHomePreview(c.get("db"), scope, params.id, body)),
);

endpoint(
  homepageApi,
  "/v1",
  {
    method: "post",
    path: "/admin/homepage/media",
    summary: "Upload an image for a media slot (multipart field `file`: PNG, JPEG, GIF or WebP under 50 MB)",
    tags: ["homepage"],
    auth: "partnerAdmin",
    form: { data: z.object({}), files: [{ field: "file" }] },
    responses: {
      201: { description: "The stored image's key (for the slot) and address", schema: HomepageMediaDto },
      ...errors,
      413: { description: "Over 50 MB", schema: ErrorEnvelope },
      415: { description: "Not an allowed image type", schema: ErrorEnvelope },
    },
  },
  async (c, { form }, scope) => {
    const upload = form.files.file;
    if (!upload) throw invalid({ file: "Required" });
    const key = await storeUpload(c.env.UPLOADS, homepageMediaPrefix(scope.account.id).replace(/\/$/, ""), upload);
    return c.json({ key, url: fileUri(key) }, 201);
  },
);

endpoint(
  homepageApi,
  "/v1",
  {
    method: "get",
    path: "/homepage",
    summary: "The signed-in reader's Home: its partner's homepage with the items it may see, in one answer",
    tags: ["homepage"],
    auth: "account",
    responses: {
      200: { description: "The homepage (configured false when the partner has none)", schema: HomepageView },
      401: errors[401],
      403: { description: "Not a member of the account in X-Account-Id", schema: ErrorEnvelope },
    },
  },
  // A customer's own Home recommends by all its scores, those on the shards it lived on before included (found only when a slot recommends).
  async (c, _input, scope) => c.json(await homepageView(c.get("db"), scope, undefined, { mine: true, history: () => historyShards(c, scope.account.id) })),
);
