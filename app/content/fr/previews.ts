/**
 * The product previews' captions and descriptions in Canadian French (../previews.ts has the data
 * and the English): the same move, its lists in the same order, its numbers written the French way.
 * `wordsFr`: the words of the French images.
 */
import type { PermitStatus, PreviewName, PreviewWords } from "../previews";

const move = {
  reference: "HR-2417",
  load: "transformateur de 15\u00a0pi 1\u00a0po de largeur et de 15\u00a0pi 9\u00a0po de hauteur, 216\u00a0000\u00a0lb brut",
  from: "Houston, TX",
  to: "Fort McMurray, AB",
  distance: "2\u00a0840\u00a0mi (4\u00a0570\u00a0km)",
};

export const captionsFr: Record<PreviewName, { title: string; caption: string }> = {
  routePlanner: {
    title: "Planificateur d'itinéraires",
    caption: "Un seul itinéraire pour tout le déplacement, vérifié selon chaque limite de hauteur, de largeur et de poids en chemin.",
  },
  permitTracker: {
    title: "Suivi des permis",
    caption: "Tous les permis des États et des provinces d'un déplacement dans une seule liste, avec ce que chaque bureau attend encore.",
  },
  costSimulator: {
    title: "Simulateur de coûts",
    caption: "Escortes, carburant, permis et relevés chiffrés avant de soumissionner.",
  },
};

/** In the order of ../previews.ts `routePlanner.clearances`. */
const clearances = [
  "viaduc de l'I-25, Denver, CO, hauteur 16\u00a0pi 4\u00a0po\u00a0: marge de 7\u00a0po",
  "pont de la rivière Yellowstone, Billings, MT, poids 200\u00a0000\u00a0lb\u00a0: escorte requise",
  "poste frontalier de Coutts, AB, largeur 16\u00a0pi 5\u00a0po\u00a0: de jour seulement",
] as const;

/** In the order of ../previews.ts `permitTracker.permits`. */
const permits = [
  { jurisdiction: "Texas", permit: "voyage unique, charge superlourde", note: "valide du 3 au 12 mars" },
  { jurisdiction: "Oklahoma", permit: "voyage unique, hors normes", note: "valide du 4 au 13 mars" },
  { jurisdiction: "Colorado", permit: "hors normes et surpoids", note: "valide du 5 au 14 mars" },
  { jurisdiction: "Wyoming", permit: "hors normes et surpoids", note: "analyse du pont en attente" },
  { jurisdiction: "Montana", permit: "voyage unique, surpoids", note: "téléverser l'espacement des essieux" },
  { jurisdiction: "Alberta", permit: "hors normes extraprovincial", note: "2 véhicules d'escorte requis" },
] as const;

export const statusFr: Record<PermitStatus, string> = {
  Approved: "approuvé",
  "In review": "en examen",
  Submitted: "soumis",
  "Action needed": "action requise",
};

/** In the order of ../previews.ts `costSimulator.inputs`. */
const inputs = [
  `distance ${move.distance}`,
  "poids brut 216\u00a0000\u00a0lb",
  "largeur × hauteur 15\u00a0pi 1\u00a0po × 15\u00a0pi 9\u00a0po",
  "véhicules d'escorte 2 (avant et arrière)",
  "jours sur la route 6",
] as const;

/** In the order of ../previews.ts `costSimulator.costs`. */
const costLabels = ["véhicules d'escorte et escortes", "carburant", "permis (6 administrations)", "relevé d'itinéraire", "péages et frais"] as const;

const money = (usd: number) => new Intl.NumberFormat("fr-CA", { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 }).format(usd);

