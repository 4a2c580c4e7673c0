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

describe("TOLLGATE_SMTP_* (e-mail)", () => {
  const base = { TOLLGATE_SMTP_HOST: "smtp.example.com", TOLLGATE_MAIL_FROM: "Tollgate <no-reply@example.com>", TOLLGATE_PUBLIC_URL: "https://tollgate.example.com/" };

  it("is off without a host; STARTTLS on 587 by default, implicit TLS on 465", () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig(base).smtp).toEqual({ host: "smtp.example.com", port: 587, tls: "starttls", auth: undefined, from: "Tollgate <no-reply@example.com>", publicUrl: "https://tollgate.example.com" });
    expect(loadConfig({ ...base, TOLLGATE_SMTP_TLS: "implicit" }).smtp).toMatchObject({ port: 465, tls: "implicit" });
    expect(loadConfig({ ...base, TOLLGATE_SMTP_TLS: "none", TOLLGATE_SMTP_HOST: "127.0.0.1", TOLLGATE_SMTP_PORT: "2525", TOLLGATE_SMTP_USER: "u", TOLLGATE_SMTP_PASSWORD: "p" }).smtp).toMatchObject({ port: 2525, tls: "none", auth: { user: "u", password: "p" } });
    expect(loadConfig({}).passwordResetTtlMs).toBe(30 * 60_000);
  });

  it.each([
    [{ TOLLGATE_SMTP_HOST: "", TOLLGATE_SMTP_USER: "u" }, /TOLLGATE_SMTP_HOST is not/],
    [{ TOLLGATE_SMTP_TLS: "ssl" }, /TOLLGATE_SMTP_TLS must be implicit/],
    [{ TOLLGATE_SMTP_PORT: "70000" }, /TOLLGATE_SMTP_PORT/],
    [{ TOLLGATE_SMTP_USER: "u" }, /go together/],
    [{ TOLLGATE_SMTP_TLS: "none", TOLLGATE_SMTP_USER: "u", TOLLGATE_SMTP_PASSWORD: "p" }, /plain text to smtp.example.com/],
    [{ TOLLGATE_MAIL_FROM: "" }, /TOLLGATE_MAIL_FROM is needed/],
    [{ TOLLGATE_MAIL_FROM: "Tollgate" }, /TOLLGATE_MAIL_FROM must be an address/],
    [{ TOLLGATE_PUBLIC_URL: "" }, /needs TOLLGATE_PUBLIC_URL/],
  ])("refuses %j, naming the variable and the remedy", (change, message) => {
    expect(() => loadConfig({ ...base, ...change })).toThrow(message);
  });
});

describe("TOLLGATE_SIGNUP_* (self sign-up)", () => {
  const mail = { TOLLGATE_SMTP_HOST: "smtp.example.com", TOLLGATE_MAIL_FROM: "no-reply@example.com", TOLLGATE_PUBLIC_URL: "https://tollgate.example.com" };

  it("is off by default, with no starting balance and no groups beyond the public ones", () => {
    expect(loadConfig({}).signUp).toEqual({ open: false, startingBalance: 0, groupIdentifiers: [] });
  });

  it("reads the starting balance and the groups (comma-separated, spaces trimmed)", () => {
    expect(loadConfig({ ...mail, TOLLGATE_SIGNUP: "true", TOLLGATE_SIGNUP_STARTING_BALANCE: "5000000", TOLLGATE_SIGNUP_GROUPS: " gpt-trial-plus, ,private-a " }).signUp).toEqual({
      open: true,
      startingBalance: 5_000_000,
      groupIdentifiers: ["gpt-trial-plus", "private-a"],
    });
  });

  it.each([
    [{ TOLLGATE_SIGNUP: "true" }, /TOLLGATE_SIGNUP=true needs e-mail/],
    [{ ...mail, TOLLGATE_SIGNUP: "yes" }, /TOLLGATE_SIGNUP must be true or false/],
    [{ TOLLGATE_SIGNUP_STARTING_BALANCE: "-1" }, /TOLLGATE_SIGNUP_STARTING_BALANCE must be an integer ≥ 0/],
    [{ TOLLGATE_SIGNUP_STARTING_BALANCE: "1.5" }, /TOLLGATE_SIGNUP_STARTING_BALANCE/],
  ])("refuses %j, naming the variable and the remedy", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
