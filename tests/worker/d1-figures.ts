import { withClockHeld } from "./clock";

/** A request's D1 figures (worker/d1/metered.ts): its calls, and how many of them ran one after another. */
export type Figures = { calls: number; depth: number };

export function d1Figures(res: Response): Figures {
  const m = res.headers.get("Server-Timing")?.match(/d1;desc="(\d+) calls, (\d+) sequential"/);
  if (!m) throw new Error(`no D1 figure in Server-Timing: ${res.headers.get("Server-Timing")}`);
  return { calls: Number(m[1]), depth: Number(m[2]) };
}

/**
 * A warm request's answer (its body unread): the same request is sent once
 * before, so the per-isolate caches are filled, and both run at one instant of
 * a held clock (./clock.ts), so none of them lapses in between on a slow machine.
 */
export function warmAnswer(send: () => Promise<Response>): Promise<Response> {
  return withClockHeld(async () => {
    await (await send()).arrayBuffer();
    return send();
  });
}