/** A preview's short name and its description in French, from the English data's statuses and amounts. */
export function previewTextFr(
  name: PreviewName,
  data: { statuses: readonly PermitStatus[]; costs: readonly number[]; total: number },
): { title: string; description: string } {
  switch (name) {
    case "routePlanner":
      return {
        title: `Aperçu du planificateur d'itinéraires\u00a0: un itinéraire de charge large de ${move.from} à ${move.to}`,
        description: `Une carte du Canada et des États-Unis avec un itinéraire de ${move.distance} pour un ${move.load}, de ${move.from} à ${move.to}, à travers le Texas, l'Oklahoma, le Colorado, le Wyoming, le Montana et l'Alberta. Trois dégagements y sont vérifiés\u00a0: ${clearances.join("; ")}.`,
      };
    case "permitTracker": {
      const count = (status: PermitStatus) => data.statuses.filter((s) => s === status).length;
      return {
        title: `Aperçu du suivi des permis\u00a0: six permis pour le déplacement ${move.reference}`,
        description: `La liste des permis du même déplacement, un par État ou province\u00a0: ${count("Approved")} approuvés, ${count("In review")} en examen, ${count("Submitted")} soumis et ${count("Action needed")} demandant une action. ${permits.map((p, i) => `${p.jurisdiction}, ${p.permit}\u00a0: ${statusFr[data.statuses[i] ?? "Submitted"]} (${p.note})`).join("; ")}.`,
      };
    }
    case "costSimulator":
      return {
        title: `Aperçu du simulateur de coûts\u00a0: une estimation de ${money(data.total)} pour le déplacement ${move.reference}`,
        description: `Les données du simulateur (${inputs.join("; ")}) et la ventilation des coûts\u00a0: ${costLabels.map((label, i) => `${label} ${money(data.costs[i] ?? 0)}`).join(", ")}; total estimé ${money(data.total)}, une estimation à vérifier.`,
      };
  }
}

/** The French images' words (../previews.ts `PreviewWords`), shorter where an image has little room. */
export const wordsFr: PreviewWords = {
  titles: { routePlanner: captionsFr.routePlanner.title, permitTracker: captionsFr.permitTracker.title, costSimulator: captionsFr.costSimulator.title },
  move: (reference) => `Déplacement ${reference}`,
  moveShort: (reference) => reference,
  distance: move.distance,
  loadShort: "15 pi 1 po l · 15 pi 9 po h · 216 000 lb",
  clearancesHeading: "Dégagements sur le trajet",
  allClear: "Tout passe",
  clearances: [
    { place: "Viaduc de l'I-25, Denver, CO", limit: "Hauteur 16 pi 4 po", verdict: "Marge de 7 po" },
    { place: "Pont de la rivière Yellowstone, Billings, MT", limit: "Poids 200 000 lb", verdict: "Escorte requise" },
    { place: "Poste frontalier de Coutts, AB", limit: "Largeur 16 pi 5 po", verdict: "De jour seulement" },
  ],
  approved: (approved, total) => `${approved} permis sur ${total} approuvés`,
  jurisdictionHeading: "ADMINISTRATION",
  statusHeading: "STATUT",
  permits: permits.map(({ permit, note }) => ({ permit: permit.charAt(0).toUpperCase() + permit.slice(1), note: note.charAt(0).toUpperCase() + note.slice(1) })),
  statuses: { Approved: "Approuvé", "In review": "En examen", Submitted: "Soumis", "Action needed": "Action requise" },
  yourMove: "Votre déplacement",
  inputs: [
    { label: "Distance", value: move.distance },
    { label: "Poids brut", value: "216 000 lb" },
    { label: "Largeur × hauteur", value: "15 pi 1 po × 15 pi 9 po" },
    { label: "Véhicules d'escorte", value: "2 (avant et arrière)" },
    { label: "Jours sur la route", value: "6" },
  ],
  costBreakdown: "Ventilation des coûts",
  costLabels: costLabels.map((label) => label.charAt(0).toUpperCase() + label.slice(1)),
  estimatedTotal: "Total estimé",
  estimateNote: "Une estimation à vérifier avant de soumissionner.",
  money,
};
