/**
 * The French knowledge base: built from the French pages' content (`home.fr`, `platform.fr`,
 * `legal.fr`), linked to the French pages, ranked with French words (Snowball's French stems, no
 * English stemmer). Written against whatever text the French content holds, so it holds as the
 * translation lands.
 */
import { describe, expect, it } from "vitest";
import { home } from "~/content/home";
import { legal } from "~/content/legal";
import { platform } from "~/content/platform";
import { CHAT_QUESTIONS_FR } from "../../bench/chat-questions-fr";
import { measureQuality } from "../../bench/scenarios/chat-retrieval";
import { bestPassages, buildKnowledgeBase, buildKnowledgeBases, findRelevant, knowledgeBaseOf, tokenize, type KnowledgeEntry } from "./knowledge-base";
import { termsOf } from "./ranking";
import { knowledgeBaseAnswer } from "./texts";

const fr = buildKnowledgeBase("fr");

describe("the French knowledge base", () => {
  it("is read from the French content and links to the French pages", () => {
    const { coreFeatures, planGroups } = platform.fr;
    for (const feature of coreFeatures) expect(fr.entries.some((e) => e.title === feature.title && e.href.startsWith("/fr/platform#feature-")), feature.title).toBe(true);
    for (const group of planGroups) expect(fr.entries.find((e) => e.href === `/fr/platform#${group.id}`)?.title).toBe(group.title);
    for (const card of home.fr.featuresSection.cards) expect(fr.entries.some((e) => e.title === card.title && e.href.startsWith("/fr#")), card.title).toBe(true);
    expect(fr.entries.filter((e) => e.href.startsWith("/fr/accessibility#"))).toHaveLength(legal.fr.accessibilityStatement.sections.length);
    for (const e of fr.entries) expect(e.href, e.title).toMatch(/^\/fr(\/[a-z-]+)?#[a-z0-9-]+$/);
    expect(fr.entries.find((e) => e.href === "/fr#hero-title")?.label).toBe("Accueil");
    expect(fr.entries.some((e) => e.label.startsWith("Accueil\u00a0: "))).toBe(true);
    expect(fr.permitTools).toMatch(/^\/fr\/platform#feature-/);
    expect(fr.entries.some((e) => e.href === fr.permitTools)).toBe(true);
  });

  it("one per language, the English one unchanged", () => {
    const all = buildKnowledgeBases();
    expect(all.fr.locale).toBe("fr");
    expect(all.en.locale).toBe("en");
    expect(all.en.entries.find((e) => e.href === "/#hero-title")?.label).toBe("Home");
    expect(all.en.permitTools).toBe("/platform#feature-permit-management");
  });

  it("finds a French page's passage from its own words", () => {
    const feature = platform.fr.coreFeatures[0]!;
    const best = bestPassages(findRelevant(feature.title, fr))[0];
    expect(best?.entry.href).toMatch(/^\/fr\/platform#feature-/);
    expect(best?.entry.title).toBe(feature.title);
  });
});

describe("French words", () => {
  it("are compared without accents, elisions and stop words (the spec's overlap rule)", () => {
    expect(tokenize("Quels sont les itinéraires de l'outil?", "fr")).toEqual(["itineraire", "outil"]);
  });

  const entries: KnowledgeEntry[] = [
    { href: "/fr/platform#feature-route", label: "Itinéraires", category: "feature", title: "Planification d'itinéraires", text: "Planifiez des itinéraires pour charges hors normes en tenant compte des ponts, de la hauteur et du poids." },
    { href: "/fr/platform#feature-permis", label: "Permis", category: "feature", title: "Gestion des permis", text: "Demandez, suivez et renouvelez vos permis dans chaque province et chaque État." },
    { href: "/fr/platform#feature-couts", label: "Coûts", category: "feature", title: "Simulateurs de coûts", text: "Estimez le carburant, les escortes et les permis avant de préparer une soumission." },
  ];
  const kb = knowledgeBaseOf(entries, "/fr/platform#feature-permis", "fr");
  const top = (question: string) => bestPassages(findRelevant(question, kb))[0]?.entry.href;

  it("rank French questions, the trade's words read as the site's", () => {
    expect(top("Parlez-moi de l'outil de planification d'itinéraire.")).toBe("/fr/platform#feature-route");
    expect(top("Comment obtenir une autorisation pour un convoi exceptionnel?")).toBe("/fr/platform#feature-permis");
    expect(top("Quel est le prix d'une voiture pilote?")).toBe("/fr/platform#feature-couts");
    expect(bestPassages(findRelevant("Recommandez-moi une bonne recette de pizza", kb))).toEqual([]);
  });

  it("find a passage from any form of its words: plurals, the feminine, verbs, with or without accents", () => {
    const words = knowledgeBaseOf(
      [
        { href: "/fr/platform#itineraires", label: "Itinéraires", category: "feature", title: "Planification d'itinéraires", text: "Planifiez le trajet de vos véhicules hors normes, pont par pont." },
        { href: "/fr/platform#formation", label: "Formation", category: "feature", title: "Formation", text: "Des cours en ligne pour vos chauffeurs, avec une attestation à la fin." },
        { href: "/fr#contact", label: "Contact", category: "home", title: "Formulaire de contact", text: "Écrivez à l'équipe, qui répond à chaque message dans un jour ouvrable." },
        { href: "/fr/platform#conformite", label: "Conformité", category: "feature", title: "Conformité", text: "Des listes de vérification pour la signalisation et l'arrimage de chaque chargement." },
        { href: "/fr/platform#abonnements", label: "Abonnements", category: "plan", title: "Abonnements", text: "Trois forfaits mensuels, payables en dollars canadiens." },
      ],
      "/fr/platform#itineraires",
      "fr",
    );
    const first = (question: string) => bestPassages(findRelevant(question, words))[0]?.entry.href;
    expect(first("Un itinéraire pour mon camion?")).toBe("/fr/platform#itineraires");
    expect(first("itineraires pour un vehicule hors norme")).toBe("/fr/platform#itineraires");
    expect(first("Pouvez-vous planifier mon trajet?")).toBe("/fr/platform#itineraires");
    // "formation" and "formulaire" share their first letters, not their meaning.
    expect(first("Offrez-vous des formations?")).toBe("/fr/platform#formation");
    expect(first("Où est le formulaire?")).toBe("/fr#contact");
    expect(first("Mon chargement est-il conforme?")).toBe("/fr/platform#conformite");
    expect(first("conformite de la signalisation")).toBe("/fr/platform#conformite");
    expect(first("Comment m'abonner?")).toBe("/fr/platform#abonnements");
    expect(first("Quel abonnement choisir?")).toBe("/fr/platform#abonnements");
  });

  it("give a French answer, with its sources", () => {
    const answer = knowledgeBaseAnswer("Parlez-moi de la planification d'itinéraires", findRelevant("Parlez-moi de la planification d'itinéraires", kb), "equipe@example.ca", [], "fr");
    expect(answer.text).toContain("Voici ce que je peux vous dire d'après le site de HeavyRoute\u00a0:");
    expect(answer.text).toContain("- **Planification d'itinéraires**\u00a0: Planifiez des itinéraires");
    expect(answer.text).toContain("Les réponses de Max Load sont des estimations à vérifier.");
    expect(answer.sources[0]?.href).toBe("/fr/platform#feature-route");
    const declined = knowledgeBaseAnswer("Une recette de pizza?", findRelevant("Une recette de pizza?", kb), "equipe@example.ca", [], "fr");
    expect(declined.text).toMatch(/^Je n'ai pas de réponse à cette question sur le site de HeavyRoute\./);
    expect(declined.sources).toEqual([]);
  });

  it("a regulatory question in French: the authority decides, then the permit tools", () => {
    const question = "Quelle est la largeur maximale d'une charge au Québec?";
    const answer = knowledgeBaseAnswer(question, findRelevant(question, kb), "equipe@example.ca", [], "fr");
    expect(answer.text).toContain("pour Québec, le ministère des Transports de la province ou du territoire");
    expect(answer.text).toContain("Ce que HeavyRoute fera pour vous\u00a0:");
    expect(answer.sources.map((s) => s.href)).toContain("/fr/platform#feature-permis");
  });
});

describe("the words a visitor in Quebec types", () => {
  const firstThree = (question: string) => bestPassages(findRelevant(question, fr)).slice(0, 3).map((match) => match.entry.href);

  it("leave out every form of être and avoir and the words of asking, as Snowball's French stop list does", () => {
    expect(termsOf("Nous sommes une ville", "fr").map(({ words }) => words)).toEqual(["ville"]);
    expect(termsOf("Puis-je savoir jusqu'où vous aurez des cartes?", "fr").map(({ words }) => words)).toEqual(["cartes"]);
  });

  it("a « fardier » or a « semi-remorque » is a trailer, and « louer » is what « location » does", () => {
    expect(firstThree("Puis-je réserver un fardier?")[0]).toBe("/fr/platform#feature-rental-and-reservation");
    expect(firstThree("Louez-vous des semi-remorques?")[0]).toBe("/fr/platform#feature-rental-and-reservation");
  });

  it("the « clavardage », a « chatbot » or a « robot conversationnel » is the AI assistant", () => {
    expect(firstThree("Qu'est-ce que votre chatbot peut faire?")[0]).toBe("/fr/platform#feature-max-load-ai-assistant");
    expect(firstThree("Comment fonctionne le clavardage?")).toContain("/fr/platform#feature-max-load-ai-assistant");
    expect(firstThree("Votre robot conversationnel est-il gratuit?")).toContain("/fr/platform#feature-max-load-ai-assistant");
  });

  it("a « DCE » is the electronic logging device", () => {
    expect(firstThree("Avez-vous un DCE pour mes chauffeurs?")[0]).toBe("/fr/platform#feature-eld-tools");
  });
});

describe("the French labelled questions (bench/chat-questions-fr.ts)", () => {
  it("are labelled with passages of the French knowledge base", () => {
    const hrefs = new Set(fr.entries.map((e) => e.href));
    for (const { question, expected } of CHAT_QUESTIONS_FR) if (expected !== "none") for (const href of expected) expect(hrefs.has(href), `${question} → ${href}`).toBe(true);
  });

  it("meet the English set's budgets", () => {
    const quality = measureQuality((question, kb) => bestPassages(findRelevant(question, kb)), fr);
    expect(quality.top1).toBeGreaterThanOrEqual(0.85);
    expect(quality.top3).toBeGreaterThanOrEqual(0.95);
    expect(quality.outOfScopeDeclined).toBeGreaterThanOrEqual(0.9);
  });
});
