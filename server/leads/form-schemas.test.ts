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
      expect(validateForm(newsletterSchema, { email }, "en")).toMatchObject({ ok: false, fieldErrors: { email: "Please enter a valid email address." } });
    }
    expect(validateForm(newsletterSchema, { email: "  Kim@Example.com " }, "en")).toEqual({ ok: true, data: { email: "Kim@Example.com" } });
  });

  it("contact: category defaults to question and must be one of four", () => {
    const base = { name: "Ana", email: "ana@example.com", message: "Hello" };
    expect(validateForm(contactSchema, base, "en")).toMatchObject({ ok: true, data: { category: "question" } });
    expect(validateForm(contactSchema, { ...base, category: "feature" }, "en")).toMatchObject({ ok: true, data: { category: "feature" } });
    expect(validateForm(contactSchema, { ...base, category: "spam" }, "en")).toMatchObject({ ok: false, fieldErrors: { category: M.category } });
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
      expect(validateForm(infoRequestSchema, { ...info, [field]: value }, "en"), field).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    }
    expect(validateForm(infoRequestSchema, { ...info, message: "x".repeat(5000) }, "en").ok).toBe(true);
    expect(M.messageTooLong).toBe("Message must be 5,000 characters or fewer.");
  });

  it("unknown fields, non-objects and wrong types are refused with clear messages", () => {
    expect(validateForm(newsletterSchema, { email: "a@b.co", admin: true }, "en")).toMatchObject({ ok: false, message: "Unknown field: admin." });
    expect(validateForm(newsletterSchema, ["a@b.co"], "en")).toMatchObject({ ok: false, message: "The request must be a set of form fields (a JSON object or form data)." });
    expect(validateForm(infoRequestSchema, { ...info, phone: 5550100 }, "en")).toMatchObject({ ok: false, fieldErrors: { phone: M.phoneRequired } });
    expect(validateForm(contactSchema, { name: "A\nB", email: "a@b.co", message: "line 1\nline 2\ttab" }, "en")).toMatchObject({ ok: false, fieldErrors: { name: M.controlChars } });
    expect(validateForm(contactSchema, { name: "A", email: "a@b.co", message: "line 1\nline 2\ttab" }, "en").ok).toBe(true);
  });

  it("form data: repeated fields and files are refused", () => {
    const repeated = new FormData();
    repeated.append("email", "a@b.co");
    repeated.append("email", "c@d.co");
    expect(formDataToObject(repeated, "en")).toEqual({ ok: false, message: 'The field "email" was sent more than once.' });
    const file = new FormData();
    file.append("email", new Blob(["x"]), "x.txt");
    expect(formDataToObject(file, "en")).toEqual({ ok: false, message: 'The field "email" must be text, not a file.' });
  });
});

describe("the text rule in the lead forms", () => {
  it("names, company and message lose invisible and bidi characters; a field left empty is required", () => {
    expect(validateForm(contactSchema, { name: "Bob \u202Egnp.exe", email: "bob@example.com", message: "Hi\u0000 \u2066there\u2069\n" }, "en")).toEqual({
      ok: true,
      data: { name: "Bob gnp.exe", email: "bob@example.com", category: "question", message: "Hi there" },
    });
    expect(validateForm(infoRequestSchema, { ...info, company: "AC\u200BME\u00AD" }, "en")).toMatchObject({ ok: true, data: { company: "ACME" } });
    expect(validateForm(infoRequestSchema, { ...info, name: "\u202E\u200B\uFEFF" }, "en")).toMatchObject({ ok: false, fieldErrors: { name: M.nameRequired } });
    expect(validateForm(infoRequestSchema, { ...info, message: "\u0000\u2067" }, "en")).toMatchObject({ ok: false, fieldErrors: { message: M.questionsRequired } });
    // A line break in a one-line field is still refused, not removed.
    expect(validateForm(infoRequestSchema, { ...info, company: "A\nB" }, "en")).toMatchObject({ ok: false, fieldErrors: { company: M.controlChars } });
  });

  it("an address with an invisible character in it is not valid", () => {
    for (const char of ["\u202E", "\u2066", "\u200B", "\u200C", "\u200D", "\u200E", "\u200F", "\u2060", "\u00AD", "\u0000"]) {
      expect(validateForm(contactSchema, { name: "Bob", email: `bob${char}@example.com`, message: "Hi" }, "en"), char.codePointAt(0)!.toString(16)).toMatchObject({
        ok: false,
        fieldErrors: { email: M.email },
      });
    }
  });
});

describe("the lead forms in French", () => {
  it("field and form messages come back in the language asked for", () => {
    expect(validateForm(newsletterSchema, { email: "no-at-sign" }, "fr")).toEqual({
      ok: false,
      message: "Veuillez corriger les champs indiqués.",
      fieldErrors: { email: "Veuillez entrer une adresse courriel valide." },
    });
    expect(validateForm(contactSchema, { name: "", email: "a@b.co", message: "x".repeat(5001), category: "spam" }, "fr")).toMatchObject({
      fieldErrors: {
        name: "Veuillez entrer votre nom.",
        category: "Veuillez choisir une catégorie\u00a0: question, suggestion, fonctionnalité ou autre.",
        message: "Le message doit compter au plus 5\u00a0000 caractères.",
      },
    });
    // The plan type sent is the English value; a translated one is not a plan type.
    expect(validateForm(infoRequestSchema, { ...info, planType: "Abonnement" }, "fr")).toMatchObject({
      fieldErrors: { planType: "Veuillez choisir un type de forfait\u00a0: Abonnement, Gouvernement, Formation ou Jetons." },
    });
    expect(validateForm(newsletterSchema, { email: "a@b.co", admin: true }, "fr")).toMatchObject({ message: "Champ inconnu\u00a0: admin." });
    expect(validateForm(newsletterSchema, ["a@b.co"], "fr")).toMatchObject({ message: "La requête doit être un ensemble de champs de formulaire (un objet JSON ou des données de formulaire)." });
  });
});
