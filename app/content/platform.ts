/**
 * Platform content (spec §2 "Platform overview", §9 "Plans"), in English; ./fr/platform.ts has the
 * same in French. Rendered by app/features/platform and
 * read by the chat's knowledge base (spec §3: overview, mission, features, advanced map software,
 * subscription plans, vision 2026). Every title + description reads well on its own.
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "./brand";
import { platformFr } from "./fr/platform";
import type { PlanType } from "./plans";
import type { ContentCard, InEveryLanguage, Translation } from "./types";

export type { ContentCard } from "./types";

/**
 * A plan's price in US dollars, the same in every language; ./price.ts writes
 * it the page language's way ("$20/month", "20 $/mois", "Custom").
 */
export interface Price {
  /** Whole US dollars; null when the price is custom (set with each client). */
  usd: number | null;
  /** Charged every month (otherwise once). */
  monthly?: boolean;
}

export interface Plan {
  name: string;
  price: Price;
  description: string;
  items: readonly string[];
}

export interface PlanGroup {
  /** Anchor of the section on /platform. */
  id: "subscriptions" | "government" | "training" | "tokens";
  planType: PlanType;
  title: string;
  description: string;
  plans: readonly Plan[];
  /** Extra notes shown under the plans. */
  notes?: readonly ContentCard[];
}

const overview: ContentCard = {
  title: `${PRODUCT_NAME} platform overview`,
  description: `${PRODUCT_NAME} is a platform for oversized and heavy transport. It covers route planning, permits, training, compliance, cost simulators, a document centre, rental and reservation, ELD tools, reports, a technology directory and partner management. It serves independent professionals, small teams, large organisations and municipal, state or provincial and federal governments. The platform is being launched; ${ASSISTANT_NAME}, our AI assistant, already answers questions about it.`,
};

const mission: ContentCard = {
  title: "Our mission",
  description: `Our mission is to make every oversized and heavy move safer, compliant and predictable by giving the people who plan and drive them professional tools, reliable data and a network they can trust, in one privacy-first platform without ads.`,
};

const coreFeatures: readonly ContentCard[] = [
  { title: "Route Planning", description: "Plan oversized routes around height, width, weight and turning restrictions, bridges and construction zones." },
  { title: "Permit Management", description: "Prepare, track and store oversize and overweight permits for every jurisdiction on a route." },
  { title: "Training", description: "Online courses and certifications for drivers, pilot-car operators, planners and dispatchers." },
  { title: "Compliance", description: "Checklists and rules by jurisdiction for escorts, signage, travel times and load securement." },
  { title: "Cost Simulators", description: "Estimate fuel, permits, escorts, tolls and time before you quote a job." },
  { title: "Document Centre", description: "Keep permits, surveys, certificates and insurance documents together and share them securely." },
  { title: "Rental and Reservation", description: "Find and reserve trailers, escort vehicles and specialised equipment." },
  { title: "ELD Tools", description: "Electronic logging device tools to record hours of service and keep drivers compliant." },
  { title: "Reports", description: "Clear reports on routes, costs, compliance and activity for clients, managers and authorities." },
  { title: "Technology Directory", description: "A directory of vetted software, hardware and service providers for heavy transport." },
  { title: "Partner Management", description: "Manage carriers, escorts, engineers and suppliers, with their documents and ratings, in one place." },
  { title: `${ASSISTANT_NAME} AI Assistant`, description: `${ASSISTANT_NAME} answers questions about routes, permits, certifications, compliance and tools. Its answers are estimates to be verified.` },
];

const advancedMapSoftware = {
  title: "Advanced map software",
  description: "Map software built for oversized and heavy loads, from the first survey to the final route.",
  features: [
    { title: "Route planning", description: "Generate routes that respect the dimensions and weight of your load, with alternatives when a restriction blocks the way." },
    { title: "Real-time data", description: "Road closures, construction, weather and traffic updates on the map while you plan and while you drive." },
    { title: "Custom layers", description: "Add your own layers: client sites, known obstacles, staging areas, escort meeting points and notes." },
    { title: "Survey and drawing tools", description: "Measure clearances, draw corridors and annotate surveys, then export them in GeoJSON and KML formats." },
  ] satisfies readonly ContentCard[],
} as const;

const additionalServices: readonly ContentCard[] = [
  { title: "Compliance and safety", description: "Regulatory guidance, safety checklists and escort requirements for each jurisdiction on your route." },
  { title: "Survey and planning", description: "Route surveys, clearance measurements and engineering reviews for the most complex moves." },
  { title: "Transport solutions", description: "Help with equipment, escorts, rental and reservation for oversized and heavy loads." },
  { title: "Technical tools", description: "Calculators, converters and technical references for axle loads, dimensions and permits." },
];

