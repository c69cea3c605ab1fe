/** Home's texts in Canadian French: the shape of ../home.ts (a missing or extra field fails the type-check). */
import { ASSISTANT_NAME, PRODUCT_NAME } from "../brand";
import type { ContentCard } from "../types";
import type { HomeContent } from "../home";

const hero = {
  headline: "Professional Solutions for Heavy Transport Industry",
  lead: `${PRODUCT_NAME} brings route planning, permits, compliance, training and cost tools for oversized and heavy loads together in one platform.`,
  primaryAction: { label: "Explore the platform", to: "/platform" },
  secondaryAction: { label: `Ask ${ASSISTANT_NAME}`, to: "/#chat" },
  videoTitle: `${PRODUCT_NAME} platform preview video`,
  /** The poster shown until the video plays, and for good where it cannot load. */
  videoPoster: "Illustration: a red heavy-haul truck carrying an oversized power transformer on a multi-axle low-bed trailer along a highway, led by a pilot car, both with OVERSIZE LOAD signs",
  videoPlay: "Play video",
} as const;

const intro: ContentCard = {
  title: "Built for the people who move what others can't",
  description: `Moving an oversized or overweight load means planning around bridges, clearances, permits, escorts and regulations that change at every border. ${PRODUCT_NAME} is being built with carriers, pilot-car operators, engineers and permit offices so that independent professionals, small teams, large organisations and municipal, state or provincial and federal governments can plan, check and document every move in one place.`,
};

const featuresSection = {
  title: "What the platform will offer",
  description: "Three groups of tools, designed together so your routes, documents and team stay in sync.",
  cards: [
    {
      title: "Advanced Mapping",
      description: "Map software made for oversized loads, not passenger cars.",
      items: [
        "Route planning with height, width and weight restrictions",
        "Real-time road, weather and construction data",
        "Custom map layers for your own assets and notes",
        "Survey and drawing tools with GeoJSON and KML export",
      ],
    },
    {
      title: "Transport Solutions",
      description: "The paperwork and numbers behind every heavy move.",
      items: [
        "Permit management across jurisdictions",
        "Compliance and safety checklists",
        "Cost simulators for fuel, escorts and permits",
        "Rental and reservation of equipment and escorts",
      ],
    },
    {
      title: "Collaboration",
      description: "One shared workspace for everyone involved in a move.",
      items: [
        "Document centre for permits, surveys and certificates",
        "Partner management for carriers, escorts and suppliers",
        "Technology directory of vetted tools and vendors",
        "Reports you can share with clients and authorities",
      ],
    },
  ] satisfies readonly ContentCard[],
  launchNote: "More services will be revealed at launch. Stay tuned!",
} as const;

const valueSection = {
  title: `Why choose ${PRODUCT_NAME}`,
  description: "A professional platform that works for you, not for advertisers.",
  cards: [
    {
      title: "Industry Network",
      description: "Connect with carriers, pilot-car operators, engineers, permit offices and suppliers who specialise in oversized transport.",
    },
    {
      title: "Professional Tools",
      description: "Purpose-built mapping, permitting, compliance and cost tools, with Max Load to answer questions along the way.",
    },
    {
      title: "Global Reach",
      description: "Designed for the rules of many jurisdictions, from municipal roads to state, provincial and federal networks.",
    },
  ] satisfies readonly ContentCard[],
  tags: ["Privacy-first platform", "No ads", "Your data stays yours"],
} as const;

const announcement = {
  text: `The ${PRODUCT_NAME} platform is being launched. Stay tuned!`,
  closeLabel: "Dismiss announcement",
} as const;

/** Heading of Home's chat section (anchor `chat`); the chat itself renders below it. */
const chatSection = {
  title: `Meet ${ASSISTANT_NAME}, your AI transport specialist`,
  description: `Ask ${ASSISTANT_NAME} about routes, permits, compliance, tools and our launch. The demo offers 5 free messages a day; answers are estimates to be verified.`,
} as const;

export const homeFr: HomeContent = { hero, intro, featuresSection, valueSection, announcement, chatSection };
