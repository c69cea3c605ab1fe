import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { type LeadForm, leadFormAt } from "~/shared/forms/lead-forms";
import { requestClientKey } from "../http/client-address";
import { readJson, sendJson } from "../http/json-body";
import { requestOrigin } from "../http/public-origin";
import type { SubmissionRequest } from "../http/form-submission";
import type { LeadForms } from "./submissions";

/**
 * JSON answers for the lead forms' JavaScript clients, on the same paths as the forms' pages:
 * `POST /newsletter` with `Content-Type: application/json` is answered here, as JSON (fast, and a
 * failure of any kind stays a readable JSON error); a plain HTML form post (urlencoded or
 * multipart) passes on to the React Router action of the same route, which renders the page.
 * Most of these posts never reach Express: server/leads/direct-posts.ts answers them first, with
 * the same `answerLeadJson`.
 */
export function leadsJson(forms: LeadForms): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const form = leadFormAt(req.path);
    if (!form || !req.is("application/json")) return next();
    answerLeadJson(forms, form, req, res, { clientKey: requestClientKey(req), origin: requestOrigin(res) }, next);
  };
}

/** Reads the JSON body, submits it, answers; a body that cannot be read goes to `fail`. */
export function answerLeadJson(
  forms: LeadForms,
  form: LeadForm,
  req: IncomingMessage,
  res: ServerResponse,
  request: SubmissionRequest,
  fail: (error: unknown) => void,
): void {
  readJson(req)
    .then((input) => forms.submit(form, input, request))
    .then(({ status, result }) => {
      res.setHeader("Cache-Control", "no-store");
      sendJson(res, status, result);
    })
    .catch(fail);
}
