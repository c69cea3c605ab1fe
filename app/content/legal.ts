/**
 * The five legal pages (spec §2 "Legal pages") as structured data, in English (./fr/legal.ts has
 * them in French), rendered by app/features/legal.
 * The texts describe what this site really does; keep them in step with the server when it changes.
 * Long by nature: the five pages' full texts (data, not logic), kept together as one document.
 */
import { AI_DISCLAIMER, ASSISTANT_NAME, PRODUCT_NAME, TEAM_EMAIL } from "./brand";
import { anchorId } from "./anchors";
import { legalFr } from "./fr/legal";
import { type LegalPath, legalTitle } from "./legal-index";
import { PAGE_VIEW_RETENTION_DAYS } from "./retention";
import type { InEveryLanguage, Translation } from "./types";

const titleOf = (path: LegalPath): string => legalTitle(path, "en");

/** The day the policies took effect (midnight UTC), written in each page's language when shown. */
export const EFFECTIVE_DATE = new Date("2024-12-28T00:00:00Z");

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { readonly list: readonly string[] };

export interface LegalSection {
  heading: string;
  body: readonly LegalBlock[];
}

export interface LegalPage {
  path: LegalPath;
  title: string;
  /** One sentence, used as the meta description and shown under the title. */
  description: string;
  sections: readonly LegalSection[];
}

const CONTACT = `email us at ${TEAM_EMAIL}`;

/**
 * Every cookie the site can set, by name, as the Cookie Policy lists them: a test collects the
 * Set-Cookie names of the server's real answers and fails when this list and they differ.
 */
export const SITE_COOKIES: readonly string[] = [
  `maxload_session: the anonymous ${ASSISTANT_NAME} chat session. Set when the chat loads in your browser, sent only to the chat's own addresses (/api/chat), kept one year. It holds a random identifier and its signature, nothing else, and lets our server count your free messages for the day.`,
  "team_session: the sign-in session of our own team members in the staff workspace (/team). Set only when a member signs in with the link we mailed them, it ends after 12 hours or at sign-out. Visitors never receive it.",
];


/** Browser local-storage keys the site uses (no cookies are involved). */
export const LOCAL_STORAGE_KEYS: readonly string[] = [
  "fontSize: your text size choice (normal or large)",
  "contrast: your contrast choice (normal or high)",
  "bannerDismissed: remembers that you closed the launch announcement",
  `userName: the name you gave ${ASSISTANT_NAME}, so the chat can greet you again`,
  "chatHistory: the messages of your chat on this device, so the conversation survives a reload",
  "chatLimits: how many free chat messages you have left today and when the count resets",
  "language: the language you chose (English or French), with the language switch or by declining our suggestion of the other one, so the site offers you that language on your next visits",
];

