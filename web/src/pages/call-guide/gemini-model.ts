// How the Gemini snippets (SDKs, curl, Gemini CLI) write a model name.

/**
 * The Gemini SDKs, Gemini CLI (through @google/genai) and curl put the model in the URL path as it
 * is, and a model path takes at most three `/`-separated segments (server/gateway/routes.ts): an id
 * with more (`accounts/fireworks/models/x`) has its `/` percent-encoded, which they all send on
 * unchanged and the gateway decodes. Shorter names stay as they read.
 */
export const geminiModelInPath = (model: string) => (model.split("/").length > 3 ? model.replaceAll("/", "%2F") : model);
