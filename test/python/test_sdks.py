"""The official Python SDKs against Tollgate with only base URL and key changed: non-streamed,
streamed (raw and through the SDKs' stream helpers, sync and async), and the typed error for a
wrong key. Each case reports the usage its SDK saw; the vitest wrapper compares it with the ledger.

Case names (the first argument of `report`, and the keys of TOLLGATE_KEYS) are shared with
test/sdk/python-sdks.test.ts."""

import asyncio

import anthropic
import openai
import pytest
from google import genai
from google.genai import errors as genai_errors
from google.genai import types

ANTHROPIC_REPLY = "Hello from the Anthropic mock."
OPENAI_REPLY = "Hello from the OpenAI mock."
GEMINI_REPLY = "Hello from the Gemini mock."
WRONG_KEY = "tg-this-key-is-not-known-to-tollgate"

# max_retries=0 only so that a failure shows at once instead of after retries; it changes nothing on
# the wire of a successful call.


def claude(url: str, key: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key=key, base_url=url, max_retries=0)


def claude_async(url: str, key: str) -> anthropic.AsyncAnthropic:
    return anthropic.AsyncAnthropic(api_key=key, base_url=url, max_retries=0)


def gpt(url: str, key: str) -> openai.OpenAI:
    return openai.OpenAI(api_key=key, base_url=f"{url}/v1", max_retries=0)


def gpt_async(url: str, key: str) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(api_key=key, base_url=f"{url}/v1", max_retries=0)


def gemini(url: str, key: str, api_version: str | None = None) -> genai.Client:
    """api_version None is the SDK's default: v1 in google-genai 3.x (asserted below), so the
    default cases call /v1/models/…, the others /v1beta/models/…."""
    options = types.HttpOptions(base_url=url, api_version=api_version) if api_version else types.HttpOptions(base_url=url)
    client = genai.Client(api_key=key, http_options=options)
    assert client._api_client._http_options.api_version == (api_version or "v1")
    return client


def gemini_usage(usage: types.GenerateContentResponseUsageMetadata) -> tuple[int, int]:
    """Billed input and output: prompt (+ tool-use prompt), candidates + thoughts (wire-formats §6.1)."""
    return (
        usage.prompt_token_count + (usage.tool_use_prompt_token_count or 0),
        usage.candidates_token_count + (usage.thoughts_token_count or 0),
    )


# ---- Family A: anthropic ----------------------------------------------------------------------


def test_anthropic_create(url, keys, prompt, report):
    message = claude(url, keys["anthropic_create"]).messages.create(
        model="claude-sonnet-4-6", max_tokens=100, messages=[{"role": "user", "content": prompt}]
    )
    assert message.type == "message" and message.role == "assistant"
    assert [(block.type, block.text) for block in message.content] == [("text", ANTHROPIC_REPLY)]
    assert message.stop_reason == "end_turn"
    assert message._request_id
    report("anthropic_create", message.usage.input_tokens, message.usage.output_tokens, "claude-sonnet-4-6", False)


def test_anthropic_create_stream_raw(url, keys, prompt, report):
    stream = claude(url, keys["anthropic_stream_raw"]).messages.create(
        model="claude-sonnet-4-6", max_tokens=100, messages=[{"role": "user", "content": prompt}], stream=True
    )
    types_seen, text, input_tokens, output_tokens, stop_reason = [], "", None, None, None
    for event in stream:
        types_seen.append(event.type)
        if event.type == "message_start":
            input_tokens = event.message.usage.input_tokens
        elif event.type == "content_block_delta" and event.delta.type == "text_delta":
            text += event.delta.text
        elif event.type == "message_delta":
            output_tokens = event.usage.output_tokens
            stop_reason = event.delta.stop_reason
    assert types_seen[0] == "message_start" and types_seen[-1] == "message_stop"
    assert text == ANTHROPIC_REPLY
    assert stop_reason == "end_turn"
    report("anthropic_stream_raw", input_tokens, output_tokens, "claude-sonnet-4-6", True)


def test_anthropic_stream_helper(url, keys, prompt, report):
    with claude(url, keys["anthropic_stream"]).messages.stream(
        model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": prompt}]
    ) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == ANTHROPIC_REPLY
    assert final.content[0].text == ANTHROPIC_REPLY
    assert final.stop_reason == "end_turn"
    report("anthropic_stream", final.usage.input_tokens, final.usage.output_tokens, "claude-haiku-4-5", True)


