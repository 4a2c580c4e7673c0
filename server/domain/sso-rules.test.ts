import { describe, expect, it } from "vitest";
import { domainAllowed, emailDomainOf, firstMatchingRule, ruleProblem, safeReturnPath } from "./sso-rules.ts";

describe("single sign-on rules", () => {
  it.each([
    ["ada@example.com", ["example.com"], true],
    ["Ada@EXAMPLE.com", ["Example.COM"], true],
    ["ada@sub.example.com", ["example.com"], false],
    ["ada@example.com.evil.test", ["example.com"], false],
    ["ada@evil.test", ["example.com"], false],
    ["a@b@example.com", ["example.com"], true],
    ["example.com", ["example.com"], false],
    ["@example.com", ["example.com"], false],
  ])("%s at %j: %s", (email, domains, allowed) => {
    expect(domainAllowed(email, domains)).toBe(allowed);
  });

  it("an address's domain", () => {
    expect(emailDomainOf("x@Y.Z")).toBe("y.z");
    expect(emailDomainOf("x@")).toBeUndefined();
  });

  const rules = [
    { claim: "groups", value: "admins", organization_id: "org_a", role: "owner" as const },
    { claim: "department", value: "eng", organization_id: "org_a", role: "developer" as const },
    { email_domain: "partner.test", organization_id: "org_p", role: "sub-user" as const },
  ];
  it.each([
    [{ groups: ["users", "admins"] }, "a@x.test", "owner"],
    [{ groups: "admins" }, "a@x.test", "owner"],
    [{ groups: ["users"], department: "eng" }, "a@x.test", "developer"],
    [{ groups: ["users"] }, "a@Partner.test", "sub-user"],
    [{ groups: ["users"] }, "a@x.test", undefined],
    [{ groups: [{ admins: true }] }, "a@x.test", undefined],
  ])("claims %j of %s: %s", (claims, email, role) => {
    expect(firstMatchingRule(rules, claims, email)?.role).toBe(role);
  });

  it("a rule names a claim and a value, or a domain", () => {
    expect(ruleProblem({ claim: "groups", value: "x", organization_id: "o", role: "owner" })).toBeUndefined();
    expect(ruleProblem({ email_domain: "x.test", organization_id: "o", role: "owner" })).toBeUndefined();
    expect(ruleProblem({ claim: "groups", organization_id: "o", role: "owner" })).toContain("both `claim` and `value`");
    expect(ruleProblem({ organization_id: "o", role: "owner" })).toContain("matches nothing");
    expect(ruleProblem({ claim: "g", value: "v", email_domain: "x.test", organization_id: "o", role: "owner" })).toContain("Keep one");
  });

  it.each([
    [undefined, "#/"],
    ["#/keys", "#/keys"],
    ["#/usage?from=2026-01-01", "#/usage?from=2026-01-01"],
    ["https://evil.test/", "#/"],
    ["//evil.test", "#/"],
    ["#//evil.test", "#/"],
    ["/\\evil.test", "#/"],
    ["#/a\nb", "#/"],
    ["javascript:alert(1)", "#/"],
  ])("return path %j lands on %s", (returnTo, landing) => {
    expect(safeReturnPath(returnTo)).toBe(landing);
  });
});
