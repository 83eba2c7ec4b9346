import { describe, expect, it } from "vitest";
import { sessionOrderProblems } from "../../contract/session-order";
import {
  confirmedTimes,
  missingPrerequisites,
  notStartedYet,
  rescheduledTimes,
  resolveChoices,
  timesOutOfOrder,
  type JobLineState,
  type OpenSlot,
} from "../../worker/domain/booking-rules";

const s = (sequence: number, times: string[], moved = true) => ({
  sequence,
  name: `S${sequence}`,
  lengthMinutes: 60,
  times,
  moved,
  key: (j: number) => `${sequence}.${j}`,
});

describe("sessions in their order", () => {
  it("accepts each session starting at or after the previous one's end", () => {
    expect(sessionOrderProblems([s(1, ["2031-01-01T09:00:00Z"]), s(2, ["2031-01-01T10:00:00Z"])])).toEqual([]);
  });
  it("reports a time of the next session before every time of the previous one has ended, on that time", () => {
    expect(sessionOrderProblems([s(1, ["2031-01-01T09:00:00Z", "2031-01-02T09:00:00Z"]), s(2, ["2031-01-01T12:00:00Z", "2031-01-03T09:00:00Z"])])).toEqual([
      { key: "2.0", kind: "startAfter", other: { sequence: 1, name: "S1" } },
    ]);
  });
  it("reports on the moved session when the kept one after it is in the way", () => {
    expect(sessionOrderProblems([s(1, ["2031-01-05T09:00:00Z"]), s(2, ["2031-01-02T09:00:00Z"], false)])).toEqual([
      { key: "1.0", kind: "endBefore", other: { sequence: 2, name: "S2" } },
    ]);
  });
  it("skips sessions without a time", () => {
    expect(sessionOrderProblems([s(1, []), s(2, ["2031-01-01T09:00:00Z"])])).toEqual([]);
  });
});

describe("prerequisites", () => {
  const score = { type: "score" as const, name: "AI", category: "aiAndAutomation", minimumScore: 3, requiredWorkoutId: null, startDate: null, endDate: null };
  const workout = {
    type: "workout" as const,
    name: "First",
    category: null,
    minimumScore: null,
    requiredWorkoutId: "w1",
    requiredWorkoutName: "Basics",
    startDate: null,
    endDate: null,
  };
  it("names a score below the minimum, an unassessed category and a workout not completed", () => {
    expect(missingPrerequisites([score, workout], { scores: new Map([["aiAndAutomation", 2.5]]), completedWorkoutIds: new Set() }, "2031-01-01")).toEqual([
      "AI: a score of at least 3 in AI and automation (yours is 2.5)",
      "First: complete Basics first",
    ]);
    expect(missingPrerequisites([score], { scores: new Map(), completedWorkoutIds: new Set() }, "2031-01-01")).toEqual([
      "AI: a score of at least 3 in AI and automation (yours is not assessed yet)",
    ]);
  });
  it("is met by a score at the minimum and a completed workout; ignores licences and prerequisites out of date", () => {
    const licence = { ...score, type: "license" as const };
    const expired = { ...score, minimumScore: 5, endDate: "2030-12-31" };
    expect(
      missingPrerequisites(
        [score, workout, licence, expired],
        { scores: new Map([["aiAndAutomation", 3]]), completedWorkoutIds: new Set(["w1"]) },
        "2031-01-01",
      ),
    ).toEqual([]);
  });
});

describe("completing a session", () => {
  const now = Date.parse("2031-01-10T12:00:00Z");
  it("is allowed once it has started", () => {
    expect(notStartedYet([{ sessionName: "One", scheduledAt: "2031-01-10T12:00:00Z" }], now)).toBeNull();
  });
  it("names the session that has not started or has no time", () => {
    expect(notStartedYet([{ sessionName: "One", scheduledAt: "2031-01-10T12:00:01Z" }], now)).toMatch(/^One cannot be marked completed before it starts/);
    expect(notStartedYet([{ sessionName: "One", scheduledAt: null }], now)).toBe("A session without a booked time cannot be completed");
  });
});