def test_anthropic_stream_helper_async(url, keys, prompt, report):
    async def run():
        async with claude_async(url, keys["anthropic_stream_async"]).messages.stream(
            model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": prompt}]
        ) as stream:
            text = "".join([chunk async for chunk in stream.text_stream])
            return text, await stream.get_final_message()

    text, final = asyncio.run(run())
    assert text == ANTHROPIC_REPLY
    assert final.content[0].text == ANTHROPIC_REPLY
    report("anthropic_stream_async", final.usage.input_tokens, final.usage.output_tokens, "claude-haiku-4-5", True)


def test_anthropic_wrong_key(url):
    with pytest.raises(anthropic.AuthenticationError) as raised:
        claude(url, WRONG_KEY).messages.create(model="claude-sonnet-4-6", max_tokens=10, messages=[{"role": "user", "content": "x"}])
    assert raised.value.status_code == 401
    assert raised.value.body["type"] == "error"
    assert raised.value.body["error"]["type"] == "authentication_error"


# ---- Family B: openai (chat completions and responses) ------------------------------------------


def test_openai_chat(url, keys, prompt, report):
    completion = gpt(url, keys["openai_chat"]).chat.completions.create(model="gpt-5", messages=[{"role": "user", "content": prompt}])
    assert completion.object == "chat.completion"
    assert completion.choices[0].message.content == OPENAI_REPLY
    assert completion.choices[0].finish_reason == "stop"
    report("openai_chat", completion.usage.prompt_tokens, completion.usage.completion_tokens, "gpt-5", False)


def test_openai_chat_stream_raw(url, keys, prompt, report):
    stream = gpt(url, keys["openai_chat_stream"]).chat.completions.create(
        model="gpt-5", messages=[{"role": "user", "content": prompt}], stream=True, stream_options={"include_usage": True}
    )
    text, usage, finish_reason = "", None, None
    for chunk in stream:
        if chunk.choices:
            text += chunk.choices[0].delta.content or ""
            finish_reason = chunk.choices[0].finish_reason or finish_reason
        if chunk.usage:
            assert usage is None, "more than one usage chunk"
            assert chunk.choices == []
            usage = chunk.usage
    assert text == OPENAI_REPLY
    assert finish_reason == "stop"
    report("openai_chat_stream", usage.prompt_tokens, usage.completion_tokens, "gpt-5", True)


def test_openai_chat_stream_helper(url, keys, prompt, report):
    with gpt(url, keys["openai_chat_stream_helper"]).chat.completions.stream(
        model="gpt-5", messages=[{"role": "user", "content": prompt}], stream_options={"include_usage": True}
    ) as stream:
        deltas = [event.delta for event in stream if event.type == "content.delta"]
        final = stream.get_final_completion()
    assert "".join(deltas) == OPENAI_REPLY
    assert final.choices[0].message.content == OPENAI_REPLY
    assert final.choices[0].finish_reason == "stop"
    report("openai_chat_stream_helper", final.usage.prompt_tokens, final.usage.completion_tokens, "gpt-5", True)


def test_openai_responses(url, keys, prompt, report):
    response = gpt(url, keys["openai_responses"]).responses.create(model="gpt-5", input=prompt)
    assert response.object == "response"
    assert response.status == "completed"
    assert response.output_text == OPENAI_REPLY
    report("openai_responses", response.usage.input_tokens, response.usage.output_tokens, "gpt-5", False)


def test_openai_responses_stream_helper(url, keys, prompt, report):
    with gpt(url, keys["openai_responses_stream"]).responses.stream(model="gpt-4.1", input=prompt) as stream:
        events = list(stream)
        final = stream.get_final_response()
    assert events[0].type == "response.created" and events[-1].type == "response.completed"
    assert [event.sequence_number for event in events] == list(range(len(events)))
    assert "".join(event.delta for event in events if event.type == "response.output_text.delta") == OPENAI_REPLY
    assert final.status == "completed"
    assert final.output_text == OPENAI_REPLY
    report("openai_responses_stream", final.usage.input_tokens, final.usage.output_tokens, "gpt-4.1", True)


