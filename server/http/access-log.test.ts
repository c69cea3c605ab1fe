import { describe, expect, it } from "vitest";
import { loggedUrl } from "./access-log";

describe("the access log's URL", () => {
  it("keeps a URL without a query as it is", () => {
    expect(loggedUrl("/team/mail")).toBe("/team/mail");
  });

  it("redacts tokens, addresses and searches by name, and anything holding an address by shape", () => {
    expect(loggedUrl("/team/sign-in/link?token=abc")).toBe("/team/sign-in/link?token=[redacted]");
    expect(loggedUrl("/unsubscribe?TOKEN=abc&x=1")).toBe("/unsubscribe?TOKEN=[redacted]&x=1");
    expect(loggedUrl("/team/people.data?email=ivy%40example.com")).toBe("/team/people.data?email=[redacted]");
    expect(loggedUrl("/team/sign-in?next=%2Fteam%2Fpeople%3Femail%3Divy%40example.com")).toBe("/team/sign-in?next=[redacted]");
    expect(loggedUrl("/team?q=Ivy&kind=contact&after=")).toBe("/team?q=[redacted]&kind=contact&after=");
    expect(loggedUrl("/x?ivy@example.com")).toBe("/x?[redacted]");
  });
});
