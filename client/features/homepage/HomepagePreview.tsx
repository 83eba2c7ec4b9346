import { useEffect, useState, type CSSProperties } from "react";
import { brandVariables } from "../../../contract/branding";
import type { HomepageLayout } from "../../../contract/homepage";
import type { ScoreSummaryDto } from "../../../contract/scores";
import { PARTNER_DEFAULT_STYLING, scoreNameOf, type Styling } from "../../../contract/styling";
import { StylingScope } from "../../app/styling";
import { useActiveAccountId } from "../../auth/useAppUser";
import { Monitor, Smartphone } from "../../components/icons";
import { Button } from "../../components/ui/Button";
import { Field, Select } from "../../components/ui/Field";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import { useAdminStyling } from "../branding/api";
import { useCustomers } from "../customers/api";
import { homeGreeting } from "../home/greeting";
import { HomeBody, type HomeReads } from "../home/HomeBody";
import { loaded, partOf } from "../home/loaded";
import { useTopPicks } from "../home/TopPicks";
import { useHomepageCustomerPreview, useHomepagePreview } from "./api";
import { PartnerHomepageView } from "./PartnerHomepage";

/** The widths the preview lays Home out at: the app's content measure on a desktop, and a phone's screen. */
const WIDTHS = { desktop: 1152, phone: 390 } as const;
type Width = keyof typeof WIDTHS;

/** What a customer who has just joined sees above the hero: the partner's score, not taken yet; nothing done, no credits. */
const newCustomer = (styling: Styling): ScoreSummaryDto => ({
  name: scoreNameOf(styling),
  fitScoreVariant: "round",
  score: null,
  customScoreString: null,
  workouts: { completed: 0, remaining: 0, streak: 0 },
});

/** The partner's styling as CSS variables for a part of the page (the theme picks the brand text: see .brand-scope in styles.css). */
function scopedVariables(styling: Styling): CSSProperties {
  return Object.fromEntries(Object.entries(brandVariables(styling)).map(([k, v]) => [k === "--brand-text" ? "--brand-text-light" : k, v]));
}

/** How much a frame of `width` is shrunk to fit the space it has (never enlarged). */
function useFit(width: number): [(el: HTMLDivElement | null) => void, number] {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [space, setSpace] = useState<number | null>(null);
  useEffect(() => {
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setSpace(entry?.contentRect.width ?? null));
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  return [setBox, space ? Math.min(1, space / width) : 1];
}

/**
 * The Homepage Builder's live preview: the customer's Home itself (HomeBody,
 * the rows above the hero and the partner's homepage of the unsaved draft),
 * inside the partner's own branding (colours, font, logo, hero background; the
 * page's light or dark theme), at a desktop's or a phone's width (Home's
 * breakpoints follow its container, so the phone view lays out as a phone
 * does; a desktop frame wider than the space is shrunk, not reflowed), as a
 * new customer or as one of the partner's customers (its catalogue, scores
 * and credits, read-only).
 */
export function HomepagePreview({ draft }: { draft: HomepageLayout | null }) {
  const t = useT();
  const accountId = useActiveAccountId();
  const styling = useAdminStyling(accountId);
  const customers = useCustomers(accountId, { sort: "name", order: "asc", limit: 100 });
  const [customerId, setCustomerId] = useState("");
  const [width, setWidth] = useState<Width>("desktop");
  const asPartner = useHomepagePreview(customerId ? null : draft);
  const asCustomer = useHomepageCustomerPreview(customerId || null, draft);
  const partnerPicks = useTopPicks(!customerId);
  const [fitBox, zoom] = useFit(WIDTHS[width]);

  const reads: HomeReads = customerId
    ? { summary: partOf(asCustomer, (d) => d.summary), balance: partOf(asCustomer, (d) => d.balance), topPicks: partOf(asCustomer, (d) => d.topPicks) }
    : { summary: loaded(newCustomer(styling.data ?? PARTNER_DEFAULT_STYLING)), balance: loaded(0), topPicks: partnerPicks };
  const view = customerId ? asCustomer.data?.home : asPartner.data;
  const fetching = customerId ? asCustomer.isFetching : asPartner.isFetching;
  const failed = customerId ? asCustomer.isError : asPartner.isError;

  return (
    <section aria-labelledby="preview-heading" className="grid min-w-0 content-start gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="preview-heading" className="text-lg font-semibold">
          {t("homepage.builder.preview")}
        </h2>
        {fetching ? <span className="text-xs text-muted-foreground">{t("common.loading")}</span> : null}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t("homepage.preview.as")} className="min-w-48 flex-1">
          <Select value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
            <option value="">{t("homepage.preview.newCustomer")}</option>
            {(customers.data?.items ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <div role="group" aria-label={t("homepage.preview.width")} className="flex gap-1">
          {(["desktop", "phone"] as const).map((w) => (
            <Button key={w} type="button" variant={width === w ? "primary" : "outline"} size="sm" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {w === "desktop" ? <Monitor aria-hidden="true" /> : <Smartphone aria-hidden="true" />}
              {t(w === "desktop" ? "homepage.preview.desktop" : "homepage.preview.phone")}
            </Button>
          ))}
        </div>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t("homepage.loadFailed")}
        </p>
      ) : null}
      <div ref={fitBox} className="min-w-0">
        {styling.data ? (
          <StylingScope.Provider value={styling.data}>
            {/* The preview is the Home itself; it is looked at, not used, so it takes no focus. */}
            <div
              inert
              data-testid="homepage-preview"
              data-width={width}
              className="brand-scope mx-auto overflow-hidden rounded-2xl border border-border bg-background text-foreground"
              style={{ ...scopedVariables(styling.data), width: WIDTHS[width], zoom }}
            >
              <div className="flex h-12 items-center gap-2 border-b border-border px-4" data-testid="preview-top-bar">
                {styling.data.logo ? <img src={styling.data.logo.uri} alt="" className="h-7 w-auto max-w-36 object-contain object-left" /> : null}
                <span className="truncate font-semibold tracking-tight">{styling.data.platformName}</span>
              </div>
              <div className={width === "phone" ? "px-4 py-6" : "px-8 py-6"}>
                <p className="mb-6 text-2xl font-semibold tracking-tight">{homeGreeting(t, null)}</p>
                <HomeBody
                  customer
                  unlinked={false}
                  reads={reads}
                  homepage={view ? <PartnerHomepageView view={view} isPartner={false} canBuild={false} /> : <Skeleton className="h-72" />}
                />
              </div>
            </div>
          </StylingScope.Provider>
        ) : (
          <Skeleton className="h-96" />
        )}
      </div>
    </section>
  );
}