def test_openai_responses_stream_helper_async(url, keys, prompt, report):
    async def run():
        async with gpt_async(url, keys["openai_responses_stream_async"]).responses.stream(model="gpt-5", input=prompt) as stream:
            deltas = [event.delta async for event in stream if event.type == "response.output_text.delta"]
            return deltas, await stream.get_final_response()

    deltas, final = asyncio.run(run())
    assert "".join(deltas) == OPENAI_REPLY
    assert final.output_text == OPENAI_REPLY
    report("openai_responses_stream_async", final.usage.input_tokens, final.usage.output_tokens, "gpt-5", True)


def test_openai_responses_compact(url, keys, prompt, report):
    compacted = gpt(url, keys["openai_responses_compact"]).responses.compact(model="gpt-5", input=prompt)
    assert compacted.object == "response.compaction"
    assert [item.type for item in compacted.output] == ["message", "compaction"]
    assert compacted.output[0].role == "user"
    assert compacted.output[1].encrypted_content
    report("openai_responses_compact", compacted.usage.input_tokens, compacted.usage.output_tokens, "gpt-5", False)


def test_openai_wrong_key(url):
    with pytest.raises(openai.AuthenticationError) as raised:
        gpt(url, WRONG_KEY).chat.completions.create(model="gpt-5", messages=[{"role": "user", "content": "x"}])
    assert raised.value.status_code == 401
    assert raised.value.message


def test_openai_responses_wrong_key(url):
    with pytest.raises(openai.AuthenticationError) as raised:
        gpt(url, WRONG_KEY).responses.create(model="gpt-5", input="x")
    assert raised.value.status_code == 401


# ---- Family C: google-genai ---------------------------------------------------------------------
# The client is kept in a local: google-genai closes its HTTP client when the Client is collected.


@pytest.mark.parametrize("api_version", [None, "v1beta"], ids=["v1", "v1beta"])
def test_genai_generate_content(url, keys, prompt, report, api_version):
    case = f"genai_generate_{api_version or 'v1'}"
    client = gemini(url, keys[case], api_version)
    response = client.models.generate_content(model="gemini-2.5-flash", contents=prompt)
    assert response.text == GEMINI_REPLY
    assert response.candidates[0].finish_reason == types.FinishReason.STOP
    report(case, *gemini_usage(response.usage_metadata), "gemini-2.5-flash", False)


@pytest.mark.parametrize("api_version", [None, "v1beta"], ids=["v1", "v1beta"])
def test_genai_generate_content_stream(url, keys, prompt, report, api_version):
    case = f"genai_stream_{api_version or 'v1'}"
    client = gemini(url, keys[case], api_version)
    chunks = list(client.models.generate_content_stream(model="gemini-2.5-pro", contents=prompt))
    assert len(chunks) > 1, "the stream arrived as one chunk"
    assert "".join(chunk.text or "" for chunk in chunks) == GEMINI_REPLY
    assert chunks[-1].candidates[0].finish_reason == types.FinishReason.STOP
    usage = next(chunk.usage_metadata for chunk in reversed(chunks) if chunk.usage_metadata)
    report(case, *gemini_usage(usage), "gemini-2.5-pro", True)


def test_genai_generate_content_stream_async(url, keys, prompt, report):
    client = gemini(url, keys["genai_stream_async"])

    async def run():
        return [chunk async for chunk in await client.aio.models.generate_content_stream(model="gemini-2.5-flash", contents=prompt)]

    chunks = asyncio.run(run())
    assert "".join(chunk.text or "" for chunk in chunks) == GEMINI_REPLY
    usage = next(chunk.usage_metadata for chunk in reversed(chunks) if chunk.usage_metadata)
    report("genai_stream_async", *gemini_usage(usage), "gemini-2.5-flash", True)


@pytest.mark.parametrize("api_version", [None, "v1beta"], ids=["v1", "v1beta"])
def test_genai_wrong_key(url, api_version):
    client = gemini(url, WRONG_KEY, api_version)
    with pytest.raises(genai_errors.ClientError) as raised:
        client.models.generate_content(model="gemini-2.5-flash", contents="x")
    assert raised.value.code == 401
    assert raised.value.status == "UNAUTHENTICATED"
