/**
 * Home's texts in Canadian French: the shape of ../home.ts (a missing or extra field fails the
 * type-check). `\u00a0` is the non-breaking space French typography puts before ":" and inside « ».
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "../brand";
import type { ContentCard } from "../types";
import type { HomeContent } from "../home";

const hero = {
  headline: "Des solutions professionnelles pour le transport lourd",
  lead: `${PRODUCT_NAME} réunit dans une seule plateforme la planification d'itinéraires, les permis, la conformité, la formation et l'estimation des coûts pour les charges hors normes et lourdes.`,
  primaryAction: { label: "Découvrir la plateforme", to: "/platform" },
  secondaryAction: { label: `Demander à ${ASSISTANT_NAME}`, to: "/#chat" },
  videoTitle: `Vidéo de présentation de la plateforme ${PRODUCT_NAME}`,
  /** The poster shown until the video plays, and for good where it cannot load. */
  videoPoster:
    "Illustration\u00a0: un camion rouge de transport lourd tire un transformateur électrique hors normes sur une remorque surbaissée à essieux multiples, sur une autoroute, précédé d'un véhicule d'escorte; les deux portent des panneaux «\u00a0OVERSIZE LOAD\u00a0» (charge hors normes)",
  videoPlay: "Lire la vidéo",
} as const;

const intro: ContentCard = {
  title: "Conçue pour ceux qui déplacent ce que d'autres ne peuvent pas déplacer",
  description: `Déplacer une charge hors normes ou en surpoids, c'est composer avec des ponts, des dégagements, des permis, des escortes et une réglementation qui change à chaque frontière. ${PRODUCT_NAME} est conçue avec des transporteurs, des conducteurs de véhicules d'escorte, des ingénieurs et des bureaux de permis pour que les professionnels indépendants, les petites équipes, les grandes organisations et les gouvernements municipaux, provinciaux ou des États et fédéraux puissent planifier, vérifier et documenter chaque déplacement au même endroit.`,
};

const featuresSection = {
  title: "Ce que la plateforme offrira",
  description: "Trois groupes d'outils, conçus ensemble pour que vos itinéraires, vos documents et votre équipe restent synchronisés.",
  cards: [
    {
      title: "Cartographie avancée",
      description: "Un logiciel cartographique conçu pour les charges hors normes, pas pour les voitures.",
      items: [
        "Planification d'itinéraires selon les restrictions de hauteur, de largeur et de poids",
        "Données routières, météo et chantiers en temps réel",
        "Couches cartographiques personnalisées pour vos propres actifs et notes",
        "Outils de relevé et de dessin avec exportation GeoJSON et KML",
      ],
    },
    {
      title: "Solutions de transport",
      description: "La paperasse et les chiffres derrière chaque transport lourd.",
      items: [
        "Gestion des permis dans toutes les administrations",
        "Listes de vérification de conformité et de sécurité",
        "Simulateurs de coûts pour le carburant, les escortes et les permis",
        "Location et réservation d'équipement et d'escortes",
      ],
    },
    {
      title: "Travail collaboratif",
      description: "Un espace de travail commun pour toutes les personnes qui participent à un déplacement.",
      items: [
        "Centre de documents pour les permis, les relevés et les certificats",
        "Gestion des partenaires\u00a0: transporteurs, escortes et fournisseurs",
        "Répertoire technologique d'outils et de fournisseurs validés",
        "Rapports à partager avec vos clients et les autorités",
      ],
    },
  ] satisfies readonly ContentCard[],
  launchNote: "D'autres services seront dévoilés au lancement. Restez à l'affût!",
} as const;

const valueSection = {
  title: `Pourquoi choisir ${PRODUCT_NAME}`,
  description: "Une plateforme professionnelle qui travaille pour vous, pas pour les annonceurs.",
  cards: [
    {
      title: "Réseau de l'industrie",
      description: "Entrez en contact avec des transporteurs, des conducteurs de véhicules d'escorte, des ingénieurs, des bureaux de permis et des fournisseurs spécialisés dans le transport hors normes.",
    },
    {
      title: "Outils professionnels",
      description: `Des outils de cartographie, de permis, de conformité et de coûts conçus pour le métier, avec ${ASSISTANT_NAME} pour répondre à vos questions en cours de route.`,
    },
    {
      title: "Portée mondiale",
      description: "Conçue pour les règles de nombreuses administrations, des routes municipales aux réseaux provinciaux, des États et fédéraux.",
    },
  ] satisfies readonly ContentCard[],
  tags: ["Plateforme axée sur la confidentialité", "Aucune publicité", "Vos données restent les vôtres"],
} as const;

const announcement = {
  text: `La plateforme ${PRODUCT_NAME} est en cours de lancement. Restez à l'affût!`,
  closeLabel: "Fermer l'annonce",
} as const;

/** Heading of Home's chat section (anchor `chat`); the chat itself renders below it. */
const chatSection = {
  title: `Voici ${ASSISTANT_NAME}, votre spécialiste du transport propulsé par l'IA`,
  description: `Posez vos questions à ${ASSISTANT_NAME} sur les itinéraires, les permis, la conformité, les outils et notre lancement. La démo offre 5 messages gratuits par jour; les réponses sont des estimations à vérifier.`,
} as const;

export const homeFr: HomeContent = { hero, intro, featuresSection, valueSection, announcement, chatSection };
