import { ArrowDown, ArrowUp } from "./icons";
import { Button } from "./ui/Button";

/**
 * The move-up and move-down buttons of the item at `index` in a list of
 * `count` (the first that may move is `first`): `onMove` gets the place it
 * goes to. The labels name the item.
 */
export function MoveButtons({
  index,
  count,
  first = 0,
  upLabel,
  downLabel,
  onMove,
}: {
  index: number;
  count: number;
  first?: number;
  upLabel: string;
  downLabel: string;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <Button type="button" variant="ghost" size="icon-sm" disabled={index === first} aria-label={upLabel} onClick={() => onMove(index - 1)}>
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button type="button" variant="ghost" size="icon-sm" disabled={index === count - 1} aria-label={downLabel} onClick={() => onMove(index + 1)}>
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );
}
