import type { ReactNode } from "react";

/** A screen's frame: its heading and content, centred with comfortable measure. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
      {children ? <div className="mt-6">{children}</div> : null}
    </main>
  );
}
