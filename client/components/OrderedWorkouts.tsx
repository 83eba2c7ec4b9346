import { useT } from "../lib/i18n";
import { X } from "./icons";
import { MoveButtons } from "./MoveButtons";
import { Button } from "./ui/Button";

/**
 * Workouts chosen in order (a featured group's items, a homepage slot's
 * workouts): each with its place and its title, moved up or down or removed
 * through `onChange`. `pending`: what stands for a title not known yet.
 */
export function OrderedWorkouts({
  ids,
  names,
  pending,
  onChange,
  "aria-label": label,
}: {
  ids: string[];
  names: Record<string, string>;
  pending?: string;
  onChange: (ids: string[]) => void;
  "aria-label"?: string;
}) {
  const t = useT();
  const move = (i: number, j: number) => {
    const [a, b] = [ids[i], ids[j]];
    if (a !== undefined && b !== undefined) onChange(ids.map((id, k) => (k === i ? b : k === j ? a : id)));
  };
  return (
    <ol className="grid gap-2" aria-label={label}>
      {ids.map((id, i) => (
        <li key={id} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
          <span>
            {i + 1}. {names[id] ?? pending}
          </span>
          <span className="flex gap-1">
            <MoveButtons
              index={i}
              count={ids.length}
              upLabel={t("editor.moveUp", { n: i + 1 })}
              downLabel={t("editor.moveDown", { n: i + 1 })}
              onMove={(to) => move(i, to)}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={t("featuredGroups.removeItem", { name: names[id] ?? "" })}
              onClick={() => onChange(ids.filter((x) => x !== id))}
            >
              <X aria-hidden="true" />
            </Button>
          </span>
        </li>
      ))}
    </ol>
  );
}
