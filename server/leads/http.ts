import express, { type Router } from "express";
import { MAX_BODY_BYTES } from "../http/body-limit";
import type { Services } from "../services";
import type { LeadForm } from "./submissions";

const FORMS: Record<string, LeadForm> = {
  "/newsletter": "newsletter",
  "/contact": "contact",
  "/request-information": "request-information",
};

/**
 * JSON answers for the lead forms' JavaScript clients, on the same paths as the forms' pages:
 * `POST /newsletter` with `Content-Type: application/json` is answered here, as JSON (fast, and a
 * failure of any kind stays a readable JSON error); a plain HTML form post (urlencoded or
 * multipart) passes on to the React Router action of the same route, which renders the page.
 */
export function leadsRouter(services: Services): Router {
  const router = express.Router({ strict: false });
  const json = express.json({ limit: MAX_BODY_BYTES, strict: false, type: "application/json" });
  router.post(Object.keys(FORMS), (req, res, next) => {
    if (!req.is("application/json")) return next();
    json(req, res, (error?: unknown) => {
      if (error) return next(error);
      const form = FORMS[req.path.replace(/\/+$/, "")];
      if (!form) return next();
      services.forms
        .submit(form, req.body)
        .then(({ status, result }) => {
          res.status(status).setHeader("Cache-Control", "no-store");
          res.json(result);
        })
        .catch(next);
    });
  });
  return router;
}