const privacyPolicy: LegalPage = {
  path: "/privacy",
  title: titleOf("/privacy"),
  description: `What personal data the ${PRODUCT_NAME} website collects, why, for how long, who receives it and how to get it deleted.`,
  sections: [
    {
      heading: "Who we are",
      body: [
        `This website presents the ${PRODUCT_NAME} platform for oversized and heavy transport, which is being launched. ${PRODUCT_NAME} is the controller of the personal data described here. For any question about this policy or your data, ${CONTACT}.`,
        "We collect as little as we can. The site shows no advertising, uses no third-party analytics or tracking tools and sells no data. It counts the views of its own pages on our server, without cookies and without identifying anyone (see \"Page views, counted without cookies\" below).",
      ],
    },
    {
      heading: "What we collect and why",
      body: [
        "We only store what you choose to send us through the site:",
        {
          list: [
            `Chat leads: when you talk to ${ASSISTANT_NAME}, our AI assistant, it asks for your name and email address. We store them with the source "chat" and the time, so we can keep you informed about the launch and answer your questions.`,
            `Chat conversations: the messages you exchange with ${ASSISTANT_NAME}, so the assistant can answer in context, so we can enforce the daily limit of free messages, and so we can send you a transcript when you ask for one.`,
            "Newsletter subscribers: your email address, the date you subscribed and your status, so we can send you launch news. Our team is notified of each new subscription. As a record of your consent we also store when you subscribed, the page and form you used, the exact text shown next to the Subscribe button, and a keyed hash of your network address (a one-way code computed with a secret key, from which your IP address cannot be read back; for IPv6, of your /64 network). When you unsubscribe we record the date.",
            "Information requests: your name, email address, phone number, company or service name, your questions or comments and the plan type you asked about (Subscription, Government, Training or Token), so we can answer you.",
            "Contact messages: your name, email address, the category you chose (question, suggestion, feature request or other) and your message, so we can answer you.",
            "Where a lead came from: with each chat lead, newsletter subscription, information request and contact message we record the page where your visit began (the landing page), the site that sent you to us (its address only, such as https://www.linkedin.com, never the page you were on there, and only when it is another site), the campaign parameters of the link you followed (utm_source, utm_medium, utm_campaign, utm_content and utm_term) and the page whose form you sent. Until you send a form or give your details in the chat, these are kept only in your browser tab's sessionStorage. sessionStorage is not a cookie: it is never sent with your requests, nothing in it reaches us unless you send a form or a chat lead, and your browser deletes it when you close the tab. With JavaScript turned off, a form carries only the campaign parameters and the address of the page it was sent from. This tells us which posts, flyers and campaigns bring people to us; it is erased with the rest of your data.",
            "Your language: the site is offered in English and French. With each chat lead, newsletter subscription, information request and contact message we store the language of the page you used, so we answer you, and send you our emails, in that language.",
            "Server logs: the date and time of each request, the page asked for, the response status and how long the answer took, and the web server in front of the site also records your IP address and browser type, so we can keep the site secure and working. Email addresses, searches and the one-time and unsubscribe links in a page's address are removed before the line is written, and of each email we send the logs keep only its reference number, never the address or the content.",
          ],
        },
        "The legal basis is your consent, given when you send a form or start a chat, and our legitimate interest in answering the people who contact us and in protecting the site. You can withdraw consent at any time (see below).",
      ],
    },
    {
      heading: "Page views, counted without cookies",
      body: [
        "To know how many people visit and how they find us, our server counts the views of its public pages (the home page, the platform page and the five policy pages). Nothing else is counted: not the team's workspace, not bots, not link prefetches and not HEAD requests.",
        "What is counted, for each view:",
        {
          list: [
            "the path of the page (for example /platform), and the day;",
            "the referrer origin: the address of the site whose link you followed (only its origin, such as https://news.example, never the page you were on, and only when it is another site);",
            "the UTM campaign parameters in the page's address (utm_source, utm_medium, utm_campaign, utm_content, utm_term);",
            "a coarse device class (phone, tablet or desktop), read from your browser's User-Agent.",
          ],
        },
        "How: on our server, from the requests your browser makes for the pages. There is no analytics script in the pages, no request to anyone else, no analytics cookie and no identifier stored in your browser.",
        `We also count, per day, how many browsers open the ${ASSISTANT_NAME} chat for the first time: a number per day, with nothing about who opened it.`,
        "Unique visitors: to count how many different people visited on a day without recognising anyone, the server computes a one-way hash of a random daily salt, the site's address, your network address (for IPv6, your /64 network) and your browser's User-Agent, as Plausible Analytics does. The salt is replaced every day (at midnight UTC) and the old one is deleted when it rotates, so no hash can be linked to you, nor to your visits on another day.",
        "Never stored: your IP address, your User-Agent, the full address of the page that sent you, any cookie or identifier for analytics.",
        "Global Privacy Control: if your browser sends the Sec-GPC: 1 signal, your page view is counted without a visitor hash.",
        `Retention: each raw page view is kept ${PAGE_VIEW_RETENTION_DAYS} days; after that only daily totals per page, source, referring site, campaign and device class remain, which hold nothing about any person.`,
      ],
    },
    {
      heading: "How long we keep it",
      body: [
        {
          list: [
            "Chat leads, information requests and contact messages: 24 months after our last contact with you.",
            "Chat conversations: 12 months.",
            "Newsletter subscribers: while you are subscribed. After you unsubscribe we keep your address, your consent record and the date you unsubscribed for 24 months, as proof of your choice and so that no campaign reaches you again, then we delete them.",
            "Server logs: 30 days.",
            `Page views: each raw page view ${PAGE_VIEW_RETENTION_DAYS} days, then only anonymous daily totals.`,
            "Outgoing emails we send you (for example a chat transcript, the newsletter welcome or an announcement): kept in our mail outbox for 24 months.",
          ],
        },
        "After these periods the data is deleted.",
      ],
    },
    {
      heading: "Who receives it",
      body: [
        {
          list: [
            "Our team, by email: contact messages, information requests, chat transcripts and new-subscriber notices are emailed to our team address.",
            "Our email delivery provider, which sends those emails on our behalf as a processor.",
            `Our AI provider, as a processor, when the AI assistant is enabled: the messages you send ${ASSISTANT_NAME} are sent to it to generate the answers. It may not use them to train its models. The AI/ML Policy names the provider and model.`,
            "Our hosting provider, which runs the servers and the database that store the data above.",
            "Our team's customer relationship management (CRM) system, if the team connects one: your leads, how our team follows them up and newsletter unsubscriptions are passed to it through signed webhooks that the team configures. When we erase your data, we pass the erasure on to it, so it erases you too.",
          ],
        },
        "We do not sell or rent personal data, and we share it with no one else unless the law requires us to.",
      ],
    },
    {
      heading: "Cookies and local storage",
      body: [
        `The site sets one strictly necessary cookie: a signed, HttpOnly, anonymous session cookie that lets the server count your free ${ASSISTANT_NAME} messages for the day. It contains no personal data. There are no analytics, advertising or tracking cookies: page views are counted without any cookie (above). Your display preferences, language choice and chat state are kept in your browser's local storage and never leave your device unless you send a chat message. The Cookie Policy gives the details.`,
      ],
    },
    {
      heading: "The embedded video",
      body: [
        "The video on the home page is played by YouTube in its privacy-enhanced mode (youtube-nocookie.com). It loads only after the page itself has loaded. YouTube receives your IP address and browser information when the player loads, under Google's own privacy policy.",
      ],
    },
    {
      heading: "Your rights",
      body: [
        `You can ask to see the data we hold about you, to correct it, to receive a copy, to object to its use or to have it deleted. To do so, ${CONTACT} from the address concerned. When you ask for deletion we erase your data everywhere we hold it: leads and where each came from, chat conversations, subscriptions, information requests, contact messages and the emails in our outbox. The page-view counts are anonymous: they hold nothing that leads back to you. We answer within 30 days.`,
        "You can unsubscribe from the newsletter at any time: every newsletter email has an unsubscribe link that works in one click, without signing in (your email program may also show its own Unsubscribe button, which does the same), or email us. If you subscribe again later, that is recorded as new consent. You can also complain to your data-protection authority.",
      ],
    },
    {
      heading: "Security",
      body: [
        "The site is served over HTTPS with strict security headers. Access to the stored data is limited to the team members who need it to answer you.",
      ],
    },
    {
      heading: "Children",
      body: ["The site is meant for transport professionals and public bodies. It is not directed at children under 16, and we do not knowingly collect their data."],
    },
    {
      heading: "Changes to this policy",
      body: ["If we change this policy we will publish the new version here with a new effective date. If the change is significant we will tell subscribers by email."],
    },
  ],
};

