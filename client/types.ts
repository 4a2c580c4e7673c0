// The only module that imports the generated types (client/generated/, written by `npm run generate`
// and shipped inside the package): re-exports the contract's types under stable names.
export type { paths as RelayPaths, components as RelayComponents } from "./generated/relay.d.ts";
export type { paths as ConsolePaths, components as ConsoleComponents } from "./generated/console.d.ts";

import type { components as Relay } from "./generated/relay.d.ts";
import type { components as Console } from "./generated/console.d.ts";

export type MessageStreamEvent = Relay["schemas"]["Messages.MessageStreamEvent"];
export type ChatCompletionChunk = Relay["schemas"]["Chat.ChatCompletionChunk"];
export type ResponseStreamEvent = Relay["schemas"]["Responses.ResponseStreamEvent"];
export type GenerateContentResponse = Relay["schemas"]["GenerateContent.GenerateContentResponse"];
export type CallGuide = Console["schemas"]["CallGuide"];
export type Marketplace = Console["schemas"]["Marketplace"];
export type ApiKey = Console["schemas"]["ApiKey"];
export type ConsoleToken = Console["schemas"]["ConsoleToken"];
export type AnthropicErrorBody = Relay["schemas"]["AnthropicError"];
export type OpenAIErrorBody = Relay["schemas"]["OpenAIError"];
export type GeminiErrorBody = Relay["schemas"]["GeminiError"];
export type ConsoleErrorBody = Console["schemas"]["ConsoleError"];
