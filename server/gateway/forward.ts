// The seam between admission (auth, route) and the upstream call (relay-call.ts).
import type { Request, Response } from "express";
import type { Interface } from "../domain/families.ts";
import type { Usage } from "../domain/usage.ts";
import type { Caller } from "./middleware/authenticate.ts";
import type { Route } from "./resolve-route.ts";

export type RelayCall = {
  iface: Exclude<Interface, "models">;
  caller: Caller;
  route: Route;
  stream: boolean;
  requestId: string;
  /** The request log's interface where it is not `iface`: `responses/compact` for a compaction, made as a responses call over loopback (loopback.ts). */
  loggedAs?: string;
  /** Told the call's metered usage when it is settled (the rate limiter counts its tokens). */
  onUsage?: (usage: Usage) => void;
};

export type Forwarder = (call: RelayCall, req: Request, res: Response) => Promise<void>;
