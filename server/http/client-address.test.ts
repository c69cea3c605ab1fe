import { describe, expect, it } from "vitest";
import { clientKey } from "./client-address";

describe("clientKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it.each(["::ffff:203.0.113.7", "::FFFF:203.0.113.7", "0:0:0:0:0:ffff:cb00:7107", "::ffff:cb00:7107"])("counts the IPv4-mapped %s as 203.0.113.7", (address) => {
    expect(clientKey(address)).toBe("203.0.113.7");
  });

  it("counts two addresses of one /64 as one client", () => {
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:aaaa:bbbb:cccc")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2:0:0:0:9%eth0")).toBe("2001:db8:1:2::/64");
  });

  it("counts two /64s as two clients", () => {
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("never throws on what is not an address", () => {
    expect(clientKey(undefined)).toBe("unknown");
    expect(clientKey("not an address")).toBe("not an address");
  });
});
