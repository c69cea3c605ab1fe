/**
 * The platform's texts in Canadian French: the shape of ../platform.ts (a missing or extra field
 * fails the type-check). Prices are the English module's numbers. `\u00a0` is the non-breaking
 * space French typography puts before ":" and between a number and its unit.
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "../brand";
import type { PlatformContent, PlanGroup } from "../platform";
import type { ContentCard } from "../types";

const overview: ContentCard = {
  title: `Aperçu de la plateforme ${PRODUCT_NAME}`,
  description: `${PRODUCT_NAME} est une plateforme pour le transport hors normes et lourd. Elle couvre la planification d'itinéraires, les permis, la formation, la conformité, les simulateurs de coûts, un centre de documents, la location et la réservation, des outils de DCE, les rapports, un répertoire technologique et la gestion des partenaires. Elle s'adresse aux professionnels indépendants, aux petites équipes, aux grandes organisations et aux gouvernements municipaux, provinciaux ou des États et fédéraux. La plateforme est en cours de lancement; ${ASSISTANT_NAME}, notre assistant IA, répond déjà aux questions à son sujet.`,
};

const mission: ContentCard = {
  title: "Notre mission",
  description: `Notre mission est de rendre chaque transport hors normes et lourd plus sûr, conforme et prévisible en donnant aux personnes qui le planifient et le conduisent des outils professionnels, des données fiables et un réseau digne de confiance, dans une seule plateforme axée sur la confidentialité et sans publicité.`,
};

const coreFeatures: readonly ContentCard[] = [
  { title: "Planification d'itinéraires", description: "Planifiez des itinéraires hors normes en tenant compte des restrictions de hauteur, de largeur, de poids et de virage, des ponts et des zones de travaux." },
  { title: "Gestion des permis", description: "Préparez, suivez et conservez les permis pour charges hors normes et en surpoids de chaque administration sur un itinéraire." },
  { title: "Formation", description: "Cours en ligne et certifications pour les conducteurs, les conducteurs de véhicules d'escorte, les planificateurs et les répartiteurs." },
  { title: "Conformité", description: "Listes de vérification et règles par administration pour les escortes, la signalisation, les heures de circulation et l'arrimage des charges." },
  { title: "Simulateurs de coûts", description: "Estimez le carburant, les permis, les escortes, les péages et le temps avant de soumissionner un contrat." },
  { title: "Centre de documents", description: "Regroupez permis, relevés, certificats et documents d'assurance, et partagez-les en toute sécurité." },
  { title: "Location et réservation", description: "Trouvez et réservez des remorques, des véhicules d'escorte et de l'équipement spécialisé." },
  { title: "Outils de DCE", description: "Des outils de dispositif de consignation électronique (DCE) pour enregistrer les heures de service et garder les conducteurs en conformité." },
  { title: "Rapports", description: "Des rapports clairs sur les itinéraires, les coûts, la conformité et l'activité pour vos clients, vos gestionnaires et les autorités." },
  { title: "Répertoire technologique", description: "Un répertoire de fournisseurs de logiciels, de matériel et de services validés pour le transport lourd." },
  { title: "Gestion des partenaires", description: "Gérez transporteurs, escortes, ingénieurs et fournisseurs, avec leurs documents et leurs évaluations, au même endroit." },
  { title: `Assistant IA ${ASSISTANT_NAME}`, description: `${ASSISTANT_NAME} répond aux questions sur les itinéraires, les permis, les certifications, la conformité et les outils. Ses réponses sont des estimations à vérifier.` },
];

const advancedMapSoftware = {
  title: "Logiciel cartographique avancé",
  description: "Un logiciel cartographique conçu pour les charges hors normes et lourdes, du premier relevé à l'itinéraire final.",
  features: [
    { title: "Planification d'itinéraires", description: "Générez des itinéraires qui respectent les dimensions et le poids de votre charge, avec des solutions de rechange quand une restriction bloque le passage." },
    { title: "Données en temps réel", description: "Fermetures de routes, chantiers, météo et circulation mis à jour sur la carte pendant que vous planifiez et pendant que vous roulez." },
    { title: "Couches personnalisées", description: "Ajoutez vos propres couches\u00a0: sites des clients, obstacles connus, aires de rassemblement, points de rencontre des escortes et notes." },
    { title: "Outils de relevé et de dessin", description: "Mesurez les dégagements, tracez des corridors et annotez vos relevés, puis exportez-les aux formats GeoJSON et KML." },
  ] satisfies readonly ContentCard[],
} as const;

const additionalServices: readonly ContentCard[] = [
  { title: "Conformité et sécurité", description: "Conseils réglementaires, listes de vérification de sécurité et exigences d'escorte pour chaque administration de votre itinéraire." },
  { title: "Relevés et planification", description: "Relevés d'itinéraires, mesures de dégagement et analyses d'ingénierie pour les déplacements les plus complexes." },
  { title: "Solutions de transport", description: "De l'aide pour l'équipement, les escortes, la location et la réservation pour les charges hors normes et lourdes." },
  { title: "Outils techniques", description: "Calculateurs, convertisseurs et références techniques pour les charges par essieu, les dimensions et les permis." },
];

const subscriptionPlans: PlanGroup = {
  id: "subscriptions",
  planType: "Subscription",
  title: "Forfaits d'abonnement",
  description: `Choisissez le forfait qui correspond à votre façon de travailler. Chaque forfait comprend la plateforme ${PRODUCT_NAME} et des requêtes à ${ASSISTANT_NAME}.`,
  plans: [
    {
      name: "Pro Solo",
      price: { usd: 20, monthly: true },
      description: "Pour les professionnels indépendants.",
      items: [`50 requêtes à ${ASSISTANT_NAME} par mois`, "Réponse du soutien en moins de 72\u00a0h"],
    },
    {
      name: "Pro Équipe",
      price: { usd: 100, monthly: true },
      description: "Pour les petites équipes qui travaillent ensemble.",
      items: [`250 requêtes à ${ASSISTANT_NAME} par mois`, "Soutien en 48\u00a0h", "Exportation de fichiers CAO", "Accès selon les rôles"],
    },
    {
      name: "Entreprise",
      price: { usd: null },
      description: "Pour les grandes organisations aux besoins particuliers.",
      items: [`Requêtes à ${ASSISTANT_NAME} illimitées`, "Soutien d'urgence 24\u00a0heures sur 24, 7\u00a0jours sur 7"],
    },
  ],
};

const governmentSolutions: PlanGroup = {
  id: "government",
  planType: "Government",
  title: "Solutions pour les gouvernements",
  description: "Des outils pour les organismes publics qui délivrent les permis, entretiennent les infrastructures et assurent la sécurité des transports hors normes. Le prix est établi sur mesure avec chaque administration.",
  plans: [
    {
      name: "Municipalités",
      price: { usd: null },
      description: "Pour les villes et municipalités qui gèrent leurs routes, leurs ponts et leurs permis.",
      items: ["Examen des permis locaux", "Couches d'infrastructures et de dégagements", "Coordination avec les transporteurs"],
    },
    {
      name: "Provinces et États",
      price: { usd: null },
      description: "Pour les ministères des Transports des provinces et des États.",
      items: ["Traitement des permis à l'échelle du réseau", "Données sur les restrictions des routes et des ponts", "Rapports et suivi de la conformité"],
    },
    {
      name: "Fédéral",
      price: { usd: null },
      description: "Pour les organismes fédéraux qui encadrent les corridors et les normes nationales.",
      items: ["Partage de données entre administrations", "Rapports sur les normes et les politiques", "Soutien dédié"],
    },
  ],
};

const trainingPrograms: PlanGroup = {
  id: "training",
  planType: "Training",
  title: "Programmes de formation",
  description: "Cours et certifications pour les conducteurs, les conducteurs de véhicules d'escorte, les planificateurs et les répartiteurs.",
  plans: [
    { name: "Essentiel", price: { usd: 299 }, description: "L'essentiel du transport hors normes.", items: ["Accès pendant 3\u00a0mois"] },
    { name: "Professionnel", price: { usd: 799 }, description: "Une formation approfondie pour les professionnels en exercice.", items: ["Accès pendant 6\u00a0mois"] },
    { name: "Entreprise", price: { usd: null }, description: "Des programmes adaptés à votre organisation.", items: ["Accès sur mesure pour toute votre équipe"] },
  ],
};

const tokenSystem: PlanGroup = {
  id: "tokens",
  planType: "Token",
  title: "Système de jetons",
  description: "Les jetons paient des services supplémentaires sur la plateforme, en plus de tout forfait.",
  plans: [
    { name: "Découverte", price: { usd: 49 }, description: "Pour essayer les services supplémentaires.", items: ["100 jetons"] },
    { name: "Pro", price: { usd: 199 }, description: "Pour un usage régulier.", items: ["500 jetons"] },
    { name: "Entreprise", price: { usd: 349 }, description: "Pour un usage intensif.", items: ["1000 jetons"] },
  ],
  notes: [
    {
      title: "Obtenez des jetons gratuits",
      description: "Vous obtenez des jetons gratuits en contribuant à la plateforme\u00a0:",
      items: ["Partage de relevés", "Validation de données", "Entraînement de modèles d'apprentissage automatique", "Commentaires"],
    },
  ],
};

const planGroups: readonly PlanGroup[] = [subscriptionPlans, governmentSolutions, trainingPrograms, tokenSystem];

const vision2026 = {
  title: "Vision 2026",
  description: `Les prochaines étapes de ${PRODUCT_NAME}.`,
  items: [
    { title: "DCE", description: "Des dispositifs de consignation électronique (DCE) intégrés à la plateforme, pour que les heures de service, les itinéraires et les permis restent dans un seul dossier." },
    { title: "Système de gestion du transport", description: "Un système de gestion du transport (TMS) pour planifier, répartir, suivre et facturer les transports hors normes et lourds." },
  ] satisfies readonly ContentCard[],
} as const;

/** Tabs of the sticky navigation on /platform, in page order. */
const platformTabs = [
  { id: "features", label: "Fonctionnalités" },
  { id: "subscriptions", label: "Abonnements" },
  { id: "government", label: "Gouvernements" },
  { id: "training", label: "Formation" },
  { id: "tokens", label: "Jetons" },
  { id: "vision", label: "Vision 2026" },
] as const;

export const platformFr: PlatformContent = { overview, mission, coreFeatures, advancedMapSoftware, additionalServices, subscriptionPlans, governmentSolutions, trainingPrograms, tokenSystem, planGroups, vision2026, platformTabs };
