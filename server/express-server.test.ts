import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverFor } from "./express-server.ts";

describe("the worker's HTTP server", () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands Express requests and responses that already have the app's prototypes", async () => {
    const app = express();
    app.get("/hello", (req, res) => void res.json({ app: req.app === app && res.app === app, path: req.path, ip: typeof req.ip }));
    const server = serverFor(app);
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    // Every prototype Express sets from now on, and whether it was a change.
    const changes: boolean[] = [];
    const setPrototypeOf = Object.setPrototypeOf;
    vi.spyOn(Object, "setPrototypeOf").mockImplementation((object: object, prototype: object | null) => {
      changes.push(Object.getPrototypeOf(object) !== prototype);
      return setPrototypeOf(object, prototype);
    });
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hello`);
      expect(await answer.json()).toEqual({ app: true, path: "/hello", ip: "string" });
      expect(changes.length).toBeGreaterThanOrEqual(2); // Express still sets both
      expect(changes).not.toContain(true);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
