// The end-user id as each upstream takes it, shared by the writers that send one (chat, Responses).
// What a model refuses is the capability catalog's (domain/model-capabilities.ts).
import { createHash } from "node:crypto";

/** OpenAI takes an end-user id (`user`, `safety_identifier`) of at most 64 characters. */
const maxEndUserId = 64;

/**
 * The end-user id as OpenAI takes it: a longer one (Claude Code's `metadata.user_id` is a JSON
 * string of about 150 characters) goes as its SHA-256 hex digest, exactly 64 characters and the
 * same for the same user, so OpenAI's per-user abuse tracking still tells users apart.
 */
export const openAiEndUserId = (id: string) => (id.length <= maxEndUserId ? id : endUserDigest(id));

/** An end-user id an upstream cannot take as it is, as its SHA-256 hex digest: 64 characters, the same for the same user. */
export const endUserDigest = (id: string) => createHash("sha256").update(id).digest("hex");
