import { describe, expect, it } from "vitest";
import { canSetSpendCaps, memberMayUse, seesOrganizationBalance } from "./permissions.ts";

const publicGroup = { id: "pub", visibility: "public" as const };
const exclusiveGroup = { id: "exc", visibility: "exclusive" as const };
const granted = { exclusiveGroupIds: new Set(["exc"]) };
const notGranted = { exclusiveGroupIds: new Set<string>() };

describe("memberMayUse", () => {
  it.each([
    ["owner", [], granted, publicGroup, true],
    ["owner", [], granted, exclusiveGroup, true],
    ["owner", [], notGranted, exclusiveGroup, false],
    ["sub-user", [], granted, publicGroup, false],
    ["sub-user", ["pub"], granted, publicGroup, true],
    ["sub-user", ["exc"], notGranted, exclusiveGroup, false],
    ["developer", ["exc"], granted, exclusiveGroup, true],
    ["operator", [], notGranted, exclusiveGroup, true],
  ] as const)("%s granted %o (org %o) → %o: %s", (role, grants, organization, group, expected) => {
    expect(memberMayUse(organization, { role, grantedGroupIds: new Set(grants) }, group)).toBe(expected);
  });
});

describe("spend caps and the balance, by role", () => {
  it.each([
    ["operator", true],
    ["owner", true],
    ["sub-user", false],
    ["developer", false],
  ] as const)("%s sets caps and sees the organization's balance: %o", (role, expected) => {
    expect(canSetSpendCaps(role)).toBe(expected);
    expect(seesOrganizationBalance(role)).toBe(expected);
  });
});
