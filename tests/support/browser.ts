/**
 * Headless Chromium for tests and the bench.
 *
 *   const browser = await launchBrowser();          // once per file (beforeAll), close in afterAll
 *   const { page } = await newPage(browser);        // inside a test: console errors fail that test
 *   await page.goto(site.url);
 *   await checkA11y(page);                          // zero axe violations, readable summary if not
 */
import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";
import { onTestFinished } from "vitest";

/** Flags that let Chromium run as root, headless, on our offline machines without stalls. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
] as const;

let found: Promise<string> | undefined;

/** CHROME_PATH, else Debian's /usr/bin/chromium, else the binary shipped in @sparticuz/chromium. */
export function findChromium(): Promise<string> {
  found ??= (async () => {
    const fromEnv = process.env.CHROME_PATH;
    if (fromEnv) {
      if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} does not exist`);
      return fromEnv;
    }
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
    const { default: sparticuz } = await import("@sparticuz/chromium");
    return sparticuz.executablePath();
  })();
  return found;
}

/** `args` are added to CHROMIUM_ARGS, e.g. `--host-resolver-rules=MAP www.heavyroute.example 127.0.0.1`. */
export async function launchBrowser(options: { args?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: await findChromium(), headless: true, args: [...CHROMIUM_ARGS, ...(options.args ?? [])] });
}

/**
 * Console messages and requests that are expected on our offline machines. Matched against
 * "<message text> <source url>".
 */
export const DEFAULT_IGNORED: readonly RegExp[] = [/youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com|doubleclick\.net/i];

export interface NewPageOptions {
  /** Default true. */
  javaScriptEnabled?: boolean;
  /** Emulates prefers-reduced-motion. Default "no-preference". */
  reducedMotion?: "reduce" | "no-preference";
  /** Default 1280x800. Use { width: 390, height: 844 } for a phone. */
  viewport?: { width: number; height: number };
  /** Extra patterns of console errors to tolerate (added to DEFAULT_IGNORED). */
  ignore?: readonly RegExp[];
  /** Run assertNoConsoleErrors() and close the context when the current test ends. Default true. */
  autoCheck?: boolean;
  /** Accept any TLS certificate (only for the self-signed one of tests/support/tls-proxy.ts). Default false. */
  ignoreHTTPSErrors?: boolean;
  /** The User-Agent sent; default the browser's own (headless Chromium's, which the page-view count takes for a bot). */
  userAgent?: string;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and CSP violations seen so far (not ignored ones). */
  errors: string[];
  /** Throws listing every console error or uncaught page error seen so far. */
  assertNoConsoleErrors(): void;
  close(): Promise<void>;
}

/**
 * A page in a fresh context (own storage). Every console error, uncaught exception and CSP
 * violation is recorded; when called inside a test, the test fails at its end if any was seen.
 */
/** Pages newPage() opened with JavaScript off (visit() waits for no script on them). */
export const pagesWithoutJavaScript = new WeakSet<Page>();

export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? "no-preference",
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ignoreHTTPSErrors: options.ignoreHTTPSErrors ?? false,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  if (options.javaScriptEnabled === false) pagesWithoutJavaScript.add(page);
  const ignore = [...DEFAULT_IGNORED, ...(options.ignore ?? [])];
  const errors: string[] = [];
  const record = (text: string) => {
    if (!ignore.some((re) => re.test(text))) errors.push(text);
  };
  page.on("console", (msg: ConsoleMessage) => {
    if (msg.type() === "error") record(`console.error: ${msg.text()} ${msg.location().url}`.trim());
  });
  page.on("pageerror", (error) => record(`pageerror: ${error.stack ?? error.message}`));
  // Chromium reports CSP violations as console errors too; this also catches report-only ones.
  await page.exposeBinding("__cspViolation", (_source, text: string) => record(`CSP violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __cspViolation?: (t: string) => void }).__cspViolation;
      report?.(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });

  let closed = false;
  const testPage: TestPage = {
    page,
    context,
    errors,
    assertNoConsoleErrors() {
      if (errors.length > 0) {
        throw new Error(`The page logged ${errors.length} error(s):\n- ${errors.join("\n- ")}`);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await context.close();
    },
  };
  if (options.autoCheck ?? true) {
    try {
      onTestFinished(async () => {
        await testPage.close();
        testPage.assertNoConsoleErrors();
      });
    } catch {
      // Not inside a test (e.g. beforeAll): the caller checks and closes.
    }
  }
  return testPage;
}

export interface A11yOptions {
  /** Rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
  /** CSS selector to limit the scan (e.g. an open dialog). */
  include?: string;
  /** CSS selector to leave out (e.g. a sandboxed frame, where axe cannot run; check its document on its own). */
  exclude?: string;
  /** Also hold text to WCAG AAA contrast (7:1, axe's color-contrast-enhanced), as high contrast promises. */
  enhancedContrast?: boolean;
}

/** Runs axe (WCAG 2.x A/AA and best practices) and fails with a readable list of violations. */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
    ...(options.enhancedContrast ? ["wcag2aaa"] : []),
  ])
    // Only violations are read: axe then skips the details of every passing node.
    .options({ resultTypes: ["violations"] });
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const { violations } = await builder.analyze();
  if (violations.length === 0) return;
  const summary = violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`)
        .join("\n");
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
      return `- ${v.id} (${v.impact ?? "n/a"}): ${v.help}\n  ${v.helpUrl}\n${nodes}${more}`;
    })
    .join("\n");
  throw new Error(`axe found ${violations.length} violation(s) on ${page.url()}:\n${summary}`);
}
