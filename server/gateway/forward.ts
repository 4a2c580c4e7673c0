// The seam between admission (auth, route) and the upstream call. Until channels exist, every
// admitted request ends here with 503; the relay issue replaces `noChannelForwarder`.
import type { Request, Response } from "express";
import type { Interface } from "../domain/families.ts";
import { gatewayError } from "../domain/errors.ts";
import type { Caller } from "./middleware/authenticate.ts";
import type { Route } from "./resolve-route.ts";

export type RelayCall = { iface: Exclude<Interface, "models">; caller: Caller; route: Route; stream: boolean; requestId: string };

export type Forwarder = (call: RelayCall, req: Request, res: Response) => Promise<void>;

export const noChannelForwarder: Forwarder = async (call) => {
  throw gatewayError(
    "no_channel",
    `No available channel serves model "${call.route.model.modelId}" in group "${call.route.group.name}". The operator must add an upstream channel for this group.`,
  );
};
