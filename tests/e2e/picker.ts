import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Picks a time in a calendar picker (client/features/bookings/TimePicker.tsx):
 * `months` months ahead of the one shown, the `day`-th day that can be chosen
 * there, and its `time`-th time.
 */
export async function pickTime(picker: Locator, { months = 1, day = 0, time = 0 }: { months?: number; day?: number; time?: number } = {}) {
  const settled = () => expect(picker.getByText("Loading open times…")).toHaveCount(0);
  await settled();
  for (let i = 0; i < months; i++) {
    await picker.getByRole("button", { name: /next month/i }).click();
    await settled();
  }
  for (let i = 0; i > months; i--) {
    await picker.getByRole("button", { name: /previous month/i }).click();
    await settled();
  }
  await picker.locator('[role="grid"] button:not([disabled])').nth(day).click();
  await picker.getByRole("radiogroup").locator("label").nth(time).click();
}
