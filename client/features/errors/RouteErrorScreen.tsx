import { TriangleAlertIcon } from "../../components/ui/plain-icons";
import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { BootScreen } from "../../app/BootScreen";
import { useStyling } from "../../app/styling";
import { Button, buttonClasses } from "../../components/ui/Button";
import { handleError, isReloadingForUpdate } from "../../lib/errors";
import { useT } from "../../lib/i18n";

/**
 * What a route shows when loading or rendering it failed, instead of a blank
 * screen. A failed lazy load that is already reloading (see
 * installPreloadRecovery) shows the loader; anything else is reported through
 * the global handler and offers a reload and the way home.
 */
export function RouteErrorScreen() {
  const t = useT();
  const error = useRouteError();
  const styling = useStyling();
  const reloading = isReloadingForUpdate();
  useEffect(() => {
    if (!reloading && !(isRouteErrorResponse(error) && error.status === 404)) handleError(error);
  }, [error, reloading]);
  if (reloading) return <BootScreen styling={styling} />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center" data-testid="route-error">
      <TriangleAlertIcon aria-hidden="true" className="size-10 text-danger" />
      <h1 className="text-2xl font-semibold tracking-tight">{t("error.title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("error.body")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => location.reload()}>{t("error.reload")}</Button>
        {/* A full page load, not a router navigation: the router is in an error state. */}
        <a href="/" className={buttonClasses("outline")}>
          {t("error.home")}
        </a>
      </div>
    </main>
  );
}
