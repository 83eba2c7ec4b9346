import { AlarmClock, CalendarCheck, Inbox, LayoutTemplate } from "../../components/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { HomepageView, PartnerAttention } from "../../../contract/homepage";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import { useHomepage } from "./api";
import { HomepageContent } from "./HomepageContent";
import { focusRing } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { statGrid } from "../../components/ui/stat-grid";

/**
 * Home's part from the partner's homepage (one API call): for a customer,
 * its partner's homepage; for a partner's members, what needs their
 * attention and then their homepage as their customers see it. When the
 * partner has not set it up, a notice saying so (with the way to the builder
 * for the partner's owners and admins).
 */
export function PartnerHomepage({ accountId, isPartner, canBuild }: { accountId: string; isPartner: boolean; canBuild: boolean }) {
  const t = useT();
  const query = useHomepage(accountId);
  if (query.isPending) return <Skeleton className="h-72" aria-busy="true" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {t("homepage.loadFailed")}
      </p>
    );
  }
  return <PartnerHomepageView view={query.data} isPartner={isPartner} canBuild={canBuild} />;
}

/** The partner's homepage part of Home from its view (the reader's own, or the builder's draft as a customer's). */
export function PartnerHomepageView({ view, isPartner, canBuild }: { view: HomepageView; isPartner: boolean; canBuild: boolean }) {
  const t = useT();
  return (
    <div className="grid grid-cols-1 gap-8">
      {/* What needs attention is the partner's own: never in its customers' Home (nor the builder's preview of it). */}
      {isPartner && view.attention ? <Attention attention={view.attention} /> : null}
      {view.configured ? (
        <>
          {isPartner ? <p className="-mb-4 text-sm text-muted-foreground">{t("homepage.asCustomersSee")}</p> : null}
          <HomepageContent view={view} />
        </>
      ) : (
        <section
          aria-labelledby="homepage-not-set-up"
          data-testid="homepage-notice"
          className="flex flex-col gap-3 rounded-xl border border-dashed border-border bg-card p-6 home-sm:flex-row home-sm:items-center"
        >
          <LayoutTemplate aria-hidden="true" className="size-8 shrink-0 text-brand-text" />
          <div className="flex-1">
            <h2 id="homepage-not-set-up" className="font-semibold">
              {t("homepage.notSetUp.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{isPartner ? t("homepage.notSetUp.partnerBody") : t("homepage.notSetUp.body")}</p>
          </div>
          {canBuild ? (
            <Link
              to="/admin/homepage"
              className={cn(
                "inline-flex items-center justify-center rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-foreground hover:opacity-90",
                focusRing,
              )}
            >
              {t("homepage.notSetUp.build")}
            </Link>
          ) : null}
        </section>
      )}
    </div>
  );
}

function Attention({ attention }: { attention: PartnerAttention }) {
  const t = useT();
  const items: { key: string; count: number; icon: ReactNode; label: string; to: string }[] = [
    {
      key: "awaiting",
      count: attention.awaitingConfirmation,
      icon: <Inbox />,
      label: t("homepage.attention.awaiting", { count: attention.awaitingConfirmation }),
      to: "/jobs?status=awaitingConfirmation",
    },
    {
      key: "overdue",
      count: attention.overdue,
      icon: <AlarmClock />,
      label: t("homepage.attention.overdue", { count: attention.overdue }),
      to: "/jobs?status=awaitingConfirmation",
    },
    {
      key: "today",
      count: attention.today,
      icon: <CalendarCheck />,
      label: t("homepage.attention.today", { count: attention.today }),
      to: "/jobs?status=confirmed",
    },
  ];
  return (
    <section aria-labelledby="attention" data-testid="attention">
      <h2 id="attention" className="mb-3 text-lg font-semibold">
        {t("homepage.attention.title")}
      </h2>
      <ul className={cn(statGrid, "home-sm:grid-cols-3")} data-testid="attention-cards">
        {items.map((i) => (
          <li key={i.key}>
            <Link
              to={i.to}
              className={cn(
                // The icon above the words where two cards share a phone's width; beside them where there is room.
                "flex h-full flex-col items-start gap-2 rounded-xl border border-border bg-card p-4 text-sm font-medium transition-colors hover:border-brand home-sm:flex-row home-sm:items-center home-sm:gap-3 [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-brand-text",
                focusRing,
              )}
            >
              <span aria-hidden="true">{i.icon}</span>
              <span>{i.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
