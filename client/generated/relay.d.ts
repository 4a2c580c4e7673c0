// Generated from spec/ by `npm run generate`. Do not edit by hand.
export interface paths {
    "/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Chat completions, for GPT-type and domestic models. */
        post: operations["createChatCompletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Embeddings, for groups whose channels offer them (OpenAI and OpenAI-compatible); passed through, billed by input tokens at the model's input price. */
        post: operations["createEmbedding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Anthropic Messages. `?beta=true` (sent by the SDKs' beta namespace) is accepted and ignored. */
        post: operations["createMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/count_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Counts the input tokens of a messages request. Never billed and not counted against rate
         *     limits. Answered by the upstream where the serving channel offers it; otherwise by Tollgate's
         *     estimate, marked with the response header `x-tollgate-token-count: estimate`.
         */
        post: operations["countMessageTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description The bound group's models. A caller that sends `anthropic-version` gets the Anthropic list shape
         *     (paginated with after_id/before_id/limit); a Gemini caller (`x-goog-api-key` or `?key=`, as
         *     `@google/genai` 3.x sends to `/v1/models`) the Gemini shape; everyone else the OpenAI-style list.
         */
        get: operations["listModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{group}/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description `getModel` with a `/` in the path: `<group_identifier>/<model_id>`, or a model id such as `Qwen/Qwen3-235B-A22B`. */
        get: operations["getModelInGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{group}/{model}:countTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified: `models/<group_identifier>/<model_id>:countTokens`. */
        post: operations["V1Count_countTokensInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{group}/{model}:generateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified call name on the path: `models/<group_identifier>/<model_id>:generateContent`. */
        post: operations["V1_generateInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{group}/{model}:streamGenerateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified streamed generation: `models/<group_identifier>/<model_id>:streamGenerateContent?alt=sse`. */
        post: operations["V1_streamInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{group}/{owner}/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description `getModel` with two `/` in the path: a group-qualified name whose model id has a `/` itself
         *     (`qwen-trial/Qwen/Qwen3-235B-A22B`, as the Call Guide shows it), or a model id with two. This is
         *     how `@google/genai` (API version v1) sends such a name: unencoded, as three segments. Ids with
         *     more `/` than that are sent with the slashes inside the model id percent-encoded.
         */
        get: operations["getSlashedModelInGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{group}/{owner}/{model}:countTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified, with a `/` in the model id: `models/<group_identifier>/<owner>/<name>:countTokens`. */
        post: operations["V1Count_countTokensSlashedInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{group}/{owner}/{model}:generateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified, with a `/` in the model id: `models/<group_identifier>/<owner>/<name>:generateContent`. */
        post: operations["V1_generateSlashedInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{group}/{owner}/{model}:streamGenerateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified streamed generation, with a `/` in the model id: `models/<group_identifier>/<owner>/<name>:streamGenerateContent?alt=sse`. */
        post: operations["V1_streamSlashedInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description One model of the bound group, in the caller's SDK shape (chosen as for `listModels`): OpenAI-style
         *     `{id, object, created, owned_by}` for Bearer callers, Anthropic `{type, id, display_name, created_at}`
         *     when `anthropic-version` is sent, Gemini for `x-goog-api-key` or `?key=` callers. `model` is a
         *     plain model id or a group-qualified `<group_identifier>/<model_id>`; an id containing `/` is sent
         *     percent-encoded (as the OpenAI and Anthropic SDKs do) or as the segments of `getModelInGroup`
         *     and `getSlashedModelInGroup` (as `@google/genai` does).
         *     A model the group does not offer is a 404 in the caller's error shape.
         */
        get: operations["getModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}:countTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Counts the input tokens of a generateContent request, with a plain model id (the key's group decides the route). */
        post: operations["V1Count_countTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}:generateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Gemini generation with a plain model id (the key's group decides the route). */
        post: operations["V1_generate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models/{model}:streamGenerateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Gemini streamed generation: server-sent events, each `data:` one GenerateContentResponse chunk with cumulative usage. */
        post: operations["V1_stream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description OpenAI Responses. Without `stream: true` the answer is always a complete response object
         *     (deviation: the relay may stream upstream and assemble it). The same API also runs over a
         *     WebSocket (OpenAI's WebSocket mode: a GET of this path with an upgrade, outside what OpenAPI
         *     describes): each `response.create` message is this operation's body, answered with its stream's
         *     events (docs/api.md, "The Responses API's WebSocket mode").
         */
        post: operations["createResponse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/responses/compact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Compacts a conversation (the OpenAI SDK's `responses.compact`): the answer's `output` is the
         *     input's user messages followed by one `compaction` item, which stands for the rest of the
         *     conversation when sent back in the next response's input. Made as a `POST /v1/responses` call
         *     whose input ends with a `compaction_trigger` item, so it is routed, billed and logged as that
         *     call is; on a group of another family the model writes a summary that the item carries.
         */
        post: operations["compactResponse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/responses/input_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Counts the input tokens of a response's request (the OpenAI SDK's
         *     `responses.inputTokens.count`). Never billed and not counted against rate limits. Answered by
         *     the upstream where the serving channel offers it (OpenAI's); otherwise by Tollgate's estimate,
         *     marked with the response header `x-tollgate-token-count: estimate`.
         */
        post: operations["countResponseInputTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Gemini model list for the bound group. */
        get: operations["listGeminiModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{group}/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description `getGeminiModel` with a `/` in the path: `<group_identifier>/<model_id>`, or a model id such as `Qwen/Qwen3-235B-A22B`. */
        get: operations["getGeminiModelInGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{group}/{model}:countTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified: `models/<group_identifier>/<model_id>:countTokens`. */
        post: operations["V1betaCount_countTokensInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{group}/{model}:generateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified call name on the path: `models/<group_identifier>/<model_id>:generateContent`. */
        post: operations["V1beta_generateInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{group}/{model}:streamGenerateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified streamed generation: `models/<group_identifier>/<model_id>:streamGenerateContent?alt=sse`. */
        post: operations["V1beta_streamInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{group}/{owner}/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description `getGeminiModel` with two `/` in the path: a group-qualified name whose model id has a `/`
         *     itself (`qwen-trial/Qwen/Qwen3-235B-A22B`), as `@google/genai` sends it: three segments.
         */
        get: operations["getGeminiSlashedModelInGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{group}/{owner}/{model}:countTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified, with a `/` in the model id: `models/<group_identifier>/<owner>/<name>:countTokens`. */
        post: operations["V1betaCount_countTokensSlashedInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{group}/{owner}/{model}:generateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified, with a `/` in the model id: `models/<group_identifier>/<owner>/<name>:generateContent`. */
        post: operations["V1beta_generateSlashedInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{group}/{owner}/{model}:streamGenerateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Group-qualified streamed generation, with a `/` in the model id: `models/<group_identifier>/<owner>/<name>:streamGenerateContent?alt=sse`. */
        post: operations["V1beta_streamSlashedInGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description One model of the bound group in the Gemini shape (`name` is `models/<model>`); 404 in the Gemini error shape when the group does not offer it. */
        get: operations["getGeminiModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{model}:countTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Counts the input tokens of a generateContent request, with a plain model id (the key's group decides the route). */
        post: operations["V1betaCount_countTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{model}:generateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Gemini generation with a plain model id (the key's group decides the route). */
        post: operations["V1beta_generate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1beta/models/{model}:streamGenerateContent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Gemini streamed generation: server-sent events, each `data:` one GenerateContentResponse chunk with cumulative usage. */
        post: operations["V1beta_stream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Anthropic error body: `{"type":"error","error":{type,message}}`. */
        AnthropicError: {
            /** @enum {string} */
            type: "error";
            error: {
                /** @description Open set: invalid_request_error, authentication_error, permission_error, not_found_error, … */
                type: string;
                message: string;
            };
            request_id?: string;
        };
        "Chat.ChatChoice": {
            /** Format: int32 */
            index: number;
            message: {
                /** @enum {string} */
                role: "assistant";
                content: string | null;
            } & {
                [key: string]: unknown;
            };
            /** @description Open set: stop, length, tool_calls, content_filter, function_call. */
            finish_reason: string | null;
        } & {
            [key: string]: unknown;
        };
        "Chat.ChatCompletion": {
            id: string;
            /** Format: int64 */
            created: number;
            model: string;
            system_fingerprint?: string | null;
            /** @enum {string} */
            object: "chat.completion";
            choices: components["schemas"]["Chat.ChatChoice"][];
            usage?: components["schemas"]["Chat.ChatUsage"];
        } & {
            [key: string]: unknown;
        };
        "Chat.ChatCompletionChunk": {
            id: string;
            /** Format: int64 */
            created: number;
            model: string;
            system_fingerprint?: string | null;
            /** @enum {string} */
            object: "chat.completion.chunk";
            choices: ({
                /** Format: int32 */
                index: number;
                delta: {
                    [key: string]: unknown;
                };
                finish_reason: string | null;
            } & {
                [key: string]: unknown;
            })[];
            /** @description Only on the final chunk (empty `choices`) when `stream_options.include_usage` is set. */
            usage?: components["schemas"]["Chat.ChatUsage"] | null;
        } & {
            [key: string]: unknown;
        };
        "Chat.ChatCompletionRequest": {
            /** @description Plain model id (it may itself contain `/`), or `<group_identifier>/<model_id>`. */
            model: string;
            messages: components["schemas"]["Chat.ChatMessage"][];
            /** Format: double */
            temperature?: number | null;
            /** Format: double */
            top_p?: number | null;
            /** Format: double */
            frequency_penalty?: number | null;
            /** Format: double */
            presence_penalty?: number | null;
            /** Format: int32 */
            n?: number | null;
            /** Format: int32 */
            max_tokens?: number | null;
            /** Format: int32 */
            max_completion_tokens?: number | null;
            stop?: (string | string[]) | null;
            stream?: boolean | null;
            stream_options?: components["schemas"]["Chat.StreamOptions"] | null;
        } & {
            [key: string]: unknown;
        };
        "Chat.ChatContentPart": {
            type: string;
        } & {
            [key: string]: unknown;
        };
        "Chat.ChatMessage": {
            /** @description Open set: system, developer, user, assistant, tool, function. */
            role: string;
            /** @description A string, an array of parts, or null (assistant turns that only call tools). */
            content?: (string | components["schemas"]["Chat.ChatContentPart"][]) | null;
        } & {
            [key: string]: unknown;
        };
        "Chat.ChatUsage": {
            /** Format: int32 */
            prompt_tokens: number;
            /** Format: int32 */
            completion_tokens: number;
            /** Format: int32 */
            total_tokens: number;
            prompt_tokens_details?: ({
                /** Format: int32 */
                cached_tokens?: number;
            } & {
                [key: string]: unknown;
            }) | null;
            completion_tokens_details?: ({
                /** Format: int32 */
                reasoning_tokens?: number;
            } & {
                [key: string]: unknown;
            }) | null;
        } & {
            [key: string]: unknown;
        };
        "Chat.StreamOptions": {
            include_usage?: boolean;
        } & {
            [key: string]: unknown;
        };
        "Embeddings.Embedding": {
            /** @enum {string} */
            object: "embedding";
            /** Format: int32 */
            index: number;
            /** @description Floats, or a base64 string when `encoding_format` is `base64`. */
            embedding: number[] | string;
        };
        "Embeddings.EmbeddingList": {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Embeddings.Embedding"][];
            model: string;
            usage: components["schemas"]["Embeddings.EmbeddingUsage"];
        } & {
            [key: string]: unknown;
        };
        "Embeddings.EmbeddingRequest": {
            /** @description Plain model id (it may itself contain `/`), or `<group_identifier>/<model_id>`. */
            model: string;
            /** @description A string, an array of strings, an array of token ids, or an array of such arrays. */
            input: string | string[] | number[] | number[][];
            /**
             * @description `float` (default) or `base64`.
             * @enum {string}
             */
            encoding_format?: "float" | "base64";
            /** Format: int32 */
            dimensions?: number;
            user?: string;
        } & {
            [key: string]: unknown;
        };
        "Embeddings.EmbeddingUsage": {
            /** Format: int32 */
            prompt_tokens: number;
            /** Format: int32 */
            total_tokens: number;
        };
        /** @description Gemini error body: `{"error":{code,message,status}}`. */
        GeminiError: {
            error: {
                /**
                 * Format: int32
                 * @description The HTTP status, repeated.
                 */
                code: number;
                message: string;
                /** @description Canonical status name: INVALID_ARGUMENT, UNAUTHENTICATED, PERMISSION_DENIED, NOT_FOUND, … */
                status: string;
            };
        };
        "GenerateContent.Candidate": {
            content?: components["schemas"]["GenerateContent.Content"];
            /** @description Open set: STOP, MAX_TOKENS, SAFETY, RECITATION, … */
            finishReason?: string;
            /** Format: int32 */
            index?: number;
        } & {
            [key: string]: unknown;
        };
        "GenerateContent.Content": {
            /** @description `user` or `model`. */
            role?: string;
            parts: components["schemas"]["GenerateContent.Part"][];
        } & {
            [key: string]: unknown;
        };
        /** @description What `:countTokens` takes: `contents`, or a whole `generateContentRequest`. */
        "GenerateContent.CountTokensRequest": {
            contents?: components["schemas"]["GenerateContent.Content"][];
            generateContentRequest?: components["schemas"]["GenerateContent.GenerateContentRequest"];
        } & {
            [key: string]: unknown;
        };
        "GenerateContent.CountTokensResponse": {
            /** Format: int32 */
            totalTokens: number;
        } & {
            [key: string]: unknown;
        };
        "GenerateContent.GenerateContentRequest": {
            contents: components["schemas"]["GenerateContent.Content"][];
            systemInstruction?: components["schemas"]["GenerateContent.Content"];
            generationConfig?: components["schemas"]["GenerateContent.GenerationConfig"];
        } & {
            [key: string]: unknown;
        };
        /** @description A whole response, and also one chunk of a stream (`data: <this>`; usage is cumulative). */
        "GenerateContent.GenerateContentResponse": {
            candidates?: components["schemas"]["GenerateContent.Candidate"][];
            usageMetadata?: components["schemas"]["GenerateContent.UsageMetadata"];
            modelVersion?: string;
            responseId?: string;
            promptFeedback?: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        "GenerateContent.GenerationConfig": {
            /** Format: double */
            temperature?: number;
            /** Format: double */
            topP?: number;
            /** Format: double */
            topK?: number;
            /** Format: int32 */
            maxOutputTokens?: number;
            /** Format: int32 */
            candidateCount?: number;
            stopSequences?: string[];
        } & {
            [key: string]: unknown;
        };
        "GenerateContent.Part": {
            text?: string;
        } & {
            [key: string]: unknown;
        };
        "GenerateContent.UsageMetadata": {
            /** Format: int32 */
            promptTokenCount?: number;
            /** Format: int32 */
            candidatesTokenCount?: number;
            /** Format: int32 */
            thoughtsTokenCount?: number;
            /** Format: int32 */
            cachedContentTokenCount?: number;
            /** Format: int32 */
            toolUsePromptTokenCount?: number;
            /** Format: int32 */
            totalTokenCount?: number;
        } & {
            [key: string]: unknown;
        };
        "Messages.CacheCreation": {
            /** Format: int32 */
            ephemeral_5m_input_tokens: number;
            /** Format: int32 */
            ephemeral_1h_input_tokens: number;
        };
        /** @description A content block as the SDKs send it: text, image, tool_use, tool_result, thinking, … (open set). */
        "Messages.ContentBlock": {
            type: string;
        } & {
            [key: string]: unknown;
        };
        "Messages.ContentBlockDeltaEvent": {
            /** @enum {string} */
            type: "content_block_delta";
            /** Format: int32 */
            index: number;
            /** @description text_delta, input_json_delta, thinking_delta, signature_delta, citations_delta, … */
            delta: {
                type: string;
            } & {
                [key: string]: unknown;
            };
        };
        "Messages.ContentBlockStartEvent": {
            /** @enum {string} */
            type: "content_block_start";
            /** Format: int32 */
            index: number;
            content_block: components["schemas"]["Messages.ContentBlock"];
        };
        "Messages.ContentBlockStopEvent": {
            /** @enum {string} */
            type: "content_block_stop";
            /** Format: int32 */
            index: number;
        };
        /** @description What `POST /v1/messages/count_tokens` takes: a messages request without `max_tokens`. */
        "Messages.CountTokensRequest": {
            /** @description Plain model id, or `<group_identifier>/<model_id>` when group-identifier routing is enabled. */
            model: string;
            messages: components["schemas"]["Messages.InputMessage"][];
            system?: string | components["schemas"]["Messages.ContentBlock"][];
        } & {
            [key: string]: unknown;
        };
        "Messages.CountTokensResponse": {
            /** Format: int32 */
            input_tokens: number;
        } & {
            [key: string]: unknown;
        };
        "Messages.ErrorEvent": {
            /** @enum {string} */
            type: "error";
            error: {
                type: string;
                message: string;
            };
        };
        "Messages.InputMessage": {
            /** @description Open set: `user` and `assistant`, and `system` from 1.x SDKs. */
            role: string;
            content: string | components["schemas"]["Messages.ContentBlock"][];
        } & {
            [key: string]: unknown;
        };
        "Messages.Message": {
            id: string;
            /** @enum {string} */
            type: "message";
            /** @enum {string} */
            role: "assistant";
            model: string;
            content: components["schemas"]["Messages.ContentBlock"][];
            stop_sequence: string | null;
            usage: components["schemas"]["Messages.Usage"];
            /** @description Open set: end_turn, max_tokens, stop_sequence, tool_use, pause_turn, refusal, … */
            stop_reason: string;
        } & {
            [key: string]: unknown;
        };
        "Messages.MessageDeltaEvent": {
            /** @enum {string} */
            type: "message_delta";
            delta: {
                stop_reason: string | null;
                stop_sequence?: string | null;
            } & {
                [key: string]: unknown;
            };
            /** @description Cumulative; always carries `output_tokens`. */
            usage: {
                /** Format: int32 */
                output_tokens: number;
            } & {
                [key: string]: unknown;
            };
        };
        "Messages.MessageStartEvent": {
            /** @enum {string} */
            type: "message_start";
            message: components["schemas"]["Messages.StreamMessage"];
        };
        "Messages.MessageStopEvent": {
            /** @enum {string} */
            type: "message_stop";
        };
        /**
         * @description One server-sent event of an Anthropic stream. The SSE `event:` line repeats `type`; the SDKs
         *     dispatch on that line, so the relay always sends it.
         */
        "Messages.MessageStreamEvent": components["schemas"]["Messages.MessageStartEvent"] | components["schemas"]["Messages.ContentBlockStartEvent"] | components["schemas"]["Messages.ContentBlockDeltaEvent"] | components["schemas"]["Messages.ContentBlockStopEvent"] | components["schemas"]["Messages.MessageDeltaEvent"] | components["schemas"]["Messages.MessageStopEvent"] | components["schemas"]["Messages.PingEvent"] | components["schemas"]["Messages.ErrorEvent"];
        "Messages.MessagesRequest": {
            /** @description Plain model id, or `<group_identifier>/<model_id>` when group-identifier routing is enabled. */
            model: string;
            /** Format: int32 */
            max_tokens: number;
            messages: components["schemas"]["Messages.InputMessage"][];
            system?: string | components["schemas"]["Messages.ContentBlock"][];
            /** Format: double */
            temperature?: number;
            /** Format: double */
            top_p?: number;
            /** Format: int32 */
            top_k?: number;
            stop_sequences?: string[];
            stream?: boolean;
        } & {
            [key: string]: unknown;
        };
        "Messages.PingEvent": {
            /** @enum {string} */
            type: "ping";
        };
        "Messages.StreamMessage": {
            id: string;
            /** @enum {string} */
            type: "message";
            /** @enum {string} */
            role: "assistant";
            model: string;
            content: components["schemas"]["Messages.ContentBlock"][];
            stop_sequence: string | null;
            usage: components["schemas"]["Messages.Usage"];
            stop_reason: string | null;
        } & {
            [key: string]: unknown;
        };
        "Messages.Usage": {
            /** Format: int32 */
            input_tokens: number;
            /** Format: int32 */
            output_tokens: number;
            /**
             * Format: int32
             * @description Every cache write; `cache_creation` splits it by the cache's lifetime.
             */
            cache_creation_input_tokens?: number | null;
            /** Format: int32 */
            cache_read_input_tokens?: number | null;
            /** @description Cache writes by lifetime: 1-hour writes are billed at the model's `cache_write_1h` price. */
            cache_creation?: components["schemas"]["Messages.CacheCreation"] | null;
        } & {
            [key: string]: unknown;
        };
        "ModelLists.AnthropicModel": {
            /** @enum {string} */
            type: "model";
            id: string;
            display_name: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: int32
             * @description The model's context window, from the gateway's capability catalog (and the operator's changes).
             */
            max_input_tokens: number | null;
            /**
             * Format: int32
             * @description The most `max_tokens` a call gets: a call asking more is sent with this many.
             */
            max_tokens: number | null;
        };
        "ModelLists.AnthropicModelList": {
            data: components["schemas"]["ModelLists.AnthropicModel"][];
            has_more: boolean;
            first_id: string | null;
            last_id: string | null;
        };
        "ModelLists.GeminiModel": {
            /** @description `models/<id>` */
            name: string;
            displayName: string;
            description?: string;
            /**
             * Format: int32
             * @description From the gateway's capability catalog (and the operator's changes), as Gemini reports its own.
             */
            inputTokenLimit?: number;
            /**
             * Format: int32
             * @description The most output tokens a call gets: a call asking more is sent with this many.
             */
            outputTokenLimit?: number;
            /** @description Whether the model thinks. */
            thinking?: boolean;
            supportedGenerationMethods: string[];
        };
        "ModelLists.GeminiModelList": {
            models: components["schemas"]["ModelLists.GeminiModel"][];
            nextPageToken?: string;
        };
        "ModelLists.OpenAIModel": {
            id: string;
            /** @enum {string} */
            object: "model";
            /** Format: int64 */
            created: number;
            owned_by: string;
        };
        "ModelLists.OpenAIModelList": {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["ModelLists.OpenAIModel"][];
        };
        /** @description OpenAI-style error body, used by chat completions, responses and the Bearer model list. */
        OpenAIError: {
            error: {
                message: string;
                type: string;
                param: string | null;
                code: string | null;
            };
        };
        /** @description What `POST /v1/responses/compact` takes: the conversation to compact, as a response's request names it. */
        "Responses.CompactRequest": {
            /** @description Plain model id, or `<group_identifier>/<model_id>`. */
            model: string;
            input?: string | components["schemas"]["Responses.InputItem"][];
            instructions?: string | null;
            previous_response_id?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** @description A compacted conversation: the input's user messages, then one `compaction` item. */
        "Responses.CompactedResponse": {
            id: string;
            /** @enum {string} */
            object: "response.compaction";
            /** Format: int64 */
            created_at: number;
            output: components["schemas"]["Responses.OutputItem"][];
            usage: components["schemas"]["Responses.ResponseUsage"];
        } & {
            [key: string]: unknown;
        };
        "Responses.InputItem": {
            /** @description Open set: message (may be omitted), function_call, function_call_output, reasoning, … */
            type?: string;
            role?: string;
        } & {
            [key: string]: unknown;
        };
        "Responses.InputTokensCount": {
            /** @enum {string} */
            object: "response.input_tokens";
            /** Format: int32 */
            input_tokens: number;
        };
        /** @description What `POST /v1/responses/input_tokens` takes: a response's request without what only generating needs. */
        "Responses.InputTokensRequest": {
            /** @description Plain model id, or `<group_identifier>/<model_id>`: the count is the serving model's. */
            model: string;
            input?: string | components["schemas"]["Responses.InputItem"][];
            instructions?: string | null;
        } & {
            [key: string]: unknown;
        };
        "Responses.OutputItem": {
            /** @description Open set: message, function_call, reasoning, … */
            type: string;
        } & {
            [key: string]: unknown;
        };
        "Responses.Response": {
            id: string;
            /**
             * @description Always `response`: openai-node computes `output_text` only for objects that say so.
             * @enum {string}
             */
            object: "response";
            /** Format: int64 */
            created_at: number;
            /** @description Open set: completed, failed, in_progress, cancelled, queued, incomplete. */
            status: string;
            model: string;
            output: components["schemas"]["Responses.OutputItem"][];
            error?: {
                code: string;
                message: string;
            } | null;
            usage?: components["schemas"]["Responses.ResponseUsage"] | null;
        } & {
            [key: string]: unknown;
        };
        "Responses.ResponseRequest": {
            /** @description Plain model id, or `<group_identifier>/<model_id>`. */
            model: string;
            input?: string | components["schemas"]["Responses.InputItem"][];
            instructions?: string | null;
            stream?: boolean | null;
            /** Format: int32 */
            max_output_tokens?: number | null;
            /** Format: double */
            temperature?: number | null;
            /** Format: double */
            top_p?: number | null;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description One event of a Responses stream: `event: <type>` plus this JSON as `data`. `sequence_number`
         *     starts at 0 and counts every event; the stream ends without `[DONE]`.
         */
        "Responses.ResponseStreamEvent": {
            /** @description response.created, response.output_text.delta, response.completed, error, … */
            type: string;
            /** Format: int32 */
            sequence_number: number;
            /** @description Present on response.created / in_progress / completed / incomplete / failed. */
            response?: components["schemas"]["Responses.Response"];
        } & {
            [key: string]: unknown;
        };
        "Responses.ResponseUsage": {
            /** Format: int32 */
            input_tokens: number;
            /** Format: int32 */
            output_tokens: number;
            /** Format: int32 */
            total_tokens: number;
            input_tokens_details?: {
                /** Format: int32 */
                cached_tokens?: number;
            } & {
                [key: string]: unknown;
            };
            output_tokens_details?: {
                /** Format: int32 */
                reasoning_tokens?: number;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createChatCompletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Chat.ChatCompletionRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Chat.ChatCompletion"];
                    "text/event-stream": components["schemas"]["Chat.ChatCompletionChunk"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
        };
    };
    createEmbedding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Embeddings.EmbeddingRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Embeddings.EmbeddingList"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
        };
    };
    createMessage: {
        parameters: {
            query?: {
                beta?: string;
            };
            header: {
                /** @description Required as by the vendor; any value is accepted and forwarded (2023-06-01 is the documented one, 1.x SDKs send newer dates). */
                "anthropic-version": string;
                "anthropic-beta"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Messages.MessagesRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages.Message"];
                    "text/event-stream": components["schemas"]["Messages.MessageStreamEvent"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
        };
    };
    countMessageTokens: {
        parameters: {
            query?: {
                beta?: string;
            };
            header: {
                "anthropic-version": string;
                "anthropic-beta"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Messages.CountTokensRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages.CountTokensResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnthropicError"];
                };
            };
        };
    };
    listModels: {
        parameters: {
            query?: {
                after_id?: string;
                before_id?: string;
                limit?: number;
                pageSize?: number;
                pageToken?: string;
            };
            header?: {
                "anthropic-version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelLists.OpenAIModelList"] | components["schemas"]["ModelLists.AnthropicModelList"] | components["schemas"]["ModelLists.GeminiModelList"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
        };
    };
    getModelInGroup: {
        parameters: {
            query?: never;
            header?: {
                "anthropic-version"?: string;
            };
            path: {
                group: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelLists.OpenAIModel"] | components["schemas"]["ModelLists.AnthropicModel"] | components["schemas"]["ModelLists.GeminiModel"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1Count_countTokensInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.CountTokensRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.CountTokensResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1_generateInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1_streamInGroup: {
        parameters: {
            query: {
                alt: "sse";
            };
            header?: never;
            path: {
                group: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description `text/event-stream` (with `alt=sse`): each `data:` is one GenerateContentResponse chunk. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    getSlashedModelInGroup: {
        parameters: {
            query?: never;
            header?: {
                "anthropic-version"?: string;
            };
            path: {
                group: string;
                owner: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelLists.OpenAIModel"] | components["schemas"]["ModelLists.AnthropicModel"] | components["schemas"]["ModelLists.GeminiModel"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1Count_countTokensSlashedInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                owner: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.CountTokensRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.CountTokensResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1_generateSlashedInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                owner: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1_streamSlashedInGroup: {
        parameters: {
            query: {
                alt: "sse";
            };
            header?: never;
            path: {
                group: string;
                owner: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description `text/event-stream` (with `alt=sse`): each `data:` is one GenerateContentResponse chunk. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    getModel: {
        parameters: {
            query?: never;
            header?: {
                "anthropic-version"?: string;
            };
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelLists.OpenAIModel"] | components["schemas"]["ModelLists.AnthropicModel"] | components["schemas"]["ModelLists.GeminiModel"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"] | components["schemas"]["AnthropicError"] | components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1Count_countTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.CountTokensRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.CountTokensResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1_generate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1_stream: {
        parameters: {
            query: {
                /**
                 * @description Must be `sse` (what the SDKs send). Deviation: the vendor's default JSON-array stream is not
                 *     offered, so a request without `alt=sse` gets a 400 that says so rather than another format.
                 */
                alt: "sse";
            };
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description `text/event-stream` (with `alt=sse`): each `data:` is one GenerateContentResponse chunk. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    createResponse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Responses.ResponseRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Responses.Response"];
                    "text/event-stream": components["schemas"]["Responses.ResponseStreamEvent"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
        };
    };
    compactResponse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Responses.CompactRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Responses.CompactedResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
        };
    };
    countResponseInputTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Responses.InputTokensRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Responses.InputTokensCount"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
        };
    };
    listGeminiModels: {
        parameters: {
            query?: {
                pageSize?: number;
                pageToken?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelLists.GeminiModelList"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    getGeminiModelInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelLists.GeminiModel"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1betaCount_countTokensInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.CountTokensRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.CountTokensResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1beta_generateInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1beta_streamInGroup: {
        parameters: {
            query: {
                alt: "sse";
            };
            header?: never;
            path: {
                group: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description `text/event-stream` (with `alt=sse`): each `data:` is one GenerateContentResponse chunk. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    getGeminiSlashedModelInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                owner: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelLists.GeminiModel"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1betaCount_countTokensSlashedInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                owner: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.CountTokensRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.CountTokensResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1beta_generateSlashedInGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                group: string;
                owner: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1beta_streamSlashedInGroup: {
        parameters: {
            query: {
                alt: "sse";
            };
            header?: never;
            path: {
                group: string;
                owner: string;
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description `text/event-stream` (with `alt=sse`): each `data:` is one GenerateContentResponse chunk. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    getGeminiModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelLists.GeminiModel"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1betaCount_countTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.CountTokensRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.CountTokensResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1beta_generate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
    V1beta_stream: {
        parameters: {
            query: {
                /**
                 * @description Must be `sse` (what the SDKs send). Deviation: the vendor's default JSON-array stream is not
                 *     offered, so a request without `alt=sse` gets a 400 that says so rather than another format.
                 */
                alt: "sse";
            };
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GenerateContent.GenerateContentRequest"];
            };
        };
        responses: {
            /** @description `text/event-stream` (with `alt=sse`): each `data:` is one GenerateContentResponse chunk. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["GenerateContent.GenerateContentResponse"];
                };
            };
            /** @description The server could not understand the request due to invalid syntax. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is unauthorized. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Access is forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description The server cannot find the requested resource. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Client error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Service unavailable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
            /** @description Server error */
            529: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeminiError"];
                };
            };
        };
    };
}