describe("a booking's session choices", () => {
  const sessions = [{ id: "s1" }, { id: "s2" }];
  const open: OpenSlot[] = [
    { id: "a1", sessionId: "s1", startsAt: "2031-01-01T09:00:00Z", partnerAccountId: "A" },
    { id: "a2", sessionId: "s2", startsAt: "2031-01-02T09:00:00Z", partnerAccountId: "A" },
    { id: "b2", sessionId: "s2", startsAt: "2031-01-03T09:00:00Z", partnerAccountId: "B" },
  ];

  it("by request: each session's times, no delivery partner yet", () => {
    const times = ["2031-01-01T09:00:00Z"];
    const resolved = resolveChoices(
      sessions,
      "request",
      [
        { sessionId: "s1", times },
        { sessionId: "s2", times },
      ],
      [],
      true,
    );
    expect(resolved).toEqual({
      ok: true,
      choices: new Map([
        ["s1", { times }],
        ["s2", { times }],
      ]),
      deliveryPartnerId: null,
    });
  });

  it("into slots: each session's slot, and the slots' delivery partner", () => {
    const resolved = resolveChoices(
      sessions,
      "slots",
      [
        { sessionId: "s1", slotId: "a1" },
        { sessionId: "s2", slotId: "a2" },
      ],
      open,
      true,
    );
    expect(resolved).toEqual({
      ok: true,
      choices: new Map([
        ["s1", { slot: { id: "a1", startsAt: "2031-01-01T09:00:00Z" } }],
        ["s2", { slot: { id: "a2", startsAt: "2031-01-02T09:00:00Z" } }],
      ]),
      deliveryPartnerId: "A",
    });
  });

  it.each([
    [
      "a session not of the workout (and so one left out), both at once",
      [
        { sessionId: "s9", times: [] },
        { sessionId: "s2", times: [] },
      ],
      true,
      { "sessions.0.sessionId": "Not a session of this workout", sessions: "Choose a time for every session" },
    ],
    ["a session left out when every one needs a time", [{ sessionId: "s1", times: [] }], true, { sessions: "Choose a time for every session" }],
    [
      "a session named twice when every one needs a time",
      [
        { sessionId: "s1", times: [] },
        { sessionId: "s1", times: [] },
      ],
      true,
      { sessions: "Choose a time for every session" },
    ],
  ])("refuses %s (400 with the fields)", (_name, choices, every, fields) => {
    expect(resolveChoices(sessions, "request", choices, [], every)).toEqual({ ok: false, problem: "invalid", fields });
  });

  it("takes some sessions only when not every one needs a time (a reschedule)", () => {
    expect(resolveChoices(sessions, "request", [{ sessionId: "s2", times: ["2031-01-05T09:00:00Z"] }], [], false)).toMatchObject({ ok: true });
  });

  it("refuses a slot that is not open, or not of that session, as gone (409 on its field)", () => {
    for (const slotId of ["zz", "a2"]) {
      expect(resolveChoices(sessions, "slots", [{ sessionId: "s1", slotId }], open, false)).toEqual({
        ok: false,
        problem: "slotGone",
        message: "That time is no longer available. Please choose another.",
        fields: { "sessions.0.slotId": "Not available" },
      });
    }
  });

  it("refuses slots of two delivery partners, or of another than the job's (400 on the slot)", () => {
    const mixed = resolveChoices(
      sessions,
      "slots",
      [
        { sessionId: "s1", slotId: "a1" },
        { sessionId: "s2", slotId: "b2" },
      ],
      open,
      true,
    );
    expect(mixed).toEqual({ ok: false, problem: "invalid", fields: { "sessions.1.slotId": "Choose times of one delivery partner" } });
    const other = resolveChoices(sessions, "slots", [{ sessionId: "s2", slotId: "a2" }], open, false, "B");
    expect(other).toEqual({ ok: false, problem: "invalid", fields: { "sessions.0.slotId": "Choose times of one delivery partner" } });
  });
});

describe("a booking's times in the sessions' order", () => {
  const sessions = [
    { id: "s1", sequence: 1, name: "One", lengthMinutes: 60 },
    { id: "s2", sequence: 2, name: "Two", lengthMinutes: 60 },
  ];
  const requested = (s1: string[], s2: string[]) => ({
    request: [
      { sessionId: "s1", times: s1 },
      { sessionId: "s2", times: s2 },
    ],
    choices: new Map([
      ["s1", { times: s1 }],
      ["s2", { times: s2 }],
    ]),
  });

  it("has nothing to say when each session starts after the one before ends", () => {
    const { request, choices } = requested(["2031-01-01T09:00:00Z"], ["2031-01-01T10:00:00Z"]);
    expect(timesOutOfOrder(sessions, request, choices)).toEqual({});
  });

  it("names the request's field of a time too early, and the session it must follow", () => {
    const { request, choices } = requested(["2031-01-01T09:00:00Z"], ["2031-01-02T09:00:00Z", "2031-01-01T09:30:00Z"]);
    expect(timesOutOfOrder(sessions, request, choices)).toEqual({ "sessions.1.times.1": "Must start after session 1 (One) ends" });
  });

  it("names a slot's field when the time is a slot's", () => {
    const request = [{ sessionId: "s2", slotId: "x" }];
    const choices = new Map([["s2", { slot: { id: "x", startsAt: "2031-01-01T09:30:00Z" } }]]);
    const kept = new Map([["s1", "2031-01-01T09:00:00Z"]]);
    expect(timesOutOfOrder(sessions, request, choices, kept)).toEqual({ "sessions.0.slotId": "Must start after session 1 (One) ends" });
  });

  it("checks a moved session against the kept booked time of the one after it", () => {
    const request = [{ sessionId: "s1", times: ["2031-01-05T09:00:00Z"] }];
    const choices = new Map([["s1", { times: ["2031-01-05T09:00:00Z"] }]]);
    const kept = new Map([["s2", "2031-01-02T09:00:00Z"]]);
    expect(timesOutOfOrder(sessions, request, choices, kept)).toEqual({ "sessions.0.times.0": "Must end before session 2 (Two) starts" });
  });
});

