/**
 * A row of filter or form fields of set widths (`w-44`, `w-64`) wraps on a
 * phone into a ragged column, each field as wide as it was beside the others.
 * There, each field takes the whole width (`whole`), or half of it beside its
 * pair (`half`: two short ones such as From and To, in a row with `gap-3`).
 */
export const onPhone = {
  whole: "phone:w-full",
  half: "phone:w-[calc(50%-0.375rem)]",
} as const;
