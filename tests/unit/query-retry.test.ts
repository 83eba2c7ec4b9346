import { describe, expect, it } from "vitest";
import { createQueryClient, worthRetrying } from "../../client/app/queryClient";
import { ApiError } from "../../client/lib/api";

describe("which failed reads are retried", () => {
  it.each([
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [409, false],
    [408, true],
    [429, true],
    [500, true],
    [503, true],
  ])("an answer of %i: %s", (status, expected) => {
    expect(worthRetrying(new ApiError(status, "code", "message"))).toBe(expected);
  });

  it("retries a network fault", () => {
    expect(worthRetrying(new TypeError("Failed to fetch"))).toBe(true);
  });

  it("stops after three retries", () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;
    const fault = new ApiError(503, "unavailable", "down");
    expect([0, 1, 2, 3].map((n) => retry(n, fault))).toEqual([true, true, true, false]);
    expect(retry(0, new ApiError(404, "not_found", "gone"))).toBe(false);
  });
});
