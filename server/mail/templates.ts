import type { MailRow } from "../db/schema";
import { headersJson, type MailTemplate } from "./compose";

/** A rendered mail: its text and html (the html already safe markup) and, when any, its extra headers. */
export interface RenderedMail {
  text: string;
  html: string;
  headers?: Readonly<Record<string, string>>;
}

/**
 * Renders a template's values to the mail (its headers replace the row's stored ones). It may be
 * asynchronous: a sign-in link is made when its mail is sent, so no link rests in the outbox.
 */
export type TemplateRenderer = (values: MailTemplate["values"], mail: MailRow) => RenderedMail | Promise<RenderedMail>;

export class MailTemplateError extends Error {
  override name = "MailTemplateError";
}

/**
 * A row as it is sent: a mail stored as a template reference (`mail.template`) gets its text and
 * html now, from `renderers`; any other row is returned as it is. Throws MailTemplateError for a
 * reference that cannot be rendered (the outbox records it as a failed attempt).
 */
export async function renderStored(mail: MailRow, renderers: Readonly<Record<string, TemplateRenderer>>): Promise<MailRow> {
  if (mail.template === null) return mail;
  let reference: MailTemplate;
  try {
    reference = JSON.parse(mail.template) as MailTemplate;
  } catch {
    throw new MailTemplateError(`Mail ${mail.id}: its template reference is not JSON.`);
  }
  const render = typeof reference?.name === "string" && Object.hasOwn(renderers, reference.name) ? renderers[reference.name] : undefined;
  if (!render) throw new MailTemplateError(`Mail ${mail.id}: no template named ${JSON.stringify(reference?.name)}.`);
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(reference.values ?? {})) if (typeof value === "string") values[key] = value;
  const { text, html, headers } = await render(values, mail);
  return { ...mail, text, html, ...(headers ? { headers: headersJson(headers) } : {}) };
}
