import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";

export const health = new Hono<AppEnv>();

const Health = z.object({ ok: z.literal(true) }).meta({ id: "Health" });

/** The trivial response the benches compare everything else against. */
endpoint(
  health,
  "/v1",
  {
    method: "get",
    path: "/health",
    summary: "Liveness: answers at once without touching storage",
    tags: ["meta"],
    auth: "public",
    responses: { 200: { description: "Alive", schema: Health } },
  },
  (c) => c.json({ ok: true as const }),
);
