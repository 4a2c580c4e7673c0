// Cost (bars) and tokens (line) per day, drawn with uPlot (a few KB, canvas, fast). Days are UTC
// buckets, as the ledger counts them; the legend shows the hovered day or the window's totals.
import { useEffect, useRef, useState } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { money, tokens } from "../../format.ts";

export type DayPoint = { day: string; cost: number; tokens: number };

const dayMs = 24 * 3600 * 1000;
const costColor = "#4f46e5";
const tokenColor = "#0d9488";

/** Every day of the window, zero where nothing was used, so the axis shows the whole window. */
function everyDay(points: DayPoint[], from: string, to: string): DayPoint[] {
  const byDay = new Map(points.map((point) => [point.day, point]));
  const days: DayPoint[] = [];
  for (let time = Date.parse(from.slice(0, 10)); time <= Date.parse(to); time += dayMs) {
    const day = new Date(time).toISOString().slice(0, 10);
    days.push(byDay.get(day) ?? { day, cost: 0, tokens: 0 });
  }
  return days;
}

const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function shortMoney(value: number): string {
  if (value === 0) return "$0";
  return `$${value >= 1 ? value.toFixed(2).replace(/\.00$/, "") : value.toPrecision(2).replace(/0+$/, "")}`;
}

const shortCount = (value: number) => (value >= 1e6 ? `${value / 1e6}M` : value >= 1e3 ? `${value / 1e3}k` : String(value));

export function UsageChart({ points: sparse, from, to }: { points: DayPoint[]; from: string; to: string }) {
  const points = everyDay(sparse, from, to);
  const host = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const size = () => ({ width: Math.max(260, element.clientWidth), height: element.clientWidth < 500 ? 200 : 240 });
    const data: uPlot.AlignedData = [
      points.map((point) => Date.parse(`${point.day}T00:00:00Z`) / 1000),
      points.map((point) => point.cost / 1_000_000),
      points.map((point) => point.tokens),
    ];
    const half = dayMs / 2000;
    const chart = new uPlot(
      {
        ...size(),
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
        legend: { show: false },
        cursor: { points: { size: 7 }, y: false },
        scales: {
          x: { time: true, range: (_u, min, max) => [min - half, max + half] },
          cost: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 1] },
          tokens: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 10] },
        },
        series: [
          {},
          { label: "Cost", scale: "cost", stroke: costColor, fill: "rgba(79,70,229,0.55)", width: 0, paths: uPlot.paths.bars!({ size: [0.6, 28] }), points: { show: false } },
          { label: "Tokens", scale: "tokens", stroke: tokenColor, width: 2, points: { show: false } },
        ],
        axes: [
          {
            stroke: "#5d6473",
            grid: { show: false },
            ticks: { show: false },
            space: 56,
            values: (_u, ticks) => ticks.map((tick) => dayLabel(new Date(tick * 1000).toISOString().slice(0, 10))),
          },
          { scale: "cost", stroke: "#5d6473", size: 56, grid: { stroke: "#eceef3" }, ticks: { show: false }, values: (_u, ticks) => ticks.map(shortMoney) },
          { scale: "tokens", side: 1, stroke: tokenColor, size: 48, grid: { show: false }, ticks: { show: false }, values: (_u, ticks) => ticks.map(shortCount) },
        ],
        hooks: { setCursor: [(u) => setHovered(u.cursor.idx ?? null)] },
      },
      data,
      element,
    );
    // Follow the card's width (phone rotation, window resize).
    const resize = new ResizeObserver(() => chart.setSize(size()));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [sparse, from, to]);

  const shown = hovered !== null ? points[hovered] : undefined;
  const totalCost = points.reduce((sum, point) => sum + point.cost, 0);
  const totalTokens = points.reduce((sum, point) => sum + point.tokens, 0);
  return (
    <figure class="chart-figure">
      <div class="chart-legend" aria-live="off">
        <span class="muted">{shown ? dayLabel(shown.day) : `${points.length} days`}</span>
        <span>
          <i class="swatch" style={{ background: costColor }} /> Cost <strong>{money(shown ? shown.cost : totalCost)}</strong>
        </span>
        <span>
          <i class="swatch swatch-line" style={{ background: tokenColor }} /> Tokens <strong>{tokens(shown ? shown.tokens : totalTokens)}</strong>
        </span>
      </div>
      <div ref={host} class="chart" role="img" aria-label={`Cost and tokens per day: ${money(totalCost)} and ${tokens(totalTokens)} tokens over ${points.length} days`} />
    </figure>
  );
}
