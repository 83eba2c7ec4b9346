import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Category } from "../../../contract/enums";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import type { TrendPoint } from "./trend";

/** A distinct colour per series (the overall line is the foreground colour, thicker). */
const COLOURS: Record<Category, string> = {
  aiAndAutomation: "#2563eb",
  dataAndInsights: "#0d9488",
  productivityAndCollaboration: "#d97706",
  securityAndContinuity: "#dc2626",
  businessSystemsAndOperations: "#7c3aed",
  commsAndConnectivity: "#db2777",
  strategy: "#65a30d",
};

/**
 * The score history as lines (recharts, loaded with this module only when
 * Your Activity shows a chart). Hidden from assistive technology: the same
 * figures are in the table beside it.
 */
export default function ScoreChart({ points, series }: { points: TrendPoint[]; series: (Category | "overall")[] }) {
  const t = useT();
  const date = useFormatDate();
  const name = (s: Category | "overall") => (s === "overall" ? t("activity.overall") : t(`enum.Category.${s}`));
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="score-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="rgb(var(--border))" />
          <XAxis dataKey="at" tickFormatter={(v: string) => date(v)} stroke="rgb(var(--muted-foreground))" fontSize={12} />
          <YAxis domain={[0, 100]} stroke="rgb(var(--muted-foreground))" fontSize={12} width={36} />
          <Tooltip
            labelFormatter={(v) => date(String(v as string))}
            contentStyle={{ background: "rgb(var(--card))", border: "1px solid rgb(var(--border))", color: "rgb(var(--foreground))" }}
          />
          <Legend />
          {series.map((s) => (
            <Line
              key={s}
              type="monotone"
              dataKey={s}
              name={name(s)}
              stroke={s === "overall" ? "rgb(var(--foreground))" : COLOURS[s]}
              strokeWidth={s === "overall" ? 3 : 2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
