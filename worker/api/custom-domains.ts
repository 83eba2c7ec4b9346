import { Hono, type Context } from "hono";
import {
  AddCustomDomain,
  addCustomDomainSchema,
  CustomDomainDto,
  CustomDomainExistQuery,
  CustomDomainIdParam,
  CustomDomainList,
  ExistsResponse,
} from "../../contract/domains";
import { ErrorEnvelope, fieldsFromIssues } from "../../contract/errors";
import { checkCustomDomain } from "../domain/public-suffix";
import { MESSAGES } from "../../contract/messages";
import { claimOf, domainConnected, domainsOf, type DomainRow } from "../data/custom-domains";
import {
  createCustomHostname,
  deleteCustomHostname,
  dnsRecordFor,
  HostnameError,
  testConnection,
  txtRecordFor,
  type CustomHostnameEnv,
} from "../domain/custom-hostnames";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, invalid } from "../http/errors";
import { isDevelopment } from "../config";
import { invalidateTenants } from "../tenant/resolve";

export const customDomainsApi = new Hono<AppEnv>();

/**
 * `GET v1/custom-domains/exist?uri=&isSatellite=` (no token): whether
 * `uri` is a partner's connected custom domain (and, when asked, whether its
 * satellite flag matches).
 */
endpoint(
  customDomainsApi,
  "/v1",
  {
    method: "get",
    path: "/custom-domains/exist",
    summary: "Whether a host is a registered, connected custom domain",
    tags: ["custom-domains"],
    auth: "public",
    query: CustomDomainExistQuery,
    responses: {
      200: { description: "The answer", schema: ExistsResponse },
      400: { description: "uri missing or not a host name", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    return c.json({ exists: await domainConnected(c.get("directory"), query.uri, query.isSatellite) });
  },
);

const hostnameEnv = (c: Context<AppEnv>) => c.env as unknown as CustomHostnameEnv;

function domainDto(c: Context<AppEnv>, row: DomainRow): CustomDomainDto {
  return {
    id: row.id,
    uri: row.uri,
    state: row.state,
    isSatellite: row.isSatellite,
    connectedAt: row.connectedAt,
    createdAt: row.createdAt,
    dnsRecord: dnsRecordFor(hostnameEnv(c), row.uri),
    txtRecord: txtRecordFor(c.env, row.uri, row.verificationToken),
  };
}

/** A random token: the value of the domain's TXT record, and what it answers at its verification path. */
function freshToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `verify-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const adminErrors = {
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not an owner or admin of a partner account", schema: ErrorEnvelope },
};

/** `GET v1/admin/custom-domains`: the acting partner's domains, oldest first. */
endpoint(
  customDomainsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/custom-domains",
    summary: "The acting partner's custom domains",
    tags: ["custom-domains"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The domains", schema: CustomDomainList }, ...adminErrors },
  },
  async (c, _input, scope) => {
    const rows = await domainsOf(c.get("directory"), scope).list();
    return c.json({ items: rows.map((r) => domainDto(c, r)) });
  },
);

/**
 * `POST v1/admin/custom-domains`: claims a domain, awaiting connection
 * (Domain rules). A claim proves nothing, so another partner's unconnected
 * claim of the same host does not block this one (each has its own token;
 * whoever's token the domain's DNS owner publishes connects). A domain a
 * partner has connected, or this partner claims already, answers 409
 * "Value already exists". Production also creates the Cloudflare custom
 * hostname, or shares the one an earlier claim of the host made.
 */
endpoint(
  customDomainsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/custom-domains",
    summary: "Add a custom domain (awaiting connection)",
    tags: ["custom-domains"],
    auth: "partnerAdmin",
    body: AddCustomDomain,
    responses: {
      201: { description: "The new domain, with the DNS record to create", schema: CustomDomainDto },
      400: { description: "Invalid domain (protocol, not a subdomain, unknown TLD)", schema: ErrorEnvelope },
      ...adminErrors,
      409: { description: "Value already exists (a partner has connected the domain, or this partner claims it already)", schema: ErrorEnvelope },
    },
  },
  async (c, { body }, scope) => {
    const parsed = addCustomDomainSchema({ allowTestTlds: isDevelopment(c.env), check: checkCustomDomain }).safeParse(body);
    if (!parsed.success) throw invalid(fieldsFromIssues(parsed.error.issues));
    const { uri, isSatellite = true } = parsed.data;
    if (uri === c.env.MAIN_HOST || uri.endsWith(`.${c.env.MAIN_HOST}`)) throw invalid({ uri: MESSAGES.domainSubdomain });
    const db = c.get("directory");
    const claim = await claimOf(db, scope.account.id, uri);
    if (claim === "held") throw conflict(MESSAGES.alreadyExists, { uri: MESSAGES.alreadyExists });
    let providerHostnameId = claim.providerHostnameId;
    const created = !providerHostnameId;
    if (created) {
      try {
        providerHostnameId = await createCustomHostname(hostnameEnv(c), uri);
      } catch (e) {
        if (e instanceof HostnameError) throw conflict(e.message, { uri: e.message });
        throw e;
      }
    }
    const inserted = await domainsOf(db, scope).add({ uri, isSatellite, verificationToken: freshToken(), providerHostnameId });
    if (!inserted) {
      // Lost a race with this partner's other request for the same domain: undo the provider's hostname made here.
      if (created) await deleteCustomHostname(hostnameEnv(c), providerHostnameId).catch(() => {});
      throw conflict(MESSAGES.alreadyExists, { uri: MESSAGES.alreadyExists });
    }
    invalidateTenants();
    return c.json(domainDto(c, inserted), 201);
  },
);

/**
 * `POST v1/admin/custom-domains/{id}/connect`: runs the connection
 * test; the domain is connected when it passes. On failure the
 * answer is 409 with the reason as the error message (the client shows it);
 * a host another partner has connected answers 409 "Value already exists"
 * before anything is fetched.
 */
endpoint(
  customDomainsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/custom-domains/{id}/connect",
    summary: "Run the connection test and connect the domain",
    tags: ["custom-domains"],
    auth: "partnerAdmin",
    params: CustomDomainIdParam,
    responses: {
      200: { description: "Connected", schema: CustomDomainDto },
      400: { description: "id is not a UUID", schema: ErrorEnvelope },
      ...adminErrors,
      404: { description: "Absent or another partner's", schema: ErrorEnvelope },
      409: { description: "The connection test failed; the message says why", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, scope) => {
    const domains = domainsOf(c.get("directory"), scope, c.get("db"));
    const { row, connectedElsewhere } = await domains.claim(params.id);
    const taken = () => conflict(MESSAGES.alreadyExists, { uri: MESSAGES.alreadyExists });
    if (connectedElsewhere) throw taken();
    try {
      await testConnection(hostnameEnv(c), row);
    } catch (e) {
      if (e instanceof HostnameError) throw conflict(e.message);
      throw e;
    }
    const connected = await domains.markConnected(row);
    if (!connected) throw taken();
    invalidateTenants();
    return c.json(domainDto(c, connected));
  },
);

/** `DELETE v1/admin/custom-domains/{id}`: removes the domain (and its Cloudflare hostname, unless another partner's claim of the host still uses it). */
endpoint(
  customDomainsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/custom-domains/{id}",
    summary: "Delete a custom domain",
    tags: ["custom-domains"],
    auth: "partnerAdmin",
    params: CustomDomainIdParam,
    responses: {
      204: { description: "Deleted" },
      400: { description: "id is not a UUID", schema: ErrorEnvelope },
      ...adminErrors,
      404: { description: "Absent or another partner's", schema: ErrorEnvelope },
      409: { description: "Cloudflare refused to remove the hostname", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, scope) => {
    const domains = domainsOf(c.get("directory"), scope, c.get("db"));
    const { row, hostnameShared } = await domains.claim(params.id);
    try {
      // Claims of one host share its Cloudflare hostname: it goes with the last of them.
      if (!hostnameShared) await deleteCustomHostname(hostnameEnv(c), row.providerHostnameId);
    } catch (e) {
      if (e instanceof HostnameError) throw conflict(e.message);
      throw e;
    }
    await domains.remove(row.id);
    invalidateTenants();
    return c.body(null, 204);
  },
);
