// The chart library loads only when a chart is shown, so the rest of the console stays small.
import { useEffect, useState } from "preact/hooks";
import type { DayPoint, UsageChart as Chart } from "./usage-chart.tsx";

let loading: Promise<typeof Chart> | undefined;

export function LazyUsageChart(props: { points: DayPoint[]; from: string; to: string }) {
  const [UsageChart, setChart] = useState<typeof Chart | null>(null);
  useEffect(() => {
    loading ??= import("./usage-chart.tsx").then((module) => module.UsageChart);
    void loading.then((loaded) => setChart(() => loaded));
  }, []);
  return UsageChart ? <UsageChart {...props} /> : <div class="chart-placeholder" aria-busy="true" />;
}
