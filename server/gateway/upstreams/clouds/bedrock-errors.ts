// Bedrock's errors, as Anthropic's: an HTTP answer names its type in `x-amzn-errortype`
// (`ValidationException:http://internal.amazon.com/coral/…`) with `{"message"}` as its body, and a
// stream's exception frame in `:exception-type` (`throttlingException`). Each becomes the Anthropic
// error type and status that say the same thing, so the relay's one reading of Anthropic errors
// decides: a refusal of the request (ValidationException) reaches the caller without failover;
// throttling, an unready model or an unavailable service fail over and feed the circuit; refused
// credentials are the channel's. Sources: the Bedrock Runtime API reference's InvokeModel and
// InvokeModelWithResponseStream errors (docs.aws.amazon.com/bedrock/latest/APIReference).
import { anthropicErrorBody } from "../../errors/anthropic.ts";

type Meaning = { type: string; status: number };

const meanings: Record<string, Meaning> = {
  validationexception: { type: "invalid_request_error", status: 400 },
  resourcenotfoundexception: { type: "not_found_error", status: 404 },
  // "Your request exceeds the service quota for your account": a quota of this channel's account, which another need not share.
  servicequotaexceededexception: { type: "rate_limit_error", status: 429 },
  throttlingexception: { type: "rate_limit_error", status: 429 },
  modelnotreadyexception: { type: "rate_limit_error", status: 429 },
  serviceunavailableexception: { type: "overloaded_error", status: 529 },
  internalserverexception: { type: "api_error", status: 500 },
  modelstreamerrorexception: { type: "api_error", status: 500 },
  modelerrorexception: { type: "api_error", status: 500 },
  // The model took too long: the upstream's fault, answered as Anthropic's timeout.
  modeltimeoutexception: { type: "timeout_error", status: 504 },
  accessdeniedexception: { type: "permission_error", status: 403 },
  unrecognizedclientexception: { type: "authentication_error", status: 403 },
  invalidsignatureexception: { type: "authentication_error", status: 403 },
  expiredtokenexception: { type: "authentication_error", status: 403 },
};

/** The name before the colon of `x-amzn-errortype`, or a stream's exception type, in any case. */
const meaningOf = (name: string | undefined): Meaning | undefined => (name ? meanings[name.split(":", 1)[0].toLowerCase()] : undefined);

export const bedrockErrorType = (name: string | undefined): string => meaningOf(name)?.type ?? "api_error";

/** What a Bedrock HTTP error answer says: its exception's name (from `x-amzn-errortype`) and message. */
export function bedrockErrorSaid(status: number, text: string, headers: Record<string, string | string[] | undefined>): { name: string | undefined; message: string } {
  const header = headers["x-amzn-errortype"];
  const name = typeof header === "string" ? header.split(":", 1)[0] : undefined;
  let message: unknown;
  try {
    const body = JSON.parse(text);
    message = body?.message ?? body?.Message;
  } catch {
    message = undefined;
  }
  return { name, message: typeof message === "string" && message !== "" ? message : `Bedrock answered ${status}` };
}

/** An HTTP error answer of Bedrock's as Anthropic's body, with the status that means the same. */
export function bedrockErrorAnswer(status: number, text: string, headers: Record<string, string | string[] | undefined>): { status: number; text: string } {
  const { name, message: said } = bedrockErrorSaid(status, text, headers);
  const meaning = meaningOf(name);
  const mapped = meaning?.status ?? status;
  const body = anthropicErrorBody(mapped, name ? `${name}: ${said}` : said, "");
  if (meaning) body.error.type = meaning.type;
  const { request_id: _none, ...withoutRequestId } = body;
  return { status: mapped, text: JSON.stringify(withoutRequestId) };
}
