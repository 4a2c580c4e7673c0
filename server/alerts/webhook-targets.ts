// Where an organization's webhook may not point: at the machine that sends it or its network
// (loopback, private ranges, link-local with the clouds' metadata service, IPv6 unique and
// link-local, and the IPv6 forms that carry such an IPv4 address). An owner chooses the URL; without this, the primary would POST wherever it says,
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
  if (internal.check(address, family === 4 ? "ipv4" : "ipv6")) return true;
  const carried = family === 6 ? carriedIpv4(address) : undefined;
  return carried !== undefined && internal.check(carried, "ipv4");
}

/**
 * The IPv4 address an IPv6 one carries where a translator or tunnel would deliver it there: NAT64's
 * well-known prefix (64:ff9b::/96), 6to4 (2002::/16) and the old IPv4-compatible form (::/96).
 */
function carriedIpv4(address: string): string | undefined {
  const words = ipv6Words(address);
  if (!words) return undefined;
  const dotted = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return dotted(words[6], words[7]);
  if (words[0] === 0x2002) return dotted(words[1], words[2]);
  if (zeros(0, 6) && (words[6] !== 0 || words[7] > 1)) return dotted(words[6], words[7]);
  return undefined;
}

/** An IPv6 address (isIP says it is one) as its eight 16-bit words. */
function ipv6Words(address: string): number[] | undefined {
  let text = address.split("%")[0].toLowerCase();
  const dottedTail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dottedTail) {
    const [a, b, c, d] = dottedTail.slice(1).map(Number);
    text = `${text.slice(0, dottedTail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const part = (side: string | undefined) => (side ? side.split(":").map((word) => parseInt(word, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const words = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return words.length === 8 && words.every((word) => Number.isInteger(word)) ? words : undefined;
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