const termsOfService: LegalPage = {
  path: "/terms",
  title: titleOf("/terms"),
  description: `The terms that apply when you use the ${PRODUCT_NAME} website, its ${ASSISTANT_NAME} chat assistant and its forms.`,
  sections: [
    {
      heading: "About these terms",
      body: [
        `These terms apply to your use of this website, which presents the ${PRODUCT_NAME} platform before its launch. By using the site you accept them. If you do not agree, please do not use the site.`,
      ],
    },
    {
      heading: "The website",
      body: [
        `The site describes a platform that is being launched. Features, plans, prices and dates shown here describe our plans and may change before launch. Nothing on the site is an offer you can accept online; subscriptions, training and tokens will be sold under separate terms at launch.`,
      ],
    },
    {
      heading: `The ${ASSISTANT_NAME} assistant`,
      body: [
        AI_DISCLAIMER,
        `${ASSISTANT_NAME} is a demo limited to 5 free messages a day. Do not send it confidential information or other people's personal data. We may limit or suspend the assistant at any time, for example to prevent abuse.`,
      ],
    },
    {
      heading: "Acceptable use",
      body: [
        "When you use the site you agree not to:",
        {
          list: [
            "send unlawful, abusive or misleading content, or other people's data without their permission;",
            "try to get around the daily message limit, overload the site or disrupt its operation;",
            "try to access data or systems you are not allowed to access;",
            "use automated means to collect content from the site or to send forms.",
          ],
        },
      ],
    },
    {
      heading: "Intellectual property",
      body: [
        `The texts, images, logo and design of this site belong to ${PRODUCT_NAME} or its licensors. You may view and share pages for your own information; any other reuse needs our written permission.`,
      ],
    },
    {
      heading: "No warranty and limitation of liability",
      body: [
        "The site and its contents are provided as they are, for information. We do our best to keep them accurate but do not guarantee that they are complete, current or free of errors. To the extent the law allows, we are not liable for decisions made on the basis of the site or of the assistant's answers. Always check routes, permits and regulations with the competent authorities.",
      ],
    },
    {
      heading: "Links to other sites",
      body: ["Links to our video, social network and professional network pages lead to services run by others under their own terms."],
    },
    {
      heading: "Privacy",
      body: ["How we handle personal data is described in our Privacy Policy, Cookie Policy and AI/ML Policy, which are part of these terms."],
    },
    {
      heading: "Changes and contact",
      body: [
        `We may update these terms; the version published here, with its effective date, is the one that applies. Questions: ${CONTACT}.`,
      ],
    },
  ],
};

