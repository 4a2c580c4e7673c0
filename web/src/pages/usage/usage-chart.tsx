// Cost and tokens per day, drawn with uPlot (a few KB, canvas, fast).
import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export type DayPoint = { day: string; cost: number; tokens: number };

const dayMs = 24 * 3600 * 1000;

/** Every day of the window, zero where nothing was used, so one busy day does not stretch the axis. */
function everyDay(points: DayPoint[], from: string, to: string): DayPoint[] {
  const byDay = new Map(points.map((point) => [point.day, point]));
  const days: DayPoint[] = [];
  for (let time = Date.parse(from.slice(0, 10)); time <= Date.parse(to); time += dayMs) {
    const day = new Date(time).toISOString().slice(0, 10);
    days.push(byDay.get(day) ?? { day, cost: 0, tokens: 0 });
  }
  return days;
}

export function UsageChart({ points: sparse, from, to }: { points: DayPoint[]; from: string; to: string }) {
  const points = everyDay(sparse, from, to);
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const width = Math.max(280, element.clientWidth);
    const data: uPlot.AlignedData = [
      points.map((point) => Date.parse(`${point.day}T00:00:00Z`) / 1000),
      points.map((point) => point.cost / 1_000_000),
      points.map((point) => point.tokens),
    ];
    const chart = new uPlot(
      {
        width,
        height: 240,
        scales: { x: { time: true }, cost: {}, tokens: {} },
        series: [
          {},
          { label: "Cost ($)", scale: "cost", stroke: "#4f46e5", width: 2, fill: "rgba(79,70,229,0.08)", points: { show: true } },
          { label: "Tokens", scale: "tokens", stroke: "#0d9488", width: 2, points: { show: true } },
        ],
        axes: [
          {},
          { scale: "cost", size: 78, values: (_u, ticks) => ticks.map((tick) => `$${tick.toPrecision(3).replace(/\.?0+$/, "")}`) },
          { scale: "tokens", side: 1, size: 60, grid: { show: false } },
        ],
      },
      data,
      element,
    );
    // Follow the card's width (phone rotation, window resize).
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, element.clientWidth), height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [sparse, from, to]);
  return <div ref={host} class="chart" role="img" aria-label="Cost and tokens per day" />;
}
