import type { ReactNode } from "react";
import { useScreenTitle } from "../../lib/title";
import { useInShell } from "./shell-context";

/**
 * A screen's frame: its heading and content. Inside the app shell the shell
 * already provides <main> and the measure; outside it (screens without
 * navigation) the page is its own <main>, centred.
 */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  const inShell = useInShell();
  useScreenTitle(title);
  const body = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children ? <div className="mt-6">{children}</div> : null}
    </>
  );
  if (inShell) return <div>{body}</div>;
  return <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8">{body}</main>;
}
