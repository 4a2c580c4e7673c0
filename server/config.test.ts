import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("TOLLGATE_CORS_ORIGINS", () => {
  it("is off when unset or empty", () => {
    expect(loadConfig({}).corsOrigins).toBeUndefined();
    expect(loadConfig({ TOLLGATE_CORS_ORIGINS: " , " }).corsOrigins).toBeUndefined();
  });

  it("takes comma-separated origins, or * alone", () => {
    expect(loadConfig({ TOLLGATE_CORS_ORIGINS: "https://app.example.com, http://localhost:5173" }).corsOrigins).toEqual(new Set(["https://app.example.com", "http://localhost:5173"]));
    expect(loadConfig({ TOLLGATE_CORS_ORIGINS: "*" }).corsOrigins).toBe("*");
  });

  it.each([
    ["*, https://app.example.com", /must stand alone/],
    ["app.example.com", /is not an origin/],
    ["https://app.example.com/", /use "https:\/\/app.example.com"/],
    ["https://App.Example.com", /use "https:\/\/app.example.com"/],
    ["https://app.example.com/path", /no path/],
    ["ftp://files.example.com", /is not an origin/],
  ])("refuses %s, naming the variable and the remedy", (value, message) => {
    expect(() => loadConfig({ TOLLGATE_CORS_ORIGINS: value })).toThrow(/TOLLGATE_CORS_ORIGINS/);
    expect(() => loadConfig({ TOLLGATE_CORS_ORIGINS: value })).toThrow(message);
  });
});