const cookiePolicy: LegalPage = {
  path: "/cookies",
  title: titleOf("/cookies"),
  description: "The one strictly necessary cookie this site sets, and what it keeps in your browser's local storage.",
  sections: [
    {
      heading: "One strictly necessary cookie",
      body: [
        `The site sets a single cookie: a signed, HttpOnly, anonymous session cookie. It lets our server count the free ${ASSISTANT_NAME} messages you have used today (5 a day), so the limit cannot be bypassed. It holds a random identifier and no personal data, it cannot be read by scripts in the page, and it is used for nothing but the chat's daily limit. Because it is strictly necessary for a service you ask for, it does not need your consent.`,
        "There are no analytics cookies, no advertising cookies and no tracking cookies, from us or from anyone else.",
        "Subscribing to the newsletter and unsubscribing set no cookie: the unsubscribe link in our emails carries its own signed code and works in any browser, or straight from your email program.",
        "Members of our own team who sign in to the staff workspace get one more cookie, a strictly necessary sign-in session cookie (HttpOnly, ending after 12 hours or at sign-out). Visitors never receive it.",
      ],
    },
    {
      heading: "Every cookie, by name",
      body: ["These are all the cookies this site can set. Both are HttpOnly (scripts in the page cannot read them), SameSite=Lax and, on our HTTPS site, Secure.", { list: SITE_COOKIES }],
    },
    {
      heading: "Page views are counted without a cookie",
      body: [
        "There is no analytics cookie. Our server counts the views of its public pages from the requests themselves: the page, the site that sent you (its origin only), the campaign parameters of the address and a coarse device class. Unique visitors are counted with a hash that changes every day and cannot be traced back to you; your IP address and browser details are never stored. The Privacy Policy gives the details.",
      ],
    },
    {
      heading: "Local storage",
      body: [
        "Some choices are remembered in your browser's local storage. They stay on your device and are not sent to us, except your chat messages when you send them. The keys are:",
        { list: LOCAL_STORAGE_KEYS },
        "You can clear them at any time from your browser's settings (site data).",
        "One more entry is kept in your browser tab's sessionStorage: where your visit began (the landing page, the site that sent you and the campaign parameters of the link you followed). sessionStorage is not a cookie: it is never sent with your requests, it stays in that one tab, and your browser deletes it when you close the tab. It reaches us only with a form or a chat lead you send, so we know which campaign brought a lead.",
      ],
    },
    {
      heading: "The embedded YouTube video",
      body: [
        "The home page embeds a YouTube video in privacy-enhanced mode, from youtube-nocookie.com. In this mode YouTube says it does not store cookies to personalise your experience unless you play the video. The player is loaded only after the page has finished loading; the requests it makes go to YouTube (Google) and are covered by Google's privacy policy.",
      ],
    },
    {
      heading: "Questions",
      body: [`For any question about cookies or storage, ${CONTACT}.`],
    },
  ],
};

