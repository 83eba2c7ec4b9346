import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { SessionInput, VariantDetailsInput, WorkoutDetailsInput } from "../../contract/workouts";
import type { FormValues } from "../../client/lib/forms";
import { blank, type WorkoutForm } from "../../client/features/library/workout-form";

describe("form values derived from the contract's inputs", () => {
  it("hold text for numbers, enumerations and optional text, booleans as checkboxes, dates as a picker's value, rows row by row", () => {
    type Details = FormValues<WorkoutDetailsInput>;
    expectTypeOf<Details["totalMinutes"]>().toEqualTypeOf<string>();
    expectTypeOf<Details["category"]>().toEqualTypeOf<string>();
    expectTypeOf<Details["subtitle"]>().toEqualTypeOf<string>();
    expectTypeOf<Details["allowPartnerVariants"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Details["greatFor"]>().toEqualTypeOf<string[]>();
    expectTypeOf<Details["featuredMedia"]>().toEqualTypeOf<{ type: string; url: string; alt: string }[]>();
    type Session = FormValues<SessionInput>;
    expectTypeOf<Session["startDate"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Session["lengthMinutes"]>().toEqualTypeOf<string>();
    expectTypeOf<Session["actionItems"][number]["dueOffsetDays"]>().toEqualTypeOf<string>();
    expectTypeOf<FormValues<z.input<typeof VariantDetailsInput>>["availableTo"]>().toEqualTypeOf<string | null>();
  });

  it("a new workout's form has every field of the contract's details", () => {
    const form: WorkoutForm = blank("enUS");
    const details: (keyof FormValues<WorkoutDetailsInput>)[] = ["name", "sku", "type", "category", "totalMinutes", "priority", "partnerVisibility", "greatFor"];
    for (const key of details) expect(form).toHaveProperty(key);
  });
});
