import { describe, expect, it } from "vitest";
import { anthropicImageTokens, geminiImageTokens, openaiImageTokens } from "./image-tokens.ts";

const size = (width: number, height: number) => ({ width, height });

// The vendors' own worked examples where they give them.
describe("anthropicImageTokens: width × height / 750 after scaling to a 1568-px long edge and ~1,600 tokens", () => {
  it.each([
    [size(200, 200), 54], // the docs' table: ~54
    [size(1000, 1000), 1334], // ~1334
    [size(1092, 1092), 1590], // ~1590, the largest square kept as sent
    [size(4000, 3000), 1598], // scaled down to the ~1,600 a large image costs
    [size(1568, 200), 419], // long edge at the limit: kept
    [size(3136, 400), 419], // twice that: halved first
    [null, 1600], // unknown size: the largest
  ])("%o costs %i", (image, tokens) => {
    expect(anthropicImageTokens(image)).toBe(tokens);
  });
});

describe("openaiImageTokens: 85 + 170 per 512-px tile after fitting 2048 × 2048 and a 768-px short side; low detail 85", () => {
  it.each([
    [size(1024, 1024), "high", 765], // the docs: 768 × 768, four tiles
    [size(2048, 4096), "high", 1105], // the docs: 768 × 1536, six tiles
    [size(4096, 8192), "auto", 1105],
    [size(512, 512), undefined, 255], // one tile; small images are not scaled up
    [size(4000, 3000), "high", 765], // 1024 × 768: two tiles by two
    [size(2400, 1600), "auto", 1105], // 1152 × 768 in whole pixels (the arithmetic gives 1151.99… × 767.99…)
    [size(4096, 2048), "low", 85],
    [null, "high", 1445], // unknown size: the most, 2 × 4 tiles
    [null, "low", 85],
  ])("%o at detail %s costs %i", (image, detail, tokens) => {
    expect(openaiImageTokens(image, detail)).toBe(tokens);
  });
});

describe("geminiImageTokens: 258 up to 384 px a side, else 258 per 768-px tile", () => {
  it.each([
    [size(384, 384), 258],
    [size(385, 200), 258],
    [size(1024, 1024), 258 * 4],
    [size(1920, 1080), 258 * 6],
    [size(8000, 8000), 258 * 121],
    [null, 258],
  ])("%o costs %i", (image, tokens) => {
    expect(geminiImageTokens(image)).toBe(tokens);
  });
});