const accessibilityStatement: LegalPage = {
  path: "/accessibility",
  title: titleOf("/accessibility"),
  description: `How the ${PRODUCT_NAME} website is made accessible, the controls it offers and how to report a problem.`,
  sections: [
    {
      heading: "Our commitment",
      body: [
        `We want everyone to be able to use the ${PRODUCT_NAME} website. Our target is conformance with the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.`,
      ],
    },
    {
      heading: "Controls on every page",
      body: [
        "The footer of every page has two controls. Your choices are remembered on this device and applied before the page is shown:",
        {
          list: [
            "Text size: switches between normal (100%) and large (120%) text.",
            "Contrast: switches to a high-contrast mode in which all text has a contrast ratio of at least 7:1.",
          ],
        },
      ],
    },
    {
      heading: "What we have done",
      body: [
        {
          list: [
            "Every function can be used with the keyboard alone, with a visible focus indicator and a “Skip to main content” link.",
            "Pages use headings, landmarks and lists so screen readers can navigate them.",
            "Text and interface elements meet the WCAG AA contrast ratio of 4.5:1 in normal mode.",
            "Buttons, links and form fields have accessible names; form errors are announced.",
            "Animations and smooth scrolling are turned off when your system asks for reduced motion.",
            "Pages are readable without JavaScript, and they work when zoomed to 200% or on small screens.",
          ],
        },
      ],
    },
    {
      heading: "Known limitations",
      body: [
        "The embedded YouTube video is provided by a third party; its player controls and captions depend on YouTube.",
        `${ASSISTANT_NAME}'s answers are generated by AI and may not always be perfectly structured for assistive technologies.`,
      ],
    },
    {
      heading: "Report a problem",
      body: [
        `If something on the site is hard to use, or you need information in another format, ${CONTACT}. Tell us the page and what happened; we answer within 5 working days.`,
      ],
    },
  ],
};

const aiMlPolicy: LegalPage = {
  path: "/ai-ml-policy",
  title: titleOf("/ai-ml-policy"),
  description: `How ${ASSISTANT_NAME}, the AI assistant of ${PRODUCT_NAME}, works, who processes your messages and what it can and cannot do.`,
  sections: [
    {
      heading: `What ${ASSISTANT_NAME} is`,
      body: [
        `${ASSISTANT_NAME} is a demo AI assistant that answers questions about the ${PRODUCT_NAME} platform and about oversized transport: routing, permits, certifications, compliance, tools and our roadmap. For other questions it refers you to ${TEAM_EMAIL} or to the contact form.`,
      ],
    },
    {
      heading: "Answers are estimates",
      body: [
        AI_DISCLAIMER,
        "AI can be wrong, out of date or incomplete. Regulations, permit rules and road restrictions differ between jurisdictions and change often. Never use an answer as the only basis for a route, a permit application or a safety decision.",
      ],
    },
    {
      heading: "Who processes your messages",
      body: [
        `When the AI assistant is enabled, your messages are sent from our server to OpenAI, which generates the answers with the gpt-3.5-turbo model (or the model our operator configures) and acts as our processor. Our server adds short excerpts from our own platform descriptions so the answers stay accurate.`,
        `When no AI provider is configured, ${ASSISTANT_NAME} answers from our platform descriptions alone and your messages do not leave our servers.`,
      ],
    },
    {
      heading: "No training on your data",
      body: [
        "We do not use your conversations to train or fine-tune any AI model, and our provider may not use them to train its models. Conversations are kept for 12 months, as the Privacy Policy explains, and then deleted.",
      ],
    },
    {
      heading: "Limits",
      body: [
        `${ASSISTANT_NAME} offers 5 free messages a day. The count resets at midnight. Paid plans will include more queries (for example 50 a month with Pro Solo and 250 with Pro Team).`,
      ],
    },
    {
      heading: "Machine learning on the platform",
      body: [
        "On the platform itself, which is being launched, members will be able to take part in ML training voluntarily, for example by validating data, and earn free tokens for it. This will always be opt-in and described before you take part.",
      ],
    },
    {
      heading: "Questions and deletion",
      body: [`To ask about ${ASSISTANT_NAME}, or to have your conversations deleted, ${CONTACT}.`],
    },
  ],
};

const legalPages: readonly LegalPage[] = [privacyPolicy, termsOfService, cookiePolicy, accessibilityStatement, aiMlPolicy];

const en = { privacyPolicy, termsOfService, cookiePolicy, accessibilityStatement, aiMlPolicy, legalPages };

export type LegalContent = Translation<typeof en>;

/** The legal pages in each language: `legal[getLocale()]`. */
export const legal: InEveryLanguage<typeof en> = { en, fr: legalFr };

/** The five pages' names in `legal[locale]`. */
export type LegalPageName = Exclude<keyof LegalContent, "legalPages">;

/**
 * The ids of a legal page's sections, made from the English headings in both languages, so the
 * language switch keeps a link to a section ("/privacy#your-rights" ⇄ "/fr/privacy#your-rights").
 */
export const legalSectionIds = (name: LegalPageName): string[] => en[name].sections.map((section) => anchorId(section.heading));
