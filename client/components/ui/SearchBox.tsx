import { useEffect, useRef, useState, type ComponentProps } from "react";
import { useLocation, useNavigation } from "react-router";
import { Search } from "../icons";
import { Input } from "./Field";

/**
 * A search box whose value lives elsewhere (the URL): typing settles for a
 * moment before `onSearch` gets the trimmed text (undefined when empty); Back
 * or a link may change `value` underneath, and the box follows it. A search
 * that settles while the page is being left (a result's link was followed)
 * is dropped: it would bring the list back over the page being opened.
 */
export function SearchBox({
  value,
  onSearch,
  ...input
}: { value: string; onSearch: (q: string | undefined) => void } & Omit<ComponentProps<typeof Input>, "value" | "onChange" | "type">) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = useRef(false);
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
    leaving.current = navigation.state !== "idle" && navigation.location?.pathname !== pathname;
    if (leaving.current) clearTimeout(timer.current);
  });
  return (
    <div className="relative">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        className="pl-9"
        maxLength={100}
        {...input}
        value={text}
        // Leaving the box (for a result's link, another filter) applies what it holds at once, before that click's
        // own navigation, which then wins: a search settling later would start after it and bring the list back.
        onBlur={(e) => {
          if (timer.current === undefined) return;
          clearTimeout(timer.current);
          timer.current = undefined;
          if (!leaving.current) onSearch(e.target.value.trim() || undefined);
        }}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            timer.current = undefined;
            // Left already, or on the way (the opened page may still be loading while this one shows).
            if (!leaving.current && window.location.pathname === here.current) onSearch(next.trim() || undefined);
          }, 300);
        }}
      />
    </div>
  );
}
