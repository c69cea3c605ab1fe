import { data, Link } from "react-router";
import { servicesContext } from "~/context.server";
import { ONE_CLICK_FIELD, UNSUBSCRIBE_MESSAGES as M, unsubscribePath } from "~/features/newsletter/unsubscribe-contract";
import * as m from "~/paraglide/messages.js";
import { getLocale, pathIn } from "~/shared/i18n/locale";
import { SUBMIT_BUTTON_CLASS } from "~/shared/ui/field";
import { formPageMeta } from "~/shared/seo/meta";
import type { Route } from "./+types/unsubscribe";

/**
 * /unsubscribe?token=… — the link in every mail to a subscriber (docs/newsletter.md); /fr/unsubscribe
 * the same page in French (a French subscriber's mails link there).
 * GET only shows the state and one button: mail scanners open links, and must not unsubscribe
 * anyone. POST unsubscribes at once: the page's button, and the RFC 8058 one-click POST mail
 * providers send (body `List-Unsubscribe=One-Click`, no cookie, no Origin; exempt from the
 * Origin check, server/http/origin-check.ts). Never pre-rendered, never in the sitemap, noindex.
 */
type Shown = "confirm" | "unsubscribed" | "already-unsubscribed" | "invalid" | "unknown" | "missing";

const STATUS: Record<Shown, number> = { confirm: 200, unsubscribed: 200, "already-unsubscribed": 200, invalid: 400, unknown: 404, missing: 400 };
const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

const answer = (shown: Shown, token: string | null) => data({ shown, token }, { status: STATUS[shown], headers: NO_STORE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return answer("missing", null);
  const state = await context.get(servicesContext).newsletter.check(token);
  return answer(state === "active" ? "confirm" : state, token);
}

export async function action({ request, context }: Route.ActionArgs) {
  let token = new URL(request.url).searchParams.get("token");
  if (!token) {
    // The page's own form sends the token in the query too; a client may put it in the body.
    try {
      const value = (await request.formData()).get("token");
      token = typeof value === "string" ? value : null;
    } catch {
      token = null;
    }
  }
  if (!token) return answer("missing", null);
  const outcome = await context.get(servicesContext).newsletter.unsubscribe(token);
  return answer(outcome, null);
}

/** The answer's own headers (no-store, noindex, no Referer carrying the token). */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => merged.set(name, value));
  return merged;
};

export const meta: Route.MetaFunction = () => formPageMeta(m.forms_unsubscribe_page());

const TEXT: Record<Exclude<Shown, "confirm">, () => string> = {
  unsubscribed: M.unsubscribed,
  "already-unsubscribed": M.alreadyUnsubscribed,
  invalid: M.invalid,
  unknown: M.unknown,
  missing: M.missing,
};

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { shown, token } = actionData ?? loaderData;
  const done = shown === "unsubscribed" || shown === "already-unsubscribed";
  const locale = getLocale();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold">{M.title()}</h1>
      {shown === "confirm" && token ? (
        <form method="post" action={`${unsubscribePath(locale)}?token=${encodeURIComponent(token)}`} className="mt-6">
          <p className="text-lg">{M.confirm()}</p>
          <input type="hidden" name={ONE_CLICK_FIELD} value="One-Click" />
          <button type="submit" className={`${SUBMIT_BUTTON_CLASS} mt-6`}>
            {M.button()}
          </button>
        </form>
      ) : (
        <div className="mt-6 text-lg" role={done ? "status" : "alert"}>
          <p>{TEXT[shown === "confirm" ? "missing" : shown]()}</p>
          {done ? <p className="mt-4 text-muted">{M.resubscribe()}</p> : null}
        </div>
      )}
      <p className="mt-10">
        <Link to={pathIn("/", locale)} className="font-medium text-brand underline">
          {m.forms_back_home()}
        </Link>
      </p>
    </div>
  );
}
