import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import type { Category } from "../../../contract/enums";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import type { TrendPoint } from "./trend";
import { enumLabel } from "../../lib/enums";
import { cn } from "../../lib/cn";
import { focusRing } from "../../components/ui/focus-ring";
import { timeScale } from "./time-scale";

type Series = Category | "overall";

/** A distinct colour per series (the overall line is the foreground colour, thicker). */
const COLOURS: Record<Category, string> = {
  aiAndAutomation: "#3b82f6",
  dataAndInsights: "#0d9488",
  productivityAndCollaboration: "#d97706",
  securityAndContinuity: "#dc2626",
  businessSystemsAndOperations: "#9333ea",
  commsAndConnectivity: "#db2777",
  strategy: "#65a30d",
};
const colour = (s: Series) => (s === "overall" ? "rgb(var(--foreground))" : COLOURS[s]);

const HEIGHT = 256; // h-64; the legend of toggles is below it (a narrow chart wraps it onto more lines and grows)
const MARGIN = { top: 8, right: 16, bottom: 28, left: 36 };
const Y_TICKS = [0, 25, 50, 75, 100];
const AXIS = "rgb(var(--muted-foreground))";

/**
 * The score history as lines on a real time axis: each day with a score sits
 * where its date falls (./time-scale.ts), scores 0–100, a line per series
 * through the days that have it (gaps joined), with a dot on each value;
 * hovering shows the nearest day's date and values. Drawn as plain SVG (this
 * module loads only with a chart to draw). The drawing is hidden from
 * assistive technology (the same figures are in the table beside it); its
 * legend is a row of toggle buttons (aria-pressed) that show or hide a series.
 */