describe("a partner's moves on a booked job", () => {
  const line = (id: string, sequence: number, over: Partial<JobLineState> = {}): JobLineState => ({
    id,
    sequence,
    sessionName: `Session ${sequence}`,
    lengthMinutes: 60,
    status: "awaitingConfirmation",
    requestedTimes: [`2027-01-0${sequence}T09:00:00.000Z`, `2027-01-0${sequence}T14:00:00.000Z`],
    scheduledAt: null,
    ...over,
  });
  const lines = [line("a", 1), line("b", 2, { status: "booked", requestedTimes: [], scheduledAt: "2027-01-02T09:00:00.000Z" }), line("c", 3)];

  it("confirming takes one proposed time for each session waiting, and none for one kept at its booked time", () => {
    const { times, fields } = confirmedTimes(lines, [
      { lineId: "a", time: "2027-01-01T14:00:00.000Z" },
      { lineId: "c", time: "2027-01-03T09:00:00.000Z" },
    ]);
    expect(fields).toEqual({});
    expect([...times]).toEqual([
      ["a", "2027-01-01T14:00:00.000Z"],
      ["c", "2027-01-03T09:00:00.000Z"],
    ]);
  });

  it("confirming refuses a time that was not proposed and a session left without one, at their fields", () => {
    const { times, fields } = confirmedTimes(lines, [{ lineId: "a", time: "2027-01-01T10:00:00.000Z" }]);
    expect(fields).toEqual({ "lines.0.time": "Choose one of the proposed times", "lines.2.time": "Required" });
    expect(times.size).toBe(0);
  });

  it("confirming refuses a line of another job instead of skipping it", () => {
    const { fields } = confirmedTimes(lines, [
      { lineId: "a", time: "2027-01-01T09:00:00.000Z" },
      { lineId: "elsewhere", time: "2027-01-03T09:00:00.000Z" },
    ]);
    expect(fields).toEqual({ "lines.1.lineId": "Not a session of this job" });
  });

  const booked = lines.map((l, i) => ({ ...l, status: "booked", requestedTimes: [], scheduledAt: `2027-01-0${i + 1}T09:00:00.000Z` }));

  it("rescheduling moves the named sessions when the order still holds", () => {
    const { times, fields } = rescheduledTimes(booked, [{ lineId: "b", time: "2027-01-02T15:00:00.000Z" }]);
    expect(fields).toEqual({});
    expect([...times]).toEqual([["b", "2027-01-02T15:00:00.000Z"]]);
  });

  it("rescheduling refuses a move that puts a session before the one it follows, with the summary message", () => {
    const { fields, message } = rescheduledTimes(booked, [{ lineId: "c", time: "2027-01-01T12:00:00.000Z" }]);
    expect(fields).toEqual({ "lines.0.time": "Must start after session 2 (Session 2) ends" });
    expect(message).toBe("Sessions must follow their order");
  });

  it("rescheduling refuses another job's line and a line named twice", () => {
    expect(rescheduledTimes(booked, [{ lineId: "x", time: "2027-01-05T09:00:00.000Z" }]).fields).toEqual({ "lines.0.lineId": "Not a session of this job" });
    const twice = rescheduledTimes(booked, [
      { lineId: "c", time: "2027-01-05T09:00:00.000Z" },
      { lineId: "c", time: "2027-01-06T09:00:00.000Z" },
    ]);
    expect(twice.fields).toEqual({ "lines.1.lineId": "Value already exists" });
    expect(twice.message).toBeUndefined();
  });
});
