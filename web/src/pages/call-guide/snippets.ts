// Ready-to-paste calls for each SDK, filled with the group's base URL and a model. The key is read
// from TOLLGATE_KEY so a snippet never holds a secret.
import type { Schemas } from "../../api.ts";
import { cliSnippets } from "./cli-snippets.ts";
import { geminiModelInPath } from "./gemini-model.ts";

/**
 * `label` names the language; `detail` the SDK or package (hidden on narrow screens); `alternative`
 * a second way in the same language (the typed client beside an official SDK).
 */
export type Snippet = { id: string; label: string; detail?: string; code: string; alternative?: { title: string; code: string } };

/** The typed client is not on a public registry: it installs from the tarball `npm pack` makes. */
const clientInstall = "// npm install ./tollgate-client-0.1.0.tgz   (from `npm pack` in Tollgate's client/ folder; ask your operator)";
const typedClient = (code: string) => ({ title: "Or with Tollgate's typed client (@tollgate/client): one client for every interface, with typed errors", code: `${clientInstall}\n${code}` });

type Urls = Schemas["SdkBaseUrls"];
const json = (value: unknown) => JSON.stringify(value);

/**
 * The SDK snippets of the group's family; a group that also offers another format — /v1/messages
 * through an Anthropic-compatible channel, or any interface it accepts translated — gets that
 * format's SDK snippets too; then the agent CLIs that will work with it (cli-snippets.ts).
 */
export function snippetsFor(group: Schemas["CallGuideGroup"], urls: Urls, model: string): Snippet[] {
  const family = group.family === "A" ? anthropicSdk(urls, model, "") : group.family === "C" ? geminiSdk(urls, model) : openaiSdk(urls, model, group.family === "B");
  const offers = (path: string) => group.interfaces.includes(path);
  const openaiFamily = group.family !== "A" && group.family !== "C";
  const others = [
    ...(group.family !== "A" && offers("/v1/messages") ? anthropicSdk(urls, model, "-messages") : []),
    ...(!openaiFamily && (offers("/v1/chat/completions") || offers("/v1/responses")) ? openaiSdk(urls, model, offers("/v1/responses"), "-openai") : []),
    ...(group.family !== "C" && offers("/v1beta/models/{model}:generateContent") ? geminiSdk(urls, model, "-gemini") : []),
  ];
  return [...family, ...others, ...cliSnippets(group, urls, model)];
}

/** `suffix` keeps tab ids unique when these sit beside another SDK's snippets. */
function anthropicSdk(urls: Urls, model: string, suffix: string): Snippet[] {
  const host = urls.anthropic;
  const body = { model, max_tokens: 1024, messages: [{ role: "user", content: "Hello" }] };
  return [
    {
      id: `python${suffix}`,
      label: "Python",
      detail: "anthropic",
      code: `import os
import anthropic

client = anthropic.Anthropic(api_key=os.environ["TOLLGATE_KEY"], base_url="${urls.anthropic}")
message = client.messages.create(
    model="${model}",
    max_tokens=1024,
    messages=[{"role": "user", "content": "Hello"}],
)
print(message.content[0].text)`,
    },
    {
      id: `typescript${suffix}`,
      label: "TypeScript",
      detail: "@anthropic-ai/sdk",
      code: `// npm install @anthropic-ai/sdk
import Anthropic from "@anthropic-ai/sdk";

const client = new Anthropic({ apiKey: process.env.TOLLGATE_KEY, baseURL: "${urls.anthropic}" });
const message = await client.messages.create({
  model: "${model}",
  max_tokens: 1024,
  messages: [{ role: "user", content: "Hello" }],
});
console.log(message.content[0].type === "text" ? message.content[0].text : message.content);`,
      alternative: typedClient(`import { auth, relayClient, unwrap } from "@tollgate/client";

const relay = relayClient({ baseUrl: "${host}", headers: auth.familyA(process.env.TOLLGATE_KEY!) });
const message = await unwrap(relay.POST("/v1/messages", {
  params: { header: { "anthropic-version": "2023-06-01" } },
  body: ${json(body)},
}));
if (message.type === "message") console.log(message.content[0]?.text);`),
    },
    {
      id: `curl${suffix}`,
      label: "curl",
      ...(suffix ? { detail: "messages" } : {}),
      code: `curl -sS ${host}/v1/messages \\
  -H "x-api-key: $TOLLGATE_KEY" \\
  -H "anthropic-version: 2023-06-01" \\
  -H "content-type: application/json" \\
  -d '${json(body)}'`,
    },
  ];
}