export default function ScoreChart({ points, series }: { points: TrendPoint[]; series: Series[] }) {
  const t = useT();
  const date = useFormatDate();
  const name = (s: Series) => (s === "overall" ? t("activity.overall") : enumLabel(t, "Category", s));
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [hover, setHover] = useState<number | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<Series>>(new Set());
  const shown = series.filter((s) => !hidden.has(s));
  const hovered = hover === null ? undefined : points[hover];

  const plotW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  // Inset so the first and last dots are not cut by the axis.
  const scale = timeScale(
    points.map((p) => p.at),
    MARGIN.left + 8,
    MARGIN.left + plotW - 8,
    plotW / 90,
  );
  const x = (i: number) => scale.x(points[i]?.at ?? "");
  const y = (v: number) => MARGIN.top + plotH * (1 - v / 100);

  const pick = (clientX: number, svg: SVGSVGElement) => {
    const at = clientX - svg.getBoundingClientRect().left;
    let nearest: number | null = null;
    points.forEach((_, i) => {
      if (nearest === null || Math.abs(x(i) - at) < Math.abs(x(nearest) - at)) nearest = i;
    });
    setHover(nearest);
  };
  const toggle = (s: Series) =>
    setHidden((was) => {
      const next = new Set(was);
      if (next.has(s)) next.delete(s);
      else next.add(s);
      return next;
    });

  return (
    <div className="grid gap-1" data-testid="score-chart">
      <div aria-hidden="true" className="relative min-h-64 w-full" ref={box}>
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            className="block overflow-visible"
            onMouseMove={(e) => pick(e.clientX, e.currentTarget)}
            onMouseLeave={() => setHover(null)}
          >
            <g stroke="rgb(var(--border))" strokeDasharray="3 3">
              {Y_TICKS.map((v) => (
                <line key={v} x1={MARGIN.left} x2={MARGIN.left + plotW} y1={y(v)} y2={y(v)} />
              ))}
              {scale.ticks.map((d) => (
                <line key={d} x1={scale.x(d)} x2={scale.x(d)} y1={MARGIN.top} y2={MARGIN.top + plotH} />
              ))}
            </g>
            <g fontSize={12} fill={AXIS}>
              <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={MARGIN.top + plotH} stroke={AXIS} />
              {Y_TICKS.map((v) => (
                <text key={v} x={MARGIN.left - 6} y={y(v)} textAnchor="end" dominantBaseline="middle">
                  {v}
                </text>
              ))}
              <line x1={MARGIN.left} x2={MARGIN.left + plotW} y1={MARGIN.top + plotH} y2={MARGIN.top + plotH} stroke={AXIS} />
              {scale.ticks.map((d) => (
                <text key={d} x={scale.x(d)} y={MARGIN.top + plotH + 18} textAnchor="middle" data-testid="chart-tick">
                  {date(d)}
                </text>
              ))}
            </g>
            {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={MARGIN.top} y2={MARGIN.top + plotH} stroke={AXIS} />}
            {shown.map((s) => {
              const at = points.flatMap((p, i) => (p[s] === undefined ? [] : [[x(i), y(p[s])] as const]));
              return (
                <g key={s} data-series={s}>
                  <path d={monotonePath(at)} fill="none" stroke={colour(s)} strokeWidth={s === "overall" ? 3 : 2} />
                  {at.map(([cx, cy]) => (
                    <circle
                      key={cx}
                      cx={cx}
                      cy={cy}
                      r={hover !== null && cx === x(hover) ? 5 : 3}
                      fill="rgb(var(--card))"
                      stroke={colour(s)}
                      strokeWidth={2}
                      data-testid="chart-dot"
                    />
                  ))}
                </g>
              );
            })}
          </svg>
        )}
        {hover !== null && hovered && (
          <div
            className="pointer-events-none absolute top-2 z-10 rounded-md border border-border bg-card px-3 py-2 text-xs text-foreground shadow-md"
            style={x(hover) > width / 2 ? { right: width - x(hover) + 12 } : { left: x(hover) + 12 }}
          >
            <p className="mb-1 font-medium">{date(hovered.at)}</p>
            <ul>
              {shown.map((s) =>
                hovered[s] === undefined ? null : (
                  <li key={s} className="flex items-center gap-1.5">
                    <span className="inline-block size-2 rounded-full" style={{ background: colour(s) }} />
                    {name(s)}: {hovered[s]}
                  </li>
                ),
              )}
            </ul>
          </div>
        )}
      </div>
      <ul className="flex min-h-7 flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xs text-foreground" aria-label={t("activity.legend")}>
        {series.map((s) => (
          // The series' colour is on its swatch; the name in the text colour reads on any background.
          <li key={s}>
            <button
              type="button"
              aria-pressed={!hidden.has(s)}
              onClick={() => toggle(s)}
              className={cn("flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-muted aria-[pressed=false]:text-muted-foreground", focusRing)}
            >
              <svg width={14} height={14} aria-hidden="true" className={hidden.has(s) ? "opacity-40" : undefined}>
                <line x1={0} x2={14} y1={7} y2={7} stroke={colour(s)} strokeWidth={s === "overall" ? 3 : 2} />
                <circle cx={7} cy={7} r={3} fill="rgb(var(--card))" stroke={colour(s)} strokeWidth={2} />
              </svg>
              <span className={hidden.has(s) ? "line-through" : undefined}>{name(s)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The box's width, kept current as it resizes. */
function useWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The observer reports the first size at once, then every change.
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * A smooth line through the points that never overshoots them (monotone
 * cubic interpolation in x, as the usual "monotone" curve of charts).
 */
function monotonePath(pts: readonly (readonly [number, number])[]): string {
  const first = pts[0];
  if (!first) return "";
  const segments: { from: readonly [number, number]; to: readonly [number, number]; slope: number }[] = [];
  let previous: readonly [number, number] | undefined;
  for (const p of pts) {
    if (previous) segments.push({ from: previous, to: p, slope: (p[1] - previous[1]) / (p[0] - previous[0]) });
    previous = p;
  }
  // Flat at a peak or a valley; else the harmonic mean of the slopes on either side (Fritsch–Carlson: never overshoots, whatever the spacing); the ends follow their one segment.
  const tangents = pts.map((_, i) => {
    const before = segments[i - 1]?.slope;
    const after = segments[i]?.slope;
    if (before === undefined) return after ?? 0;
    if (after === undefined) return before;
    return before * after <= 0 ? 0 : (2 * before * after) / (before + after);
  });
  let d = `M${first[0]},${first[1]}`;
  segments.forEach(({ from: [x0, y0], to: [x1, y1] }, i) => {
    const h = (x1 - x0) / 3;
    d += `C${x0 + h},${y0 + h * (tangents[i] ?? 0)},${x1 - h},${y1 - h * (tangents[i + 1] ?? 0)},${x1},${y1}`;
  });
  return d;
}
