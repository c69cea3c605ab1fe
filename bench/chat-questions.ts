/**
 * Questions a haulier, a fleet manager or a public buyer would ask Max Load, each labelled with the
 * passages (their href: page path and id) that answer it, or "none" when the site has no answer and
 * Max Load should decline and refer to the team. Written before the ranking was tuned; read by the
 * "chat retrieval" bench scenario and by the knowledge base's tests.
 * `regulatory`: asks for a rule of a jurisdiction, which the answer must leave to the authority.
 */
export interface LabelledQuestion {
  question: string;
  expected: readonly string[] | "none";
  regulatory?: true;
}

const PERMITS = "/platform#feature-permit-management";
const COMPLIANCE = ["/platform#feature-compliance", "/platform#service-compliance-and-safety"];
const ROUTES = ["/platform#feature-route-planning", "/platform#map-route-planning", "/#features-advanced-mapping"];
const COSTS = ["/platform#feature-cost-simulators"];
const SUBSCRIPTIONS = ["/platform#subscriptions", "/platform#subscriptions-pro-solo", "/platform#subscriptions-pro-team", "/platform#subscriptions-enterprise"];

export const CHAT_QUESTIONS: readonly LabelledQuestion[] = [
  // What the platform is
  { question: "What services do you offer?", expected: ["/platform#overview", "/#features", "/platform#features", "/platform#additional-services"] },
  { question: "What is HeavyRoute?", expected: ["/platform#overview", "/#hero-title", "/#intro-title"] },
  { question: "what does your platform actually do", expected: ["/platform#overview", "/#features", "/platform#features", "/#hero-title"] },
  { question: "What is your mission?", expected: ["/platform#mission"] },
  { question: "Who is the platform for?", expected: ["/#intro-title", "/platform#overview"] },
  { question: "Why should I choose HeavyRoute over other tools?", expected: ["/#why-heavyroute"] },
  { question: "Do you show ads or sell my data?", expected: ["/#why-heavyroute"] },
  { question: "List the core features", expected: ["/platform#features", "/platform#overview"] },

  // Routes and maps
  { question: "Tell me about the route planning tool.", expected: ROUTES },
  { question: "Can it plan a route around low bridges for an oversize load?", expected: ROUTES },
  { question: "how do i avoid low clearances with a tall load", expected: [...ROUTES, "/platform#map-survey-and-drawing-tools"] },
  { question: "Does the map show road closures and weather in real time?", expected: ["/platform#map-real-time-data", "/#features-advanced-mapping"] },
  { question: "Can I add my own layers to the map, like client sites?", expected: ["/platform#map-custom-layers", "/#features-advanced-mapping"] },
  { question: "Can I export a survey to KML or GeoJSON?", expected: ["/platform#map-survey-and-drawing-tools", "/#features-advanced-mapping"] },
  { question: "What is the advanced map software?", expected: ["/platform#map-software", "/#features-advanced-mapping"] },
  { question: "routing for OSOW loads?", expected: ROUTES },
  { question: "Rout planing for superloads", expected: ROUTES },

  // Permits and compliance
  { question: "How will the permit management system work?", expected: [PERMITS] },
  { question: "Can I track my oversize permits for every state on a route?", expected: [PERMITS] },
  { question: "permit managment across jurisdictions", expected: [PERMITS, "/#features-transport-solutions"] },
  { question: "Where do I keep my authorizations for overdimensional moves?", expected: [PERMITS, "/platform#feature-document-centre"] },
  { question: "What compliance tools will be available?", expected: COMPLIANCE },
  { question: "Do you have checklists for escorts, signage and load securement?", expected: COMPLIANCE },
  { question: "Which escort vehicle requirements apply on my route?", expected: COMPLIANCE },

  // Costs
  { question: "How will the cost simulation work?", expected: COSTS },
  { question: "How do I estimate fuel and escort costs before quoting a job?", expected: COSTS },
  { question: "Can you give me a price quote for a heavy haul?", expected: COSTS },
  { question: "cost simulater for tolls", expected: COSTS },

  // Other features
  { question: "Will the platform include training resources?", expected: ["/platform#feature-training", "/platform#training"] },
  { question: "Do you offer certification courses for pilot car drivers?", expected: ["/platform#feature-training", "/platform#training"] },
  { question: "Where can I store insurance certificates and surveys?", expected: ["/platform#feature-document-centre", "/#features-collaboration"] },
  { question: "Can I rent a trailer or book an escort vehicle?", expected: ["/platform#feature-rental-and-reservation", "/platform#service-transport-solutions"] },
  { question: "Do you have ELD tools for hours of service?", expected: ["/platform#feature-eld-tools", "/platform#vision-eld"] },
  { question: "logbook for my drivers", expected: ["/platform#feature-eld-tools", "/platform#vision-eld"] },
  { question: "Can I send reports to my clients?", expected: ["/platform#feature-reports", "/#features-collaboration"] },
  { question: "Is there a list of vetted software vendors?", expected: ["/platform#feature-technology-directory", "/#features-collaboration"] },
  { question: "How do I manage my subcontractors and their ratings?", expected: ["/platform#feature-partner-management"] },
  { question: "What can Max Load help me with?", expected: ["/platform#feature-max-load-ai-assistant", "/ai-ml-policy#what-max-load-is", "/#chat"] },
  { question: "Do you do engineering reviews and route surveys?", expected: ["/platform#service-survey-and-planning"] },
  { question: "Do you have an axle load calculator?", expected: ["/platform#service-technical-tools"] },

  // Plans and prices
  { question: "What subscription plans do you have?", expected: SUBSCRIPTIONS },
  { question: "How much is the Pro Team plan?", expected: ["/platform#subscriptions-pro-team"] },
  { question: "price of pro solo", expected: ["/platform#subscriptions-pro-solo"] },
  { question: "I run a fleet of 40 trucks, which plan fits a large organisation?", expected: ["/platform#subscriptions-enterprise"] },
  { question: "Which plan includes CAD file export?", expected: ["/platform#subscriptions-pro-team"] },
  { question: "How fast is support on the Enterprise plan?", expected: ["/platform#subscriptions-enterprise"] },
  { question: "What do you offer state DOTs and permit offices?", expected: ["/platform#government", "/platform#government-state-provincial"] },
  { question: "We are a city; do you have something for municipalities?", expected: ["/platform#government-municipal", "/platform#government"] },
  { question: "Solutions for federal agencies?", expected: ["/platform#government-federal", "/platform#government"] },
  { question: "How much do the training programs cost?", expected: ["/platform#training", "/platform#training-basic", "/platform#training-professional"] },
  { question: "How long is access to the Professional training?", expected: ["/platform#training-professional"] },
  { question: "What are tokens for?", expected: ["/platform#tokens"] },
  { question: "How many tokens do I get for $199?", expected: ["/platform#tokens-pro"] },
  { question: "How can I earn free tokens?", expected: ["/platform#tokens-earn-free-tokens"] },

  // Roadmap
  { question: "What is on your roadmap for 2026?", expected: ["/platform#vision"] },
  { question: "Will you build a TMS for dispatching and invoicing?", expected: ["/platform#vision-transportation-management-system"] },

  // Policies
  { question: "Can I make the text bigger?", expected: ["/accessibility#controls-on-every-page"] },
  { question: "Is there a high contrast mode?", expected: ["/accessibility#controls-on-every-page"] },
  { question: "Is the site accessible with a screen reader?", expected: ["/accessibility#what-we-have-done", "/accessibility#our-commitment"] },
  { question: "How do I report an accessibility problem?", expected: ["/accessibility#report-a-problem"] },
  { question: "Do you train AI models on my conversations?", expected: ["/ai-ml-policy#no-training-on-your-data"] },
  { question: "Who processes my chat messages? Is it OpenAI?", expected: ["/ai-ml-policy#who-processes-your-messages"] },
  { question: "Are Max Load's answers reliable?", expected: ["/ai-ml-policy#answers-are-estimates", "/platform#feature-max-load-ai-assistant"] },
  { question: "How many free messages do I get a day?", expected: ["/ai-ml-policy#limits", "/#chat"] },
  { question: "How do I get my conversations deleted?", expected: ["/ai-ml-policy#questions-and-deletion"] },

  // Regulatory: answered by the authority, with what the platform's tools will do
  { question: "What permits do I need for a 5 metre wide load?", expected: [PERMITS], regulatory: true },
  { question: "What is the maximum width without a permit in Texas?", expected: [PERMITS], regulatory: true },
  { question: "Do I need escorts for a 16 ft wide load in Ontario?", expected: [...COMPLIANCE, PERMITS], regulatory: true },
  { question: "What are the oversize travel time restrictions in California?", expected: [...COMPLIANCE, PERMITS], regulatory: true },
  { question: "Which route must I take for a superload through Alberta?", expected: [...ROUTES, PERMITS], regulatory: true },

  // Out of scope: declined, with the team's address
  { question: "best pizza in Toronto?", expected: "none" },
  { question: "Recommend a good pizza recipe", expected: "none" },
  { question: "Who won the Stanley Cup last year?", expected: "none" },
  { question: "Write me a poem about the sea", expected: "none" },
  { question: "What's the capital of Australia?", expected: "none" },
  { question: "Can you help me with my tax return?", expected: "none" },
  { question: "What's the weather in Paris tomorrow?", expected: "none" },
  { question: "Tell me a joke", expected: "none" },
  { question: "How do I fix my car's brakes?", expected: "none" },
  { question: "What's the stock price of Tesla?", expected: "none" },
  { question: "Translate hello into Spanish", expected: "none" },
  { question: "asdfgh qwerty", expected: "none" },
];
