// Compaction on a translated call. A Responses caller ends its input with a `compaction_trigger`
// item to have the conversation so far replaced by one `compaction` item, which it sends back in
// place of that history (Codex does this at its context limit when it talks to OpenAI's own provider,
// that is with only the base URL changed). OpenAI's item is encrypted and only OpenAI reads it.
// Here the upstream model writes a summary, asked by a user turn of ours with tool calls
// switched off, and the caller gets that summary carried (carry.ts) in the item's
// `encrypted_content`; sent back, it becomes a user turn that hands the summary to the model.
import { randomBytes } from "node:crypto";
import { carry, uncarry } from "../carry.ts";
import { type StopReason, TranslationRefusal } from "../canonical.ts";

type Json = Record<string, unknown>;

/** The user turn that asks for the summary, after the whole conversation. */
export const compactionRequest = [
  "Your context is about to be replaced by a summary you write now, and the work will go on from that",
  "summary alone. Write it for whoever continues: the user's goal and every instruction or preference",
  "they gave; what has been done and what was found (files, commands, decisions, exact names, values and",
  "error messages that matter); what is still open and the next step. Do not call tools; answer with the",
  "summary only.",
].join(" ");

/** What the model is told where a compaction item stood. */
const summaryIntroduction = "The conversation before this point was compacted. This summary of it was written to continue the work from:";

/**
 * The failure a compaction with no summary gets instead of its item: the model called a tool
 * anyway, refused, or spent its output on reasoning. An empty item would replace the caller's whole
 * history with nothing; a failed response leaves the history as it was, for a retry.
 */
export const noSummary = {
  code: "server_error",
  message: "The upstream model wrote no summary, so the conversation was not compacted. Retry the request.",
};

/** Whether the model's words are a summary to compact to (any text but whitespace). */
export const isSummary = (text: string): boolean => text.trim() !== "";

export const compactionId = () => `cmp_${randomBytes(12).toString("hex")}`;

/** The caller's `compaction` item: the summary, carried. */
export function compactionItem(summary: string, id = compactionId()): Json {
  return { id, type: "compaction", encrypted_content: carry({ origin: "responses", value: { type: "compaction", summary } }) };
}

/**
 * How a compaction's response ends: a summary cut short by the output limit is still the summary
 * (Codex takes no compaction item from an incomplete response, and would stop at its context limit).
 */
export const compactionStop = (stopReason: StopReason): StopReason => (stopReason === "max_tokens" ? "end_turn" : stopReason);

/** A `compaction` item of the caller's input, as the text the model gets in its place. */
export function compactedText(item: Json, path: string): string {
  const carried = uncarry(item.encrypted_content);
  const summary = carried?.opaque.origin === "responses" && carried.opaque.value.type === "compaction" ? carried.opaque.value.summary : undefined;
  if (typeof summary !== "string")
    throw new TranslationRefusal(
      `${path}.encrypted_content`,
      "this compaction was made by OpenAI, and only OpenAI can read it; a translated call reads only the compactions it made: send the conversation itself, or start a new one",
    );
  return `${summaryIntroduction}\n\n${summary}`;
}
