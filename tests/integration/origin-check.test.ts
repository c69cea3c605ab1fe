/**
 * A POST without Origin (non-browser clients, some privacy setups) passes the Origin check only
 * when Sec-Fetch-Site is absent or `same-origin`: a browser that says the request comes from
 * another site, a sibling subdomain or no page of ours, but hides Origin, is refused with the
 * same 403 as a foreign Origin. Through the production server, on a JSON form post and on a team
 * form post (a React Router action).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../support/site-server";

/** The refusal as an English page (and any client that names no language) gets it. */
const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

let site: Site;
beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "1000" } });
});
afterAll(async () => {
  await site?.stop();
});

let n = 0;
const posts = {
  "a newsletter sign-up (JSON)": (headers: Record<string, string>) =>
    fetch(`${site.url}/newsletter`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ email: `fetch-site-${n++}@example.com` }) }),
  "a team sign-in request (form)": (headers: Record<string, string>) =>
    fetch(`${site.url}/team/sign-in`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: `email=fetch-site-${n++}%40example.com` }),
};

describe.each(Object.entries(posts))("%s without an Origin header", (_name, post) => {
  it.each(["cross-site", "same-site", "none"])("Sec-Fetch-Site: %s is refused with 403 and the cross-site message", async (fetchSite) => {
    const answer = await post({ "sec-fetch-site": fetchSite });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: CROSS_SITE_MESSAGE });
  });

  it.each([["no Sec-Fetch-Site", {}], ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }]] as const)("%s passes", async (_label, headers) => {
    const answer = await post(headers);
    expect(answer.status).toBe(200);
  });
});
