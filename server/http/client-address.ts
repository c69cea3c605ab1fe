import { isIPv4, isIPv6 } from "node:net";
import type { Request } from "express";

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail becomes two groups). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split("%")[0] ?? "";
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (ipv4Tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Tail[1].split(".").map(Number);
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const groups = [...start, ...Array<number>(Math.max(0, 8 - start.length - end.length)).fill(0), ...end];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * The key every per-IP limit counts under. An IPv4 address is itself (also when it arrives as an
 * IPv4-mapped IPv6 address, ::ffff:a.b.c.d); an IPv6 address counts as its /64, the block one
 * subscriber usually holds whole, so rotating through it gains nothing.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return "unknown";
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The request's client as per-IP limits see it (`req.ip` believes only the trusted proxies). */
export const requestClientKey = (req: Request): string => clientKey(req.ip ?? req.socket.remoteAddress);