const subscriptionPlans: PlanGroup = {
  id: "subscriptions",
  planType: "Subscription",
  title: "Subscription plans",
  description: `Choose the plan that fits how you work. Every plan includes the ${PRODUCT_NAME} platform and ${ASSISTANT_NAME} queries.`,
  plans: [
    {
      name: "Pro Solo",
      price: { usd: 20, monthly: true },
      description: "For independent professionals.",
      items: ["50 Max Load queries per month", "Support reply within 72h"],
    },
    {
      name: "Pro Team",
      price: { usd: 100, monthly: true },
      description: "For small teams working together.",
      items: ["250 Max Load queries per month", "48h support", "CAD file export", "Role-based access"],
    },
    {
      name: "Enterprise",
      price: { usd: null },
      description: "For large organisations with custom needs.",
      items: ["Unlimited Max Load queries", "24/7 emergency support"],
    },
  ],
};

const governmentSolutions: PlanGroup = {
  id: "government",
  planType: "Government",
  title: "Government solutions",
  description: "Tools for the public bodies that issue permits, maintain infrastructure and keep oversized moves safe. Pricing is custom and set with each administration.",
  plans: [
    {
      name: "Municipal",
      price: { usd: null },
      description: "For cities and municipalities managing local roads, bridges and permits.",
      items: ["Local permit review", "Infrastructure and clearance layers", "Coordination with carriers"],
    },
    {
      name: "State/provincial",
      price: { usd: null },
      description: "For state and provincial transport departments.",
      items: ["Permit workflows at network scale", "Route and bridge restriction data", "Reports and compliance monitoring"],
    },
    {
      name: "Federal",
      price: { usd: null },
      description: "For federal agencies overseeing national corridors and standards.",
      items: ["Cross-jurisdiction data sharing", "Standards and policy reporting", "Dedicated support"],
    },
  ],
};

const trainingPrograms: PlanGroup = {
  id: "training",
  planType: "Training",
  title: "Training programs",
  description: "Courses and certifications for drivers, pilot-car operators, planners and dispatchers.",
  plans: [
    { name: "Basic", price: { usd: 299 }, description: "The essentials of oversized transport.", items: ["3 months access"] },
    { name: "Professional", price: { usd: 799 }, description: "In-depth training for working professionals.", items: ["6 months access"] },
    { name: "Enterprise", price: { usd: null }, description: "Programs tailored to your organisation.", items: ["Custom access for your whole team"] },
  ],
};

const tokenSystem: PlanGroup = {
  id: "tokens",
  planType: "Token",
  title: "Token system",
  description: "Tokens pay for extra services on the platform, on top of any plan.",
  plans: [
    { name: "Starter", price: { usd: 49 }, description: "To try extra services.", items: ["100 tokens"] },
    { name: "Pro", price: { usd: 199 }, description: "For regular use.", items: ["500 tokens"] },
    { name: "Enterprise", price: { usd: 349 }, description: "For intensive use.", items: ["1000 tokens"] },
  ],
  notes: [
    {
      title: "Earn free tokens",
      description: "Free tokens are earned by contributing to the platform:",
      items: ["Sharing surveys", "Validating data", "ML training", "Feedback"],
    },
  ],
};

const planGroups: readonly PlanGroup[] = [subscriptionPlans, governmentSolutions, trainingPrograms, tokenSystem];

const vision2026 = {
  title: "Vision 2026",
  description: `Where ${PRODUCT_NAME} is heading next.`,
  items: [
    { title: "ELD", description: "Electronic logging devices integrated with the platform, so hours of service, routes and permits stay in one record." },
    { title: "Transportation management system", description: "A transportation management system (TMS) for planning, dispatching, tracking and invoicing oversized and heavy moves." },
  ] satisfies readonly ContentCard[],
} as const;

/** Tabs of the sticky navigation on /platform, in page order. */
const platformTabs = [
  { id: "features", label: "Features" },
  { id: "subscriptions", label: "Subscriptions" },
  { id: "government", label: "Government" },
  { id: "training", label: "Training" },
  { id: "tokens", label: "Tokens" },
  { id: "vision", label: "Vision 2026" },
] as const;

export type PlatformTabId = (typeof platformTabs)[number]["id"];

const en = { overview, mission, coreFeatures, advancedMapSoftware, additionalServices, subscriptionPlans, governmentSolutions, trainingPrograms, tokenSystem, planGroups, vision2026, platformTabs };

export type PlatformContent = Translation<typeof en>;

/** The platform's texts in each language: `platform[getLocale()]`. */
export const platform: InEveryLanguage<typeof en> = { en, fr: platformFr };
