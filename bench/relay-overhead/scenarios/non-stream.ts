export const name = "chat completions, non-stream";
export const body = JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: "Say hello." }], max_tokens: 16 });
