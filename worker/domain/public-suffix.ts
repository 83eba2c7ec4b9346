import { parse } from "tldts";
import { isHostName, TEST_TLDS, type DomainCheck } from "../../contract/domains";
import { MESSAGES } from "../../contract/messages";

/**
 * A custom domain: must not include the protocol; must be a subdomain (a host
 * below a registrable domain, e.g. learn.northwind.com, not northwind.com);
 * the suffix must be a real public suffix (Public Suffix List via tldts).
 */
export function checkCustomDomain(input: string, opts: { allowTestTlds?: boolean } = {}): DomainCheck {
  const raw = input.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(raw) || raw.includes("://")) return { ok: false, message: MESSAGES.domainProtocol };
  const uri = raw.replace(/\.$/, "");
  if (!isHostName(uri)) return { ok: false, message: MESSAGES.invalidHost };
  const info = parse(uri, { allowPrivateDomains: true });
  const tld = uri.slice(uri.lastIndexOf(".") + 1);
  const testTld = opts.allowTestTlds === true && TEST_TLDS.includes(tld);
  if (!testTld && (!info.publicSuffix || (info.isIcann !== true && info.isPrivate !== true))) {
    return { ok: false, message: MESSAGES.domainTld };
  }
  const labels = uri.split(".");
  const suffixLabels = testTld ? 1 : (info.publicSuffix ?? "").split(".").length;
  // registrable domain = suffix + 1 label; a subdomain needs at least one more.
  if (labels.length < suffixLabels + 2) return { ok: false, message: MESSAGES.domainSubdomain };
  return { ok: true, uri };
}
