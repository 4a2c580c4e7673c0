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

describe("TOLLGATE_TRUST_PROXY", () => {
  it.each([
    [undefined, ["loopback"]],
    ["none", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.0/8, 192.168.1.7", ["10.0.0.0/8", "192.168.1.7"]],
    ["loopback,uniquelocal,fd00::/8", ["loopback", "uniquelocal", "fd00::/8"]],
  ])("%s → %j", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TOLLGATE_TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(["0", "33", "true", "10.0.0.0/33", "10.0.0/8", "proxy.example.com", "::1/129"])("refuses %s, naming the variable", (value) => {
    expect(() => loadConfig({ TOLLGATE_TRUST_PROXY: value })).toThrow(/^TOLLGATE_TRUST_PROXY: /);
  });
});

describe("TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL", () => {
  it("is false unless set to true; anything else stops the start, naming the variable", () => {
    expect(loadConfig({}).alertWebhooksAllowInternal).toBe(false);
    expect(loadConfig({ TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL: "true" }).alertWebhooksAllowInternal).toBe(true);
    expect(loadConfig({ TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL: "false" }).alertWebhooksAllowInternal).toBe(false);
    expect(() => loadConfig({ TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL: "yes" })).toThrow(/TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL must be true or false/);
  });
});
