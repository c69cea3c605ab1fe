import type { Request, RequestHandler } from "express";
import { leadFormAt } from "../../app/shared/forms/lead-forms";
import { MAX_BODY_BYTES } from "../http/body-limit";
import type { LeadForms } from "./submissions";

/** An error the app's error handler turns into a clear 4xx answer. */
const bodyError = (status: number, type: string) => Object.assign(new Error(type), { status, type, expose: false });

/** The JSON body of a request (its size is already bounded by limitBodySize). */
function readJson(req: Request): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    // A client that goes away mid-body is its own doing: a 400-class outcome, not a server error.
    req.on("error", () => reject(bodyError(400, "request.aborted")));
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) return reject(bodyError(413, "entity.too.large"));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        reject(bodyError(400, "entity.parse.failed"));
      }
    });
  });
}

/**
 * JSON answers for the lead forms' JavaScript clients, on the same paths as the forms' pages:
 * `POST /newsletter` with `Content-Type: application/json` is answered here, as JSON (fast, and a
 * failure of any kind stays a readable JSON error); a plain HTML form post (urlencoded or
 * multipart) passes on to the React Router action of the same route, which renders the page.
 */
export function leadsJson(forms: LeadForms): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const form = leadFormAt(req.path);
    if (!form || !req.is("application/json")) return next();
    readJson(req)
      .then((input) => forms.submit(form, input))
      .then(({ status, result }) => {
        res.status(status).setHeader("Cache-Control", "no-store");
        res.json(result);
      })
      .catch(next);
  };
}
