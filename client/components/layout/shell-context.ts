import { createContext, useContext } from "react";

/** True inside the shell's <main>: screens then render their content without a <main> of their own. */
export const ShellContext = createContext(false);

export function useInShell(): boolean {
  return useContext(ShellContext);
}
