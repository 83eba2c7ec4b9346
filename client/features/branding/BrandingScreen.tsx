import { useAppUser } from "../../auth/useAppUser";
import { Page } from "../../components/layout/Page";
import { QueryState } from "../../components/ui/QueryState";
import { Skeleton } from "../../components/ui/Skeleton";
import { useT } from "../../lib/i18n";
import { useAdminStyling } from "./api";
import { BrandingForm } from "./BrandingForm";

/**
 * /admin/branding (Branding; Styling): the partner's colours,
 * font, platform name, images and show-logo-on-login, with a live preview of
 * the sign-in page and the home hero. Saving applies the styling to this page
 * at once (CSS variables and title) and to the partner's domains.
 */
export default function BrandingScreen() {
  const t = useT();
  const { account } = useAppUser();
  const query = useAdminStyling(account?.id);

  return (
    <Page title={t("branding.title")}>
      <p className="-mt-3 mb-6 max-w-2xl text-sm text-muted-foreground">{t("branding.subtitle")}</p>
      <QueryState
        query={query}
        error={t("branding.loadFailed")}
        className="gap-4"
        loading={
          <>
            <Skeleton className="h-10 w-1/2" />
            <Skeleton className="h-10 w-1/3" />
            <Skeleton className="h-40 w-full" />
          </>
        }
      >
        {(styling) => <BrandingForm initial={styling} accountId={account?.id} />}
      </QueryState>
    </Page>
  );
}
