/** The SMTP harness against nodemailer (what the mail outbox uses): decoding and failure mode. */
import nodemailer from "nodemailer";
import { expect, it } from "vitest";
import { startSmtp } from "../support/smtp";

it("receives, decodes and can refuse mail", async () => {
  const smtp = await startSmtp();
  try {
    const transport = nodemailer.createTransport(smtp.url);
    const text = `Héllo <b>x</b>\nline2 ${"long ".repeat(40)}\n\nend é`;
    const subject = `Chat Transcript from Zoë 😀 ${"x".repeat(80)}`;
    await transport.sendMail({ from: "site@example.com", to: "team@example.com, b@example.com", subject, text, html: "<p>Héllo</p>" });
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ from: "site@example.com", to: ["team@example.com", "b@example.com"], subject, text, html: "<p>Héllo</p>" });
    expect(mail?.headers.to).toBe("team@example.com, b@example.com");

    smtp.setFailing(true);
    await expect(transport.sendMail({ from: "a@example.com", to: "b@example.com", subject: "s", text: "t" })).rejects.toThrow(/451/);
    smtp.setFailing(false);
    await transport.sendMail({ from: "a@example.com", to: "b@example.com", subject: "s", text: "only text" });
    const all = await smtp.waitFor(2);
    expect(all.map((m) => m.text)).toEqual([text, "only text"]);
  } finally {
    await smtp.stop();
  }
});
