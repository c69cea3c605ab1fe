import type { RequestHandler } from "express";
import { leadFormAt, leadFormPath } from "~/shared/forms/lead-forms";
import { requestClientKey } from "../http/client-address";
import { readJson, sendJson } from "../http/json-body";
import { requestOrigin } from "../http/public-origin";
import { labelRoute } from "../metrics";
import type { LeadForms } from "./submissions";

/**
 * JSON answers for the lead forms' JavaScript clients, on the same paths as the forms' pages:
 * `POST /newsletter` (or `/fr/newsletter`: the language of the answer, unless the body names
 * another) with `Content-Type: application/json` is answered here, as JSON (fast, and a
 * failure of any kind stays a readable JSON error); a plain HTML form post (urlencoded or
 * multipart) passes on to the React Router action of the same route, which renders the page.
 */
export function leadsJson(forms: LeadForms): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const at = leadFormAt(req.path);
    if (!at || !req.is("application/json")) return next();
    const { form, locale } = at;
    labelRoute(res, leadFormPath(form, locale));
    readJson(req)
      .then((input) => forms.submit(form, input, { clientKey: requestClientKey(req), referer: req.headers.referer, origin: requestOrigin(res), locale }))
      .then(({ status, result }) => {
        res.setHeader("Cache-Control", "no-store");
        sendJson(res, status, result);
      })
      .catch(next);
  };
}
