import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../client/app/queryClient";

describe("the app's query client", () => {
  it("reads a list again after a change that lands while its first read is still on its way", async () => {
    const client = createQueryClient();
    const answers: ((value: string[]) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ["admin-custom-domains", "a1"],
      queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
    });
    const seen: (string[] | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(answers).toHaveLength(1));

    // The change is answered; the list's first read (started before it) has not been yet.
    const invalidated = client.invalidateQueries({ queryKey: ["admin-custom-domains"] });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!(["learn.northwind.test"]);
    answers[1]!(["learn.northwind.test", "new.brand.example"]);
    await invalidated;

    expect(client.getQueryData(["admin-custom-domains", "a1"])).toEqual(["learn.northwind.test", "new.brand.example"]);
    expect(seen.filter(Boolean).at(-1)).toEqual(["learn.northwind.test", "new.brand.example"]);
    unsubscribe();
    client.clear();
  });
});
