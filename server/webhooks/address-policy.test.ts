import { describe, expect, it } from "vitest";
import { WebhookAddressPolicy } from "./address-policy";

const strict = new WebhookAddressPolicy([]);
const resolvesTo = (...addresses: string[]) => () => Promise.resolve(addresses);

describe("WebhookAddressPolicy", () => {
  it.each([
    "127.0.0.1", "::1", "10.0.0.5", "172.16.3.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::", "fe80::1", "fd00:ec2::254", "fc00::1",
    "::ffff:127.0.0.1", "::ffff:10.0.0.5", "224.0.0.1", "255.255.255.255",
  ])("refuses %s", (address) => {
    expect(strict.refusal(address)).toMatch(/WEBHOOK_ALLOW_NETWORKS/);
  });

  it.each(["93.184.215.14", "2606:4700::6810:85e5", "8.8.8.8"])("accepts the public address %s", (address) => {
    expect(strict.refusal(address)).toBeUndefined();
  });

  it("accepts a range the operator allows, and only it", () => {
    const allowing = new WebhookAddressPolicy(["127.0.0.1/32", "10.0.0.0/8"]);
    expect(allowing.refusal("127.0.0.1")).toBeUndefined();
    expect(allowing.refusal("10.0.0.5")).toBeUndefined();
    expect(allowing.refusal("127.0.0.2")).toMatch(/loopback/);
    expect(allowing.refusal("169.254.169.254")).toMatch(/link-local/);
  });

  it("checks a saved URL: https, or http only to an allowed loopback address; every resolved address", async () => {
    await expect(strict.checkUrl("https://crm.example.com/hooks", resolvesTo("93.184.215.14"))).resolves.toBe("https://crm.example.com/hooks");
    await expect(strict.checkUrl("http://crm.example.com/hooks", resolvesTo("93.184.215.14"))).rejects.toThrow(/must start with https/);
    await expect(strict.checkUrl("https://127.0.0.1/hooks")).rejects.toThrow(/loopback/);
    await expect(strict.checkUrl("https://10.0.0.5/hooks")).rejects.toThrow(/private/);
    await expect(strict.checkUrl("https://169.254.169.254/latest/meta-data")).rejects.toThrow(/link-local address \(the cloud metadata service is one\)/);
    await expect(strict.checkUrl("https://[::ffff:7f00:1]/hooks")).rejects.toThrow(/loopback/);
    await expect(strict.checkUrl("https://rebind.example/hooks", resolvesTo("93.184.215.14", "10.1.2.3"))).rejects.toThrow(
      "Refused: rebind.example resolves to 10.1.2.3. 10.1.2.3 is a private network address; webhooks go only to public addresses unless WEBHOOK_ALLOW_NETWORKS allows its range.",
    );
    await expect(strict.checkUrl("ftp://crm.example.com/")).rejects.toThrow(/https/);
    await expect(strict.checkUrl("https://user:pw@crm.example.com/", resolvesTo("93.184.215.14"))).rejects.toThrow(/password/);
    await expect(strict.checkUrl("not a url")).rejects.toThrow(/not a URL/);
    const dev = new WebhookAddressPolicy(["loopback"]);
    await expect(dev.checkUrl("http://127.0.0.1:8080/hooks")).resolves.toBe("http://127.0.0.1:8080/hooks");
  });
});
