/**
 * Demo availability: Northwind (in Berlin) takes requests on weekdays, 09:00–12:00 and 13:00–17:00
 * Berlin time (03:00–11:00 in New York, an hour later in the weeks the two zones' summer times differ),
 * with two hours' notice and a quarter-hour buffer.
 */
import type { NewAvailabilitySchedule } from "../schema";
import { DEMO, DEMO_TIME_ZONES } from "./data";

export const availabilityRows: NewAvailabilitySchedule[] = [
  {
    id: "a7a11ab1-0000-4000-8000-000000000001",
    partnerAccountId: DEMO.northwind.id,
    workoutId: null,
    timeZone: DEMO_TIME_ZONES.partner,
    weekly: [1, 2, 3, 4, 5].map((day) => ({
      day,
      ranges: [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "17:00" },
      ],
    })),
    overrides: [],
    minNoticeMinutes: 120,
    bufferMinutes: 15,
  },
];
