import type { MetricValueWithName } from "prom-client";
import { describe, expect, it } from "vitest";
import { deferredObservations, record, registry } from "./metrics.ts";

const ttfbCount = async (iface: string) => {
  const metric = await registry.getSingleMetric("tollgate_time_to_first_byte_seconds")!.get();
  const values = metric.values as MetricValueWithName<string>[];
  const sample = (name: string) => values.find((value) => value.metricName === name && value.labels.interface === iface)?.value;
  return { count: sample("tollgate_time_to_first_byte_seconds_count"), sum: sample("tollgate_time_to_first_byte_seconds_sum") };
};

const call = (ttfbMs: number) => ({
  interface: "metrics-test",
  modelId: "m",
  channelId: null,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  cacheWrite1hTokens: 0,
  reasoningTokens: 0,
  cost: 0,
  ttfbMs,
});

describe("histogram observations from the relay path", () => {
  it("are all in the scrape, once each, with their exact sum", async () => {
    for (let i = 1; i <= 10; i++) record.call("g", call(i * 100));
    expect(await ttfbCount("metrics-test")).toEqual({ count: 10, sum: 5.5 });
    record.call("g", call(250));
    expect(await ttfbCount("metrics-test")).toEqual({ count: 11, sum: 5.75 });
  });

  it("reach the histogram in batches of 1,024 when nobody scrapes", () => {
    const observed: number[] = [];
    const deferred = deferredObservations({ observe: (value) => void observed.push(value) });
    for (let i = 0; i < 1023; i++) deferred.observe(i);
    expect(observed).toHaveLength(0);
    deferred.observe(1023);
    expect(observed).toEqual(Array.from({ length: 1024 }, (_, i) => i));
    deferred.observe(5);
    expect(observed).toHaveLength(1024);
  });

  it("leave out a value that is not a number, which prom-client would throw on", async () => {
    const before = await ttfbCount("metrics-test");
    record.call("g", call(Number.NaN));
    record.call("g", call(300));
    expect(await ttfbCount("metrics-test")).toEqual({ count: before.count! + 1, sum: before.sum! + 0.3 });
  });
});
