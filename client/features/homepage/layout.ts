import type { Category, HomepageRowType, MediaDisplayType, SlotItemType } from "../../../contract/enums";
import { fieldsFromIssues } from "../../../contract/errors";
import { HomepageLayoutShape, homepageIssues, slotTypesFor, type HomepageLayoutBody, type HomepageLayoutDto } from "../../../contract/homepage";

/** A slot as the builder edits it (every field present; empty text is "none"). */
export type SlotValues = {
  itemType: SlotItemType;
  category: Category | null;
  featuredGroupId: string | null;
  workoutIds: string[];
  mediaKey: string | null;
  mediaUrl: string;
  mediaDisplayType: MediaDisplayType | null;
  heroText: string;
  title: string;
  subtitle: string;
  linkUrl: string;
  startDate: string | null;
  endDate: string | null;
};

/** A row as the builder edits it; `key` only tells rows apart on screen. */
export type RowValues = { key: string; isHero: boolean; type: HomepageRowType | null; title: string; subtitle: string; slots: SlotValues[] };
export type LayoutValues = { rows: RowValues[] };

const key = () => Math.random().toString(36).slice(2);

export function emptySlot(itemType: SlotItemType, extra: Partial<SlotValues> = {}): SlotValues {
  return {
    itemType,
    category: null,
    featuredGroupId: null,
    workoutIds: [],
    mediaKey: null,
    mediaUrl: "",
    mediaDisplayType: itemType === "media" ? "full" : null,
    heroText: "",
    title: "",
    subtitle: "",
    linkUrl: "",
    startDate: null,
    endDate: null,
    ...extra,
  };
}

export function newRow(type: HomepageRowType): RowValues {
  return { key: key(), isHero: false, type, title: "", subtitle: "", slots: [emptySlot(slotTypesFor(type)[0])] };
}

/** The stored layout as form values; a partner without one starts from its hero row. */
export function valuesOf(layout: HomepageLayoutDto | undefined): LayoutValues {
  const rows = layout?.rows ?? [];
  const values: RowValues[] = rows.map((r) => ({
    key: r.id,
    isHero: r.isHero ?? false,
    type: r.type ?? null,
    title: r.title ?? "",
    subtitle: r.subtitle ?? "",
    slots: r.slots.map((s) =>
      emptySlot(s.itemType, {
        category: s.category ?? null,
        featuredGroupId: s.featuredGroupId ?? null,
        workoutIds: s.workoutIds ?? [],
        mediaKey: s.mediaKey ?? null,
        mediaUrl: s.mediaUrl ?? "",
        mediaDisplayType: s.mediaDisplayType ?? null,
        heroText: s.heroText ?? "",
        title: s.title ?? "",
        subtitle: s.subtitle ?? "",
        linkUrl: s.linkUrl ?? "",
        startDate: s.startDate ?? null,
        endDate: s.endDate ?? null,
      }),
    ),
  }));
  if (!values.some((r) => r.isHero)) values.unshift({ key: key(), isHero: true, type: null, title: "", subtitle: "", slots: [emptySlot("featuredGroup")] });
  return { rows: values };
}

/** The request body of the values (the screen's keys dropped). */
export function bodyOf(values: LayoutValues): HomepageLayoutBody {
  return { rows: values.rows.map(({ key: _key, ...row }) => row) };
}

/**
 * Every issue of the layout by field path ("rows.1.title"), from the
 * contract's shape and rules: the builder checks exactly what the Worker will.
 */
export function layoutIssues(values: LayoutValues): Record<string, string> {
  const parsed = HomepageLayoutShape.safeParse(bodyOf(values));
  if (!parsed.success) return fieldsFromIssues(parsed.error.issues);
  const out: Record<string, string> = {};
  for (const issue of homepageIssues(parsed.data)) {
    const path = issue.path.join(".");
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}

/** The issues of one row, checked behind a valid hero, keyed relative to the row ("slots.0.category"). */
export function rowIssues(row: RowValues): Record<string, string> {
  const hero: RowValues = { key: "hero", isHero: true, type: null, title: "", subtitle: "", slots: [emptySlot("featuredGroup", { heroText: "x" })] };
  const all = layoutIssues({ rows: [hero, row] });
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(all)) if (path.startsWith("rows.1.")) out[path.slice("rows.1.".length)] = message;
  return out;
}
