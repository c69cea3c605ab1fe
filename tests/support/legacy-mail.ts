/**
 * Mails as the site wrote them before migration 0003 (server/db/migrations/0003-mail-about.ts),
 * copied from the templates of that time: subject and text only, no `about_email`.
 */
export const LEGACY = {
  newsletter: (email: string) => ({
    subject: `New HeavyRoute newsletter subscriber: ${email}`,
    text: ["A new subscriber joined the HeavyRoute newsletter.", "", `Email: ${email}`, "Subscribed at: 2026-01-05T10:00:00.000Z"].join("\n"),
  }),
  contact: (name: string, email: string, message: string) => ({
    subject: `Contact form (Question) from ${name}`,
    text: [
      "New message from the HeavyRoute contact form.",
      "",
      `Name: ${name}`,
      `Email: ${email}`,
      "Category: Question",
      "Received at: 2026-01-05T10:00:00.000Z",
      "",
      "Message:",
      message,
    ].join("\n"),
  }),
  information: (name: string, email: string, message: string) => ({
    subject: `Information request (Government) from ${name}`,
    text: [
      "New Request More Information submission on HeavyRoute.",
      "",
      "Plan type: Government",
      `Name: ${name}`,
      `Email: ${email}`,
      "Phone: +1 555 010 0200",
      "Company or service: Wide Loads",
      "Received at: 2026-01-05T10:00:00.000Z",
      "",
      "Questions or comments:",
      message,
    ].join("\n"),
  }),
  transcript: (name: string, email: string, chat: string[] = []) => ({
    subject: `Chat Transcript from ${name}`,
    text: [
      "Max Load: Hi, I'm Max Load, your AI transport specialist! What's your name?",
      `${name}: ${name}`,
      `Max Load: Nice to meet you, ${name}! Could you please share your email address so I can keep you updated about our launch?`,
      `${name}: ${email}`,
      "Max Load: Thank you! This is a demo of Max Load: you can send 5 free messages per 24 hours, and the count resets at midnight, your local time. You have 5 messages remaining today. What would you like to know about oversized transport?",
      ...chat,
    ].join("\n\n"),
  }),
};
