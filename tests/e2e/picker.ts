import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Picks a time in a calendar picker (client/features/bookings/TimePicker.tsx):
 * `months` months ahead of the one shown, the `day`-th day that can be chosen
 * there, and its `time`-th time (counted from the last when negative: -1 is the last).
 */
export async function pickTime(picker: Locator, { months = 1, day = 0, time = 0 }: { months?: number; day?: number; time?: number } = {}) {
  const settled = () => expect(picker.getByText("Loading open times…")).toHaveCount(0);
  await settled();
  // Each move waits for the month it names to show, so a click is never made on the month it leaves.
  const month = picker.getByRole("status").first();
  const move = async (name: RegExp) => {
    const before = (await month.textContent()) ?? "";
    await picker.getByRole("button", { name }).click();
    await expect(month).not.toHaveText(before);
    await settled();
  };
  for (let i = 0; i < months; i++) await move(/next month/i);
  for (let i = 0; i > months; i--) await move(/previous month/i);
  await picker.locator('[role="grid"] button:not([disabled])').nth(day).click();
  await picker.getByRole("radiogroup").locator("label").nth(time).click();
}
