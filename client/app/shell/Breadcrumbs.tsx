import { ChevronRight } from "../../components/icons";
import { generatePath, Link, useParams } from "react-router";
import { focusRing } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import type { Crumb } from "../routes";

/** The trail of the screens' labels above a screen; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT();
  const params = useParams();
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label={t("shell.breadcrumbs")} className="mb-2 text-sm" data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1 text-muted-foreground">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          let href: string | null = null;
          if (!last && crumb.to) {
            try {
              href = generatePath(crumb.to, params);
            } catch {
              href = null;
            }
          }
          return (
            <li key={`${crumb.label}-${i}`} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {t(crumb.label)}
                </span>
              ) : href ? (
                <Link to={href} className={cn("rounded-sm hover:text-foreground hover:underline", focusRing)}>
                  {t(crumb.label)}
                </Link>
              ) : (
                <span>{t(crumb.label)}</span>
              )}
              {last ? null : <ChevronRight aria-hidden="true" className="size-3.5" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
