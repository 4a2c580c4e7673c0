// Every call of the console goes through the typed client generated from the contract.
import { consoleClient } from "../../client/index.ts";
import type { ConsoleComponents } from "../../client/index.ts";

export const api = consoleClient({ baseUrl: location.origin });

export type Schemas = ConsoleComponents["schemas"];
export type Me = Schemas["Me"];

type Result<T> = { data?: T; error?: { error?: { message?: string; field?: string } }; response: Response };

/** Fired when the session has ended (expired, or signed out elsewhere): the app shows the sign-in page. */
export const sessionEnded = "tollgate:session-ended";

/** The data of a console call, or an Error carrying the server's message (which names the remedy). */
export async function ok<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.status === 401 && !new URL(response.url).pathname.startsWith("/api/session")) dispatchEvent(new Event(sessionEnded));
  if (error || data === undefined) {
    const failure = new Error(error?.error?.message ?? `The server answered ${response.status}. Try again.`);
    (failure as Error & { status?: number; field?: string }).status = response.status;
    (failure as Error & { field?: string }).field = error?.error?.field;
    throw failure;
  }
  return data;
}
