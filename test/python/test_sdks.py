"""The official Python SDKs against Tollgate with only base URL and key changed: non-streamed,
streamed (with the SDKs' stream helpers), and the typed error for a wrong key."""

import anthropic
import openai
import pytest
from google import genai
from google.genai import errors as genai_errors
from google.genai import types

PROMPT = "Hello there, gateway: please greet me."
WRONG_KEY = "tg-this-key-is-not-known-to-tollgate"


def claude(url: str, key: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key=key, base_url=url, max_retries=0)


def gpt(url: str, key: str) -> openai.OpenAI:
    return openai.OpenAI(api_key=key, base_url=f"{url}/v1", max_retries=0)


def gemini(url: str, key: str, api_version: str | None = None) -> genai.Client:
    options = types.HttpOptions(base_url=url, api_version=api_version) if api_version else types.HttpOptions(base_url=url)
    return genai.Client(api_key=key, http_options=options)


def test_anthropic_create(url, keys, report):
    message = claude(url, keys["anthropic_create"]).messages.create(
        model="claude-sonnet-4-6", max_tokens=100, messages=[{"role": "user", "content": PROMPT}]
    )
    assert message.content[0].text == "Hello from the Anthropic mock."
    report("anthropic_create", message.usage.input_tokens, message.usage.output_tokens)


def test_anthropic_stream_helper(url, keys, report):
    with claude(url, keys["anthropic_stream"]).messages.stream(
        model="claude-haiku-4-5", max_tokens=100, messages=[{"role": "user", "content": PROMPT}]
    ) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == "Hello from the Anthropic mock."
    assert final.content[0].text == text
    report("anthropic_stream", final.usage.input_tokens, final.usage.output_tokens)


def test_anthropic_wrong_key(url):
    with pytest.raises(anthropic.AuthenticationError):
        claude(url, WRONG_KEY).messages.create(model="claude-sonnet-4-6", max_tokens=10, messages=[{"role": "user", "content": "x"}])


def test_openai_chat(url, keys, report):
    completion = gpt(url, keys["openai_chat"]).chat.completions.create(model="gpt-5", messages=[{"role": "user", "content": PROMPT}])
    assert completion.choices[0].message.content == "Hello from the OpenAI mock."
    report("openai_chat", completion.usage.prompt_tokens, completion.usage.completion_tokens)


def test_openai_chat_stream(url, keys, report):
    stream = gpt(url, keys["openai_chat_stream"]).chat.completions.create(
        model="gpt-5", messages=[{"role": "user", "content": PROMPT}], stream=True, stream_options={"include_usage": True}
    )
    text, usage = "", None
    for chunk in stream:
        if chunk.choices:
            text += chunk.choices[0].delta.content or ""
        if chunk.usage:
            usage = chunk.usage
    assert text == "Hello from the OpenAI mock."
    report("openai_chat_stream", usage.prompt_tokens, usage.completion_tokens)


def test_openai_responses(url, keys, report):
    response = gpt(url, keys["openai_responses"]).responses.create(model="gpt-5", input=PROMPT)
    assert response.output_text == "Hello from the OpenAI mock."
    report("openai_responses", response.usage.input_tokens, response.usage.output_tokens)


def test_openai_responses_stream_helper(url, keys, report):
    with gpt(url, keys["openai_responses_stream"]).responses.stream(model="gpt-5", input=PROMPT) as stream:
        deltas = [event.delta for event in stream if event.type == "response.output_text.delta"]
        final = stream.get_final_response()
    assert "".join(deltas) == "Hello from the OpenAI mock."
    assert final.output_text == "Hello from the OpenAI mock."
    report("openai_responses_stream", final.usage.input_tokens, final.usage.output_tokens)


def test_openai_wrong_key(url):
    with pytest.raises(openai.AuthenticationError):
        gpt(url, WRONG_KEY).chat.completions.create(model="gpt-5", messages=[{"role": "user", "content": "x"}])


def test_genai_generate_content(url, keys, report):
    # Keep the client referenced: google-genai closes its HTTP client when the Client is collected.
    client = gemini(url, keys["genai_generate"])
    response = client.models.generate_content(model="gemini-2.5-flash", contents=PROMPT)
    assert response.text == "Hello from the Gemini mock."
    usage = response.usage_metadata
    report("genai_generate", usage.prompt_token_count, usage.candidates_token_count + (usage.thoughts_token_count or 0))


def test_genai_generate_content_stream_v1beta(url, keys, report):
    text, usage = "", None
    client = gemini(url, keys["genai_stream"], api_version="v1beta")
    for chunk in client.models.generate_content_stream(model="gemini-2.5-pro", contents=PROMPT):
        text += chunk.text or ""
        usage = chunk.usage_metadata or usage
    assert text == "Hello from the Gemini mock."
    report("genai_stream", usage.prompt_token_count, usage.candidates_token_count + (usage.thoughts_token_count or 0))


def test_genai_wrong_key(url):
    client = gemini(url, WRONG_KEY)
    with pytest.raises(genai_errors.ClientError) as raised:
        client.models.generate_content(model="gemini-2.5-flash", contents="x")
    assert raised.value.code == 401
