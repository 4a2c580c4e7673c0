// Where an organization's webhook may not point: at the machine that sends it or its network
// (loopback, private ranges, link-local with the clouds' metadata service, IPv6 unique and
// link-local). An owner chooses the URL; without this, the primary would POST wherever it says,
// to services that trust callers from inside. A host name is checked by what it resolves to, at
// connection time, and the socket connects to the very address checked (no second lookup a DNS
// answer with a short TTL could swap).
import { lookup as dnsLookup } from "node:dns";
import { BlockList, type LookupFunction, isIP } from "node:net";

const internal = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network": 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT; some clouds' metadata lives here
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, with 169.254.169.254 (cloud metadata)
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 3], // multicast, reserved and broadcast
] as const) {
  internal.addSubnet(network, prefix, "ipv4");
}
internal.addAddress("::", "ipv6");
internal.addAddress("::1", "ipv6");
internal.addSubnet("fc00::", 7, "ipv6"); // unique local
internal.addSubnet("fe80::", 10, "ipv6"); // link-local
internal.addSubnet("ff00::", 8, "ipv6"); // multicast

/** What the refusal is logged as: it names the setting that allows it. */
export const internalTargetRefused = "the webhook's host is or resolves to a loopback, private or link-local address; TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL=true allows that for organizations' hooks";

/** A connection refused because its address is internal (the lookup's error). */
export class InternalTargetError extends Error {
  readonly code = "ERR_INTERNAL_WEBHOOK_TARGET";
  constructor() {
    super(internalTargetRefused);
    this.name = "InternalTargetError";
  }
}

/** Whether `host` (a URL's hostname: an IPv6 address in brackets) is an internal address. A name is not an address: false. */
export function isInternalTarget(host: string): boolean {
  const address = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked as the IPv4 address it carries.
  return internal.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The `lookup` for the delivery's sockets: resolves with `resolve` (dns.lookup unless given) and,
 * when `refuseInternal`, fails with InternalTargetError if any address the name has is internal.
 */
export function checkedLookup(refuseInternal: boolean, resolve: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) return void callback(error, "", 0);
      const addresses = Array.isArray(found) ? found : [{ address: found as string, family: isIP(found as string) }];
      if (addresses.length === 0) return void callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      // Any internal address refuses the name: which one a connection would take is not ours to pick.
      if (refuseInternal && addresses.some(({ address }) => isInternalTarget(address))) return void callback(new InternalTargetError(), "", 0);
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
