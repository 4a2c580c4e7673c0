// Cost and tokens per day, drawn with uPlot (a few KB, canvas, fast).
import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export type DayPoint = { day: string; cost: number; tokens: number };

export function UsageChart({ points }: { points: DayPoint[] }) {
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
        axes: [{}, { scale: "cost", values: (_u, ticks) => ticks.map((tick) => `$${tick}`) }, { scale: "tokens", side: 1, grid: { show: false } }],
      },
      data,
      element,
    );
    return () => chart.destroy();
  }, [points]);
  return <div ref={host} class="chart" role="img" aria-label="Cost and tokens per day" />;
}
