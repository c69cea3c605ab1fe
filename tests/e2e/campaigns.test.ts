/**
 * Newsletter campaigns in the browser: a member signs in, composes a campaign, previews it, sends a
 * test to themself, sends it to the subscribers and follows the progress; axe on the page.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const ctx = useSiteAndBrowser({ env: { TEAM_MEMBERS: "lead@example.com", MAIL_RATE_PER_MINUTE: "6000", RATE_LIMIT_POST_PER_MINUTE: "1000" } });

const emls = (): string[] => {
  const dir = join(ctx.site.dataDir, "mail");
  try {
    return readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => readFileSync(join(dir, f), "utf8"));
  } catch {
    return [];
  }
};

it("compose, preview, test to yourself, send, progress (axe)", async () => {
  for (const email of ["one@example.com", "two@example.com", "three@example.com"]) {
    const response = await fetch(`${ctx.url}/newsletter`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
    expect(response.status).toBe(200);
  }
  const { page } = await newPage(ctx.browser);
  await visit(page, `${ctx.url}/team/sign-in`);
  await page.getByLabel("Work email").fill("lead@example.com");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect.poll(() => emls().find((m) => m.includes("/team/sign-in/link")) !== undefined, { timeout: 15_000 }).toBe(true);
  const link = /(http:\/\/[^\s]+\/team\/sign-in\/link\?[^\s]+)/.exec(emls().find((m) => m.includes("/team/sign-in/link"))!.replace(/=\r?\n/g, "").replace(/=3D/g, "="))![1]!;
  await visit(page, link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/team$/);

  await visit(page, `${ctx.url}/team/campaigns`);
  await page.getByLabel("Subject").fill("We are live");
  await page.getByLabel(/Message/).fill("# Launch\n\nThe platform is **open**. <b>not bold</b>");
  await page.getByRole("button", { name: "Create and preview" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Preview: We are live" }).count()).toBe(1);
  expect(await page.locator(".prose strong").textContent()).toBe("open");
  expect(await page.locator(".prose b").count()).toBe(0);
  await checkA11y(page);

  await page.getByRole("button", { name: "Send a test to lead@example.com" }).click();
  await expect.poll(() => page.getByText("A test was sent to lead@example.com.").count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => emls().some((m) => /^Subject: \[Test\] We are live$/m.test(m)), { timeout: 15_000 }).toBe(true);

  await page.getByLabel("Send to every active subscriber now").check();
  await page.getByRole("button", { name: "Send campaign" }).click();
  await expect.poll(() => page.getByTestId("campaign-recipients").textContent()).toBe("3");
  await expect
    .poll(
      async () => {
        await page.getByRole("link", { name: "Refresh progress" }).click();
        return page.getByTestId("campaign-sent").textContent();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe("3");
  expect(emls().filter((m) => /^Subject: We are live$/m.test(m))).toHaveLength(3);
  await checkA11y(page);
});
