/** The lead forms' schemas as the server applies them (the same ones the pages validate with). */
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/features/contact/schema";
import { infoRequestSchema } from "~/features/info-request/schema";
import { newsletterSchema } from "~/features/newsletter/schema";
import { FIELD_MESSAGES as M } from "~/shared/forms/form-result";
import { formDataToObject, validateForm } from "~/shared/forms/validate";

const info = { name: "Ana", email: "ana@example.com", phone: "+1 (555) 010-0200 ext 12", company: "ACME", message: "Hi", planType: "Subscription" };

describe("lead form schemas", () => {
  it("newsletter: empty or @-less email gives the spec's message; the address is trimmed", () => {
    for (const email of ["", "   ", "plainaddress", "a@b", "a b@c.de"]) {
      expect(validateForm(newsletterSchema, { email })).toMatchObject({ ok: false, fieldErrors: { email: "Please enter a valid email address." } });
    }
    expect(validateForm(newsletterSchema, { email: "  Kim@Example.com " })).toEqual({ ok: true, data: { email: "Kim@Example.com" } });
  });

  it("contact: category defaults to question and must be one of four", () => {
    const base = { name: "Ana", email: "ana@example.com", message: "Hello" };
    expect(validateForm(contactSchema, base)).toMatchObject({ ok: true, data: { category: "question" } });
    expect(validateForm(contactSchema, { ...base, category: "feature" })).toMatchObject({ ok: true, data: { category: "feature" } });
    expect(validateForm(contactSchema, { ...base, category: "spam" })).toMatchObject({ ok: false, fieldErrors: { category: M.category } });
  });

  it("each field limit has its own field-level message", () => {
    const over = (n: number) => "x".repeat(n + 1);
    const cases: Array<[string, string, string]> = [
      ["name", over(100), M.nameTooLong],
      ["email", `${"a".repeat(250)}@example.com`, M.emailTooLong],
      ["phone", "1".repeat(41), M.phoneTooLong],
      ["company", over(200), M.companyTooLong],
      ["message", over(5000), M.messageTooLong],
      ["phone", "call me", M.phoneInvalid],
      ["planType", "Gold", M.planType],
      ["company", "", M.companyRequired],
      ["message", " ", M.questionsRequired],
    ];
    for (const [field, value, message] of cases) {
      expect(validateForm(infoRequestSchema, { ...info, [field]: value }), field).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    }
    expect(validateForm(infoRequestSchema, { ...info, message: "x".repeat(5000) }).ok).toBe(true);
    expect(M.messageTooLong).toBe("Message must be 5,000 characters or fewer.");
  });

  it("unknown fields, non-objects and wrong types are refused with clear messages", () => {
    expect(validateForm(newsletterSchema, { email: "a@b.co", admin: true })).toMatchObject({ ok: false, message: "Unknown field: admin." });
    expect(validateForm(newsletterSchema, ["a@b.co"])).toMatchObject({ ok: false, message: "The request must be a set of form fields (a JSON object or form data)." });
    expect(validateForm(infoRequestSchema, { ...info, phone: 5550100 })).toMatchObject({ ok: false, fieldErrors: { phone: M.phoneRequired } });
    expect(validateForm(contactSchema, { name: "A\nB", email: "a@b.co", message: "line 1\nline 2\ttab" })).toMatchObject({ ok: false, fieldErrors: { name: M.controlChars } });
    expect(validateForm(contactSchema, { name: "A", email: "a@b.co", message: "line 1\nline 2\ttab" }).ok).toBe(true);
  });

  it("form data: repeated fields and files are refused", () => {
    const repeated = new FormData();
    repeated.append("email", "a@b.co");
    repeated.append("email", "c@d.co");
    expect(formDataToObject(repeated)).toEqual({ ok: false, message: 'The field "email" was sent more than once.' });
    const file = new FormData();
    file.append("email", new Blob(["x"]), "x.txt");
    expect(formDataToObject(file)).toEqual({ ok: false, message: 'The field "email" must be text, not a file.' });
  });
});