function geminiSdk(urls: Urls, model: string, suffix = ""): Snippet[] {
  const host = urls.anthropic;
  // The typed client below encodes its path parameter itself: it takes the name as it is.
  const inPath = geminiModelInPath(model);
  const body = { contents: [{ role: "user", parts: [{ text: "Hello" }] }] };
  return [
    {
      id: `python${suffix}`,
      label: "Python",
      detail: "google-genai",
      code: `import os
from google import genai
from google.genai import types

client = genai.Client(
    api_key=os.environ["TOLLGATE_KEY"],
    http_options=types.HttpOptions(base_url="${urls.gemini}", api_version="v1beta"),
)
response = client.models.generate_content(model="${inPath}", contents="Hello")
print(response.text)`,
    },
    {
      id: `typescript${suffix}`,
      label: "TypeScript",
      detail: "@google/genai",
      code: `// npm install @google/genai
import { GoogleGenAI } from "@google/genai";

const ai = new GoogleGenAI({ apiKey: process.env.TOLLGATE_KEY, httpOptions: { baseUrl: "${urls.gemini}" } });
const response = await ai.models.generateContent({ model: "${inPath}", contents: "Hello" });
console.log(response.text);`,
      alternative: typedClient(`import { auth, relayClient, unwrap } from "@tollgate/client";

const relay = relayClient({ baseUrl: "${host}", headers: auth.familyC(process.env.TOLLGATE_KEY!) });
const response = await unwrap(relay.POST("/v1beta/models/{model}:generateContent", {
  params: { path: { model: "${model}" } },
  body: ${json(body)},
}));
console.log(response.candidates?.[0]?.content?.parts?.[0]?.text);`),
    },
    {
      id: `curl${suffix}`,
      label: "curl",
      code: `curl -sS "${host}/v1beta/models/${inPath}:generateContent" \\
  -H "x-goog-api-key: $TOLLGATE_KEY" \\
  -H "content-type: application/json" \\
  -d '${json(body)}'`,
    },
  ];
}

/** OpenAI (GPT), domestic and OpenAI-compatible groups: OpenAI-style chat completions (and, for B, responses). */
function openaiSdk(urls: Urls, model: string, responses: boolean, suffix = ""): Snippet[] {
  const host = urls.anthropic;
  const body = { model, messages: [{ role: "user", content: "Hello" }] };
  return [
    {
      id: `python${suffix}`,
      label: "Python",
      detail: "openai",
      code: `import os
from openai import OpenAI

client = OpenAI(api_key=os.environ["TOLLGATE_KEY"], base_url="${urls.openai}")
completion = client.chat.completions.create(
    model="${model}",
    messages=[{"role": "user", "content": "Hello"}],
)
print(completion.choices[0].message.content)${
        responses
          ? `

# OpenAI (GPT) models also answer the OpenAI Responses API:
response = client.responses.create(model="${model}", input="Hello")
print(response.output_text)`
          : ""
      }`,
    },
    {
      id: `typescript${suffix}`,
      label: "TypeScript",
      detail: "openai",
      code: `// npm install openai
import OpenAI from "openai";

const client = new OpenAI({ apiKey: process.env.TOLLGATE_KEY, baseURL: "${urls.openai}" });
const completion = await client.chat.completions.create({
  model: "${model}",
  messages: [{ role: "user", content: "Hello" }],
});
console.log(completion.choices[0].message.content);${
        responses
          ? `

// OpenAI (GPT) models also answer the OpenAI Responses API:
const response = await client.responses.create({ model: "${model}", input: "Hello" });
console.log(response.output_text);`
          : ""
      }`,
      alternative: typedClient(`import { auth, relayClient, unwrap } from "@tollgate/client";

const relay = relayClient({ baseUrl: "${host}", headers: auth.bearer(process.env.TOLLGATE_KEY!) });
const completion = await unwrap(relay.POST("/v1/chat/completions", {
  body: ${json(body)},
}));
if (completion.object === "chat.completion") console.log(completion.choices[0].message.content);`),
    },
    {
      id: `curl${suffix}`,
      label: "curl",
      code: `curl -sS ${urls.openai}/chat/completions \\
  -H "authorization: Bearer $TOLLGATE_KEY" \\
  -H "content-type: application/json" \\
  -d '${json(body)}'`,
    },
  ];
}
