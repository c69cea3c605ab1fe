/**
 * The labelled questions of chat-questions.ts asked in Canadian French, as a haulier in Quebec
 * would type them (some without accents or with a typo, as people type in a chat), each labelled
 * with the same passages on the French pages. Written before the French ranking was measured on
 * them; read by the "chat retrieval" bench scenario and by the French knowledge base's tests.
 */
import type { LabelledQuestion } from "./chat-questions";

/** The French page's address of an English passage: "/platform#x" → "/fr/platform#x", "/#x" → "/fr#x". */
const fr = (href: string): string => (href.startsWith("/#") ? `/fr${href.slice(1)}` : `/fr${href}`);
const inFrench = (hrefs: readonly string[]): string[] => hrefs.map(fr);

const PERMITS = fr("/platform#feature-permit-management");
const COMPLIANCE = inFrench(["/platform#feature-compliance", "/platform#service-compliance-and-safety"]);
const ROUTES = inFrench(["/platform#feature-route-planning", "/platform#map-route-planning", "/#features-advanced-mapping"]);
const COSTS = inFrench(["/platform#feature-cost-simulators"]);
const SUBSCRIPTIONS = inFrench(["/platform#subscriptions", "/platform#subscriptions-pro-solo", "/platform#subscriptions-pro-team", "/platform#subscriptions-enterprise"]);

