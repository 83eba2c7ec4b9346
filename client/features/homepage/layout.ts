import type { z } from "zod";
import type { SlotItemType, HomepageRowType } from "../../../contract/enums";
import {
  HomepageLayoutBody,
  HomepageRowRules,
  slotTypesFor,
  type HomepageLayoutDto,
  type HomepageRowInput,
  type HomepageSlotInput,
} from "../../../contract/homepage";
import { bodySchema } from "../../lib/forms";

/** The texts a slot's inputs hold as text ("" for none; the contract stores null). */
type SlotText = "mediaUrl" | "heroText" | "title" | "subtitle" | "linkUrl";

/** A slot as the builder edits it: the contract's slot (every field present, null for none), its texts as text. */
export type SlotValues = Omit<z.output<typeof HomepageSlotInput>, SlotText> & Record<SlotText, string>;

/** A row as the builder edits it: the contract's row, its texts as text, its slots as above; `key` only tells rows apart on screen. */
export type RowValues = Omit<z.output<typeof HomepageRowInput>, "title" | "subtitle" | "slots"> & {
  key: string;
  title: string;
  subtitle: string;
  slots: SlotValues[];
};
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

/** A row's body (the screen's key dropped). */
export function rowBodyOf({ key: _key, ...row }: RowValues): HomepageRowInput {
  return row;
}

/** The request body of the values. */
export function bodyOf(values: LayoutValues): HomepageLayoutBody {
  return { rows: values.rows.map(rowBodyOf) };
}

/** The builder's schema: the layout as the contract's body with every rule (the same paths as the form's). */
export const LayoutForm = bodySchema(bodyOf, HomepageLayoutBody);

/** The row dialog's schema: the row as the contract's row with its rules (paths relative to the row). */
export const RowForm = bodySchema(rowBodyOf, HomepageRowRules);
