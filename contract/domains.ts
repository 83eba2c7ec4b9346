import { z } from "zod";
import { CustomDomainState } from "./enums";
import { MESSAGES } from "./messages";

/** A DNS host name: labels of letters, digits and inner hyphens, at most 253 characters. */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function isHostName(value: string): boolean {
  return HOST.test(value);
}

/** Top-level domains reserved for testing (RFC 2606); accepted only where allowed. */
export const TEST_TLDS = ["test", "localhost", "example", "invalid"];

export type DomainCheck = { ok: true; uri: string } | { ok: false; message: string };

/**
 * The shape of a custom domain, checked without the Public Suffix List (the
 * browser's check, kept light: the list is ~100 KB): no protocol, a valid
 * host name, and at least three labels (two for a test TLD where allowed),
 * so a bare registrable domain like northwind.com is refused at once. The
 * Worker applies the full rule (a real public suffix, a subdomain
 * below the registrable domain: worker/domain/public-suffix.ts) and answers
 * its message for the field.
 */
export function checkDomainShape(input: string, opts: { allowTestTlds?: boolean } = {}): DomainCheck {
  const raw = input.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(raw) || raw.includes("://")) return { ok: false, message: MESSAGES.domainProtocol };
  const uri = raw.replace(/\.$/, "");
  if (!isHostName(uri)) return { ok: false, message: MESSAGES.invalidHost };
  const tld = uri.slice(uri.lastIndexOf(".") + 1);
  if (!opts.allowTestTlds && TEST_TLDS.includes(tld)) return { ok: false, message: MESSAGES.domainTld };
  if (uri.split(".").length < 3) return { ok: false, message: MESSAGES.domainSubdomain };
  return { ok: true, uri };
}

const booleanString = z.enum(["true", "false"], { error: MESSAGES.invalidBoolean }).transform((v) => v === "true");

export const CustomDomainExistQuery = z.object({
  uri: z.string().trim().toLowerCase().min(1, MESSAGES.required).refine(isHostName, MESSAGES.invalidHost),
  isSatellite: booleanString.optional(),
});

export const ExistsResponse = z.object({ exists: z.boolean() }).meta({ id: "Exists" });

/**
 * `POST v1/admin/custom-domains`: the domain a partner adds. The
 * shape is checked here; the domain's own rules by `customDomainUri`
 * (the worker allows the `.test` TLDs only when APP_ENV is "development").
 */
export const AddCustomDomain = z.object({
  uri: z.string().trim().min(1, MESSAGES.required).max(253, MESSAGES.invalidHost),
  isSatellite: z.boolean({ error: MESSAGES.invalidBoolean }).optional(),
});
export type AddCustomDomain = z.infer<typeof AddCustomDomain>;

/**
 * The add form's schema with a domain check applied: the light shape check by
 * default (the browser), the full rule where the Worker passes it.
 */
export function addCustomDomainSchema(opts: { allowTestTlds?: boolean; check?: (input: string, opts: { allowTestTlds?: boolean }) => DomainCheck } = {}) {
  const { check: rule = checkDomainShape, ...ruleOpts } = opts;
  return AddCustomDomain.transform((value, ctx) => {
    const check = rule(value.uri, ruleOpts);
    if (!check.ok) {
      ctx.addIssue({ code: "custom", path: ["uri"], message: check.message });
      return z.NEVER;
    }
    return { ...value, uri: check.uri };
  });
}

export const CustomDomainIdParam = z.object({ id: z.string().uuid(MESSAGES.invalidUuid) });

/** Custom domain as the API answers it, with the DNS record the partner must create. */
export const CustomDomainDto = z
  .object({
    id: z.string(),
    uri: z.string(),
    state: z.enum(CustomDomainState),
    isSatellite: z.boolean(),
    connectedAt: z.string().nullable(),
    createdAt: z.string(),
    /** Points the domain at the product. */
    dnsRecord: z.object({ type: z.literal("CNAME"), name: z.string(), value: z.string() }),
    /** Proves the partner controls the domain's DNS: `_<verification name>.<domain>` (`_domain-verification` unless the operator names it) holding the domain's token. */
    txtRecord: z.object({ type: z.literal("TXT"), name: z.string(), value: z.string() }),
  })
  .meta({ id: "CustomDomain" });
export type CustomDomainDto = z.infer<typeof CustomDomainDto>;

export const CustomDomainList = z.object({ items: z.array(CustomDomainDto) }).meta({ id: "CustomDomainList" });
export type CustomDomainList = z.infer<typeof CustomDomainList>;

/**
 * The name of the domain check, neutral by default so that a partner's DNS and
 * domain never name the product behind it; the operator may set its own
 * (`DOMAIN_VERIFICATION_NAME`: lower-case letters, digits and inner hyphens,
 * at most 40). It names the TXT record (`_<name>.<domain>`) whose value proves
 * control of the domain's DNS, and the path on the domain that answers its
 * token (`/.well-known/<name>`, the connection test's reachability step).
 */
export const DEFAULT_VERIFICATION_NAME = "domain-verification";
const VERIFICATION_NAME = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** The operator's verification name (the Worker's `DOMAIN_VERIFICATION_NAME` var) when it is a valid one, else the default. */
export function verificationName(env: object): string {
  const value = (env as { DOMAIN_VERIFICATION_NAME?: unknown }).DOMAIN_VERIFICATION_NAME;
  const name = typeof value === "string" ? value.trim().toLowerCase() : "";
  return VERIFICATION_NAME.test(name) ? name : DEFAULT_VERIFICATION_NAME;
}

/** The TXT record's name prefix below the domain: `_<name>`. */
export const txtRecordPrefix = (env: object) => `_${verificationName(env)}`;

/** The path on a partner's domain that answers its verification token. */
export const verificationPath = (env: object) => `/.well-known/${verificationName(env)}`;
