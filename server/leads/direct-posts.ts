import type { IncomingMessage, ServerResponse } from "node:http";
import typeis from "type-is";
import { leadFormAt } from "~/shared/forms/lead-forms";
import { logRequest } from "../http/access-log";
import { bodySizeRefusal } from "../http/body-limit";
import { clientKey } from "../http/client-address";
import { answerError, type RequestError } from "../http/error-answer";
import { sendJson } from "../http/json-body";
import { isSameOrigin, refuseCrossSite } from "../http/origin-check";
import { type TrustProxy, requestAddress, requestProtocol } from "../http/proxy-trust";
import { publicOriginOf, refuseBadHost } from "../http/public-origin";
import type { ClientRateLimit } from "../http/rate-limit";
import { setSecurityHeaders } from "../http/security-headers";
import type { Logger } from "../logger";
import { answerLeadJson } from "./http";
import type { LeadForms } from "./submissions";

export interface DirectPostsOptions {
  forms: LeadForms;
  logger: Logger;
  /** The POST limit the app's middleware counts with: the same windows. */
  postLimit: ClientRateLimit;
  /** Express's compiled TRUST_PROXY. */
  trust: TrustProxy;
  publicSiteUrl: string | undefined;
}

/**
 * The lead forms' JSON posts (`POST /newsletter` from the sign-up form's JavaScript above all: the
 * site's busiest write) answered before Express sees them. Express 5 costs about 60 µs of CPU a
 * request before the first middleware runs (it swaps the prototypes of Node's request and
 * response), a third of a sign-up (docs/decisions/0047). Nothing of the work is skipped; each step
 * is the app's own, in the app's order:
 *
 * access log → security headers → public origin (400 on a bad Host) → Origin check (403) →
 * body size (411/413) → POST rate limit (429, same windows) → JSON body → submission → answer.
 *
 * Returns false, without touching the request, for anything else (other methods and paths,
 * non-JSON bodies such as a plain form post, a URL that is not a plain path): Express answers it.
 */
export function directLeadPosts({ forms, logger, postLimit, trust, publicSiteUrl }: DirectPostsOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "POST") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const form = url.startsWith("/") ? leadFormAt(query === -1 ? url : url.slice(0, query)) : undefined;
    if (!form || !typeis(req, ["application/json"])) return false;

    logRequest(logger, req, res);
    const protocol = requestProtocol(req, trust);
    setSecurityHeaders(res, protocol === "https");
    const origin = publicOriginOf(protocol, req.headers.host, publicSiteUrl);
    if (!origin) {
      refuseBadHost(res);
      return true;
    }
    if (!isSameOrigin(req.headers, origin)) {
      refuseCrossSite(res);
      return true;
    }
    const tooLarge = bodySizeRefusal(req.headers);
    if (tooLarge) {
      sendJson(res, tooLarge.status, { error: tooLarge.error });
      return true;
    }
    const client = clientKey(requestAddress(req, trust));
    postLimit(client, res, () =>
      answerLeadJson(forms, form, req, res, { clientKey: client, origin }, (error: unknown) => {
        if (res.headersSent) res.destroy();
        else answerError(logger, req, res, error as RequestError);
      }),
    );
    return true;
  };
}