export const CHAT_QUESTIONS_FR: readonly LabelledQuestion[] = [
  // What the platform is
  { question: "Quels services offrez-vous?", expected: inFrench(["/platform#overview", "/#features", "/platform#features", "/platform#additional-services"]) },
  { question: "Qu'est-ce que HeavyRoute?", expected: inFrench(["/platform#overview", "/#hero-title", "/#intro-title"]) },
  { question: "votre plateforme fait quoi au juste", expected: inFrench(["/platform#overview", "/#features", "/platform#features", "/#hero-title"]) },
  { question: "Quelle est votre mission?", expected: inFrench(["/platform#mission"]) },
  { question: "À qui s'adresse la plateforme?", expected: inFrench(["/#intro-title", "/platform#overview"]) },
  { question: "Pourquoi choisir HeavyRoute plutôt que d'autres outils?", expected: inFrench(["/#why-heavyroute"]) },
  { question: "Affichez-vous de la publicité ou vendez-vous mes données?", expected: inFrench(["/#why-heavyroute"]) },
  { question: "Énumérez les fonctionnalités principales", expected: inFrench(["/platform#features", "/platform#overview"]) },

  // Routes and maps
  { question: "Parlez-moi de l'outil de planification d'itinéraires.", expected: ROUTES },
  { question: "Peut-il planifier un itinéraire qui évite les ponts bas pour une charge hors normes?", expected: ROUTES },
  { question: "comment eviter les degagements trop bas avec un chargement haut", expected: [...ROUTES, fr("/platform#map-survey-and-drawing-tools")] },
  { question: "La carte montre-t-elle les fermetures de routes et la météo en temps réel?", expected: inFrench(["/platform#map-real-time-data", "/#features-advanced-mapping"]) },
  { question: "Puis-je ajouter mes propres couches à la carte, comme les sites de mes clients?", expected: inFrench(["/platform#map-custom-layers", "/#features-advanced-mapping"]) },
  { question: "Puis-je exporter un relevé en KML ou en GeoJSON?", expected: inFrench(["/platform#map-survey-and-drawing-tools", "/#features-advanced-mapping"]) },
  { question: "C'est quoi le logiciel de cartographie avancée?", expected: inFrench(["/platform#map-software", "/#features-advanced-mapping"]) },
  { question: "itineraires pour convois exceptionnels?", expected: ROUTES },
  { question: "planifcation d'itinéraire pour charges surdimensionnées", expected: ROUTES },

  // Permits and compliance
  { question: "Comment fonctionnera le système de gestion des permis?", expected: [PERMITS] },
  { question: "Puis-je suivre mes permis hors normes pour chaque province sur un trajet?", expected: [PERMITS] },
  { question: "gestion des permis dans plusieurs juridictions", expected: [PERMITS, fr("/#features-transport-solutions")] },
  { question: "Où est-ce que je garde mes autorisations pour les transports surdimensionnés?", expected: [PERMITS, fr("/platform#feature-document-centre")] },
  { question: "Quels outils de conformité seront offerts?", expected: COMPLIANCE },
  { question: "Avez-vous des listes de vérification pour les escortes, la signalisation et l'arrimage?", expected: COMPLIANCE },
  { question: "Quelles exigences de véhicules d'escorte s'appliquent à mon trajet?", expected: COMPLIANCE },

  // Costs
  { question: "Comment fonctionnera la simulation des coûts?", expected: COSTS },
  { question: "Comment estimer le carburant et les escortes avant de faire une soumission?", expected: COSTS },
  { question: "Pouvez-vous me donner un prix pour un transport lourd?", expected: COSTS },
  { question: "simulateur de couts pour les peages", expected: COSTS },

  // Other features
  { question: "La plateforme offrira-t-elle des ressources de formation?", expected: inFrench(["/platform#feature-training", "/platform#training"]) },
  { question: "Offrez-vous des cours de certification pour les conducteurs de voitures pilotes?", expected: inFrench(["/platform#feature-training", "/platform#training"]) },
  { question: "Où puis-je conserver mes certificats d'assurance et mes relevés?", expected: inFrench(["/platform#feature-document-centre", "/#features-collaboration"]) },
  { question: "Puis-je louer une remorque ou réserver un véhicule d'escorte?", expected: inFrench(["/platform#feature-rental-and-reservation", "/platform#service-transport-solutions"]) },
  { question: "Avez-vous des outils de consignateur électronique pour les heures de service?", expected: inFrench(["/platform#feature-eld-tools", "/platform#vision-eld"]) },
  { question: "journal de bord pour mes chauffeurs", expected: inFrench(["/platform#feature-eld-tools", "/platform#vision-eld"]) },
  { question: "Puis-je envoyer des rapports à mes clients?", expected: inFrench(["/platform#feature-reports", "/#features-collaboration"]) },
  { question: "Y a-t-il une liste de fournisseurs de logiciels vérifiés?", expected: inFrench(["/platform#feature-technology-directory", "/#features-collaboration"]) },
  { question: "Comment gérer mes sous-traitants et leurs évaluations?", expected: inFrench(["/platform#feature-partner-management"]) },
  { question: "En quoi Max Load peut-il m'aider?", expected: inFrench(["/platform#feature-max-load-ai-assistant", "/ai-ml-policy#what-max-load-is", "/#chat"]) },
  { question: "Faites-vous des études d'ingénierie et des relevés de trajets?", expected: inFrench(["/platform#service-survey-and-planning"]) },
  { question: "Avez-vous un calculateur de charge par essieu?", expected: inFrench(["/platform#service-technical-tools"]) },

  // Plans and prices
  { question: "Quels forfaits d'abonnement avez-vous?", expected: SUBSCRIPTIONS },
  { question: "Combien coûte le forfait Pro Team?", expected: inFrench(["/platform#subscriptions-pro-team"]) },
  { question: "prix du pro solo", expected: inFrench(["/platform#subscriptions-pro-solo"]) },
  { question: "J'ai une flotte de 40 camions, quel forfait convient à une grande organisation?", expected: inFrench(["/platform#subscriptions-enterprise"]) },
  { question: "Quel forfait comprend l'exportation de fichiers CAO?", expected: inFrench(["/platform#subscriptions-pro-team"]) },
  { question: "Le soutien est-il rapide avec le forfait Entreprise?", expected: inFrench(["/platform#subscriptions-enterprise"]) },
  { question: "Qu'offrez-vous aux ministères des Transports et aux bureaux des permis?", expected: inFrench(["/platform#government", "/platform#government-state-provincial"]) },
  { question: "Nous sommes une ville; avez-vous quelque chose pour les municipalités?", expected: inFrench(["/platform#government-municipal", "/platform#government"]) },
  { question: "Des solutions pour les organismes fédéraux?", expected: inFrench(["/platform#government-federal", "/platform#government"]) },
  { question: "Combien coûtent les programmes de formation?", expected: inFrench(["/platform#training", "/platform#training-basic", "/platform#training-professional"]) },
  { question: "Combien de temps dure l'accès à la formation professionnelle?", expected: inFrench(["/platform#training-professional"]) },
  { question: "À quoi servent les jetons?", expected: inFrench(["/platform#tokens"]) },
  { question: "Combien de jetons ai-je pour 199 $?", expected: inFrench(["/platform#tokens-pro"]) },
  { question: "Comment gagner des jetons gratuits?", expected: inFrench(["/platform#tokens-earn-free-tokens"]) },

  // Roadmap
  { question: "Qu'est-ce qui est prévu pour 2026?", expected: inFrench(["/platform#vision"]) },
  { question: "Allez-vous créer un TMS pour la répartition et la facturation?", expected: inFrench(["/platform#vision-transportation-management-system"]) },

  // Policies
  { question: "Puis-je agrandir le texte?", expected: inFrench(["/accessibility#controls-on-every-page"]) },
  { question: "Y a-t-il un mode de contraste élevé?", expected: inFrench(["/accessibility#controls-on-every-page"]) },
  { question: "Le site est-il accessible avec un lecteur d'écran?", expected: inFrench(["/accessibility#what-we-have-done", "/accessibility#our-commitment"]) },
  { question: "Comment signaler un problème d'accessibilité?", expected: inFrench(["/accessibility#report-a-problem"]) },
  { question: "Entraînez-vous des modèles d'IA avec mes conversations?", expected: inFrench(["/ai-ml-policy#no-training-on-your-data"]) },
  { question: "Qui traite mes messages de clavardage? Est-ce OpenAI?", expected: inFrench(["/ai-ml-policy#who-processes-your-messages"]) },
  { question: "Les réponses de Max Load sont-elles fiables?", expected: inFrench(["/ai-ml-policy#answers-are-estimates", "/platform#feature-max-load-ai-assistant"]) },
  { question: "Combien de messages gratuits ai-je par jour?", expected: inFrench(["/ai-ml-policy#limits", "/#chat"]) },
  { question: "Comment faire supprimer mes conversations?", expected: inFrench(["/ai-ml-policy#questions-and-deletion"]) },

  // Regulatory: answered by the authority, with what the platform's tools will do
  { question: "Quels permis me faut-il pour une charge de 5 mètres de large?", expected: [PERMITS], regulatory: true },
  { question: "Quelle est la largeur maximale sans permis en Ontario?", expected: [PERMITS], regulatory: true },
  { question: "Ai-je besoin d'escortes pour une charge de 16 pieds de large au Québec?", expected: [...COMPLIANCE, PERMITS], regulatory: true },
  { question: "Quelles sont les restrictions d'heures de circulation pour les charges hors normes en Ontario?", expected: [...COMPLIANCE, PERMITS], regulatory: true },
  { question: "Quel itinéraire dois-je prendre pour un convoi exceptionnel en Alberta?", expected: [...ROUTES, PERMITS], regulatory: true },

  // Out of scope: declined, with the team's address
  { question: "la meilleure pizza à Montréal?", expected: "none" },
  { question: "Recommandez-moi une bonne recette de pizza", expected: "none" },
  { question: "Qui a gagné la coupe Stanley l'an dernier?", expected: "none" },
  { question: "Écrivez-moi un poème sur la mer", expected: "none" },
  { question: "Quelle est la capitale de l'Australie?", expected: "none" },
  { question: "Pouvez-vous m'aider avec ma déclaration de revenus?", expected: "none" },
  { question: "Quel temps fera-t-il à Paris demain?", expected: "none" },
  { question: "Racontez-moi une blague", expected: "none" },
  { question: "Comment réparer les freins de mon auto?", expected: "none" },
  { question: "Quel est le cours de l'action de Tesla?", expected: "none" },
  { question: "Traduisez bonjour en espagnol", expected: "none" },
  { question: "asdfgh qwerty", expected: "none" },
];
