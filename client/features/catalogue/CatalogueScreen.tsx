import { Search } from "../../components/icons";
import { useDeferredValue, useState } from "react";
import { useSearchParams } from "react-router";
import { Category } from "../../../contract/enums";
import { Page } from "../../components/layout/Page";
import { EmptyState } from "../../components/ui/EmptyState";
import { Field, Input } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import { useCatalogue } from "./api";
import { WorkoutCard } from "./WorkoutCard";
import { oneOf } from "../../lib/enums";
import { CategoryChips } from "../../components/CategoryChips";
import { QueryState } from "../../components/ui/QueryState";
import { LoadMore } from "../../components/ui/LoadMore";
import { catalogueTitle } from "./title";

/** /workouts?category=: what the customer may book, by category and search. */
export default function CatalogueScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const category = oneOf(Category, params.get("category"));
  const [q, setQ] = useState(params.get("q") ?? "");
  const search = useDeferredValue(q.trim());
  const query = useCatalogue({ category, q: search || undefined });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const choose = (c: Category | undefined) => {
    const next = new URLSearchParams(params);
    if (c) next.set("category", c);
    else next.delete("category");
    setParams(next, { replace: true });
  };

  return (
    <Page title={catalogueTitle(t, category)}>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Field label={t("catalogue.search")} className="min-w-64 flex-1">
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t("catalogue.searchPlaceholder")} />
        </Field>
      </div>
      <CategoryChips value={category} onChange={choose} label={t("catalogue.categories")} className="mb-6" />
      <QueryState
        query={query}
        error={t("catalogue.loadFailed")}
        rowClassName="h-40"
        className="gap-4 sm:grid-cols-2 lg:grid-cols-3"
        isEmpty={() => items.length === 0}
        empty={<EmptyState icon={<Search />} title={t("catalogue.emptyTitle")} description={t("catalogue.emptyBody")} />}
      >
        {() => (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("catalogue.results")}>
              {items.map((w) => (
                <li key={w.id}>
                  <WorkoutCard workout={w} />
                </li>
              ))}
            </ul>
            <LoadMore query={query} label={t("library.more")} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
