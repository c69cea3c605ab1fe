/**
 * Where a webhook may go (decision 0123). A URL is https, or plain http to a loopback host for
 * development; a delivery connects only to a public unicast address — never loopback, private
 * (RFC 1918, fc00::/7), link-local (169.254/16 and the cloud metadata address, fe80::/10), CGNAT,
 * unspecified, multicast or reserved — unless WEBHOOK_ALLOW_NETWORKS names its range. Checked on
 * the resolved address at each connection: the agent's `lookup` (deliveries.ts) resolves, checks,
 * and the socket connects to that very address, so a name cannot resolve to a public address for
 * the check and to a private one for the connection.
 */
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import proxyAddr from "proxy-addr";

/** ipaddr.js's range names as an admin reads them. */
const RANGE_WORDS: Record<string, string> = {
  loopback: "a loopback address (this machine)",
  private: "a private network address",
  uniqueLocal: "a private network address (IPv6 unique local)",
  linkLocal: "a link-local address (the cloud metadata service is one)",
  carrierGradeNat: "a carrier-grade NAT address",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  reserved: "a reserved address",
};

export class WebhookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookAddressError";
  }
}

/** An address with IPv4-mapped IPv6 (::ffff:a.b.c.d) read as the IPv4 address it is. */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const ip = ipaddr.parse(address);
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

export class WebhookAddressPolicy {
  private readonly allowed: (address: string) => boolean;

  /** `allow`: WEBHOOK_ALLOW_NETWORKS, addresses/CIDRs in TRUST_PROXY's syntax (proxy-addr). */
  constructor(allow: readonly string[]) {
    const trust = proxyAddr.compile([...allow]);
    this.allowed = (address) => trust(address, 0);
  }

  /** Why a delivery may not connect to `address`, or undefined when it may. */
  refusal(address: string): string | undefined {
    if (!net.isIP(address)) return `"${address}" is not an IP address`;
    const ip = parsed(address);
    const range = ip.range();
    if (range === "unicast" || this.allowed(ip.toString())) return undefined;
    return `${ip.toString()} is ${RANGE_WORDS[range] ?? "a special-purpose address"}; webhooks go only to public addresses unless WEBHOOK_ALLOW_NETWORKS allows its range`;
  }

  /** True when `address` is loopback and allowed (plain http is accepted only then). */
  private loopbackAllowed(address: string): boolean {
    const ip = parsed(address);
    return ip.range() === "loopback" && this.allowed(ip.toString());
  }

  /**
   * The URL an admin saves, checked: https (or http to an allowed loopback address), no
   * credentials, and a host whose every address may be connected to now. Returns the URL as
   * normalized by the URL parser; throws WebhookAddressError in words.
   */
  async checkUrl(value: string, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<string> {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new WebhookAddressError("This is not a URL. Give the full address, e.g. https://crm.example.com/hooks/heavyroute.");
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new WebhookAddressError("The URL must start with https://.");
    if (url.username || url.password) throw new WebhookAddressError("The URL must not carry a user name or password; the signature authenticates each delivery.");
    const host = hostOf(url);
    const https = "The URL must start with https:// (plain http is accepted only to this machine, for development).";
    if (url.protocol === "http:" && !net.isIP(host) && host !== "localhost") throw new WebhookAddressError(https);
    let addresses: string[];
    try {
      addresses = net.isIP(host) ? [host] : await resolve(host);
    } catch {
      throw new WebhookAddressError(`The host ${host} could not be resolved. Check the URL.`);
    }
    if (addresses.length === 0) throw new WebhookAddressError(`The host ${host} has no address. Check the URL.`);
    for (const address of addresses) {
      const refusal = this.refusal(address);
      if (refusal) throw new WebhookAddressError(`Refused: ${net.isIP(host) ? "" : `${host} resolves to ${address}. `}${refusal}.`);
    }
    if (url.protocol === "http:" && !addresses.every((address) => this.loopbackAllowed(address))) throw new WebhookAddressError(https);
    url.hash = "";
    return url.toString();
  }

  /**
   * A `lookup` for http(s).Agent: resolves, keeps the addresses a delivery may connect to, and
   * fails with the reason when none is left.
   */
  readonly lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, found) => {
      if (error) return callback(error, "", 0);
      const permitted = found.filter((entry) => this.refusal(entry.address) === undefined);
      if (permitted.length === 0) {
        const reason = found[0] ? `${found[0].address}. ${this.refusal(found[0].address)!}` : "no address";
        return callback(Object.assign(new WebhookAddressError(`refused: ${hostname} resolves to ${reason}`), { code: "EWEBHOOKADDRESS" }), "", 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, permitted);
      callback(null, permitted[0]!.address, permitted[0]!.family);
    });
  };
}

/** A URL's host without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1");

const resolveAll = async (host: string): Promise<string[]> => (await dns.promises.lookup(host, { all: true })).map((entry) => entry.address);
