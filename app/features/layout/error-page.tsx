import { Link } from "react-router";
import * as m from "~/paraglide/messages.js";
import { getLocale, pathIn } from "~/shared/i18n/locale";
import { errorWords } from "./error-words";

const actionClass = "inline-flex min-h-12 items-center rounded-full px-6 py-3 font-semibold";

/** Page shown by the not-found route's boundary: the error's words and the ways on. */
export function ErrorPage({ status }: { status?: number }) {
  const locale = getLocale();
  const { title, text } = errorWords(status);
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 sm:py-28">
      <p className="text-sm font-bold tracking-wide text-brand uppercase">{status ? m.error_label_status({ status: String(status) }) : m.error_label()}</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mt-6 text-lg text-muted">
        {text}
      </p>
      <p className="mt-4 text-lg text-muted">{m.error_where_next()}</p>
      <ul className="mt-6 flex flex-wrap gap-3">
        <li>
          <Link to={pathIn("/", locale)} className={`${actionClass} bg-brand text-white hover:bg-brand-strong`}>
            {m.error_go_home()}
          </Link>
        </li>
        <li>
          <Link to={pathIn("/platform", locale)} className={`${actionClass} border-2 border-brand text-brand hover:bg-brand-soft`}>
            {m.error_see_platform()}
          </Link>
        </li>
        <li>
          <Link to={pathIn("/#contact", locale)} className={`${actionClass} border-2 border-line text-ink hover:bg-surface`}>
            {m.error_contact()}
          </Link>
        </li>
      </ul>
    </div>
  );
}
