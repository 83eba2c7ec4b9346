import { createContext, useContext } from "react";
import { BOOT_ELEMENT_ID, type BootData } from "../../contract/boot";

/** Reads what the server inlined (see worker/ssr/render.tsx). */
export function readBootData(doc: Document = document): BootData {
  const el = doc.getElementById(BOOT_ELEMENT_ID);
  if (!el?.textContent) throw new Error("boot data missing from the page");
  return JSON.parse(el.textContent) as BootData;
}

export const BootContext = createContext<BootData | null>(null);

export function useBoot(): BootData {
  const boot = useContext(BootContext);
  if (!boot) throw new Error("useBoot outside BootContext");
  return boot;
}
