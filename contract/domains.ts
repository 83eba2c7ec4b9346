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
  uri: z.string({ error: MESSAGES.required }).trim().toLowerCase().min(1, MESSAGES.required).refine(isHostName, MESSAGES.invalidHost),
  isSatellite: booleanString.optional(),
});

export const ExistsResponse = z.object({ exists: z.boolean() }).meta({ id: "Exists" });

/**
 * `POST v1/admin/custom-domains`: the domain a partner adds. The
 * shape is checked here; the domain's own rules by `customDomainUri`
 * (the worker allows the `.test` TLDs only when APP_ENV is "development").
 */
export const AddCustomDomain = z.object({
  uri: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(253, MESSAGES.invalidHost),
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
    /** Proves the partner controls the domain's DNS: `_techfit-verification.<domain>` holding the domain's token. */
    txtRecord: z.object({ type: z.literal("TXT"), name: z.string(), value: z.string() }),
  })
  .meta({ id: "CustomDomain" });
export type CustomDomainDto = z.infer<typeof CustomDomainDto>;

export const CustomDomainList = z.object({ items: z.array(CustomDomainDto) }).meta({ id: "CustomDomainList" });
export type CustomDomainList = z.infer<typeof CustomDomainList>;

/** The TXT record name (below the domain) whose value proves control of the domain's DNS. */
export const TXT_RECORD_PREFIX = "_techfit-verification";

/** The path on a partner's domain that answers its verification token (the connection test's reachability step). */
export const VERIFICATION_PATH = "/.well-known/techfit-verification";
