/** The legal pages in Canadian French: the shape of ../legal.ts (a missing or extra field fails the type-check). */
import { AI_DISCLAIMER_IN, ASSISTANT_NAME, PRODUCT_NAME, TEAM_EMAIL } from "../brand";
import type { LegalContent, LegalPage } from "../legal";
import { type LegalPath, legalTitle } from "../legal-index";
import { PAGE_VIEW_RETENTION_DAYS } from "../retention";

const titleOf = (path: LegalPath): string => legalTitle(path, "fr");

const AI_DISCLAIMER = AI_DISCLAIMER_IN.fr;

const CONTACT = `écrivez-nous à ${TEAM_EMAIL}`;

/**
 * Every cookie the site can set, by name, as the Cookie Policy lists them: a test collects the
 * Set-Cookie names of the server's real answers and fails when this list and they differ.
 */
const SITE_COOKIES: readonly string[] = [
  `maxload_session\u00a0: la session anonyme du clavardage avec ${ASSISTANT_NAME}. Créé quand le clavardage se charge dans votre navigateur, envoyé uniquement aux adresses du clavardage lui-même (/api/chat), conservé un an. Il contient un identifiant aléatoire et sa signature, rien d'autre, et permet à notre serveur de compter vos messages gratuits de la journée.`,
  "team_session : la session de connexion des membres de notre propre équipe dans l'espace de travail du personnel (/team). Créé seulement quand un membre se connecte avec le lien que nous lui avons envoyé par courriel, il prend fin après 12 heures ou à la déconnexion. Les visiteurs ne le reçoivent jamais.",
];

/** Browser local-storage keys the site uses (no cookies are involved). */
const LOCAL_STORAGE_KEYS: readonly string[] = [
  "fontSize : votre choix de taille du texte (normale ou grande)",
  "contrast : votre choix de contraste (normal ou élevé)",
  "bannerDismissed : retient que vous avez fermé l'annonce du lancement",
  `userName\u00a0: le nom que vous avez donné à ${ASSISTANT_NAME}, pour que le clavardage puisse vous saluer de nouveau`,
  "chatHistory : les messages de votre clavardage sur cet appareil, pour que la conversation survive au rechargement de la page",
  "chatLimits : le nombre de messages de clavardage gratuits qu'il vous reste aujourd'hui et le moment où le compte est remis à zéro",
  "language : la langue que vous avez choisie (anglais ou français), avec le sélecteur de langue ou en refusant notre suggestion de l'autre langue, pour que le site vous propose cette langue lors de vos prochaines visites",
];

const privacyPolicy: LegalPage = {
  path: "/privacy",
  title: titleOf("/privacy"),
  description: `Quels renseignements personnels le site Web de ${PRODUCT_NAME} recueille, pourquoi, pendant combien de temps, qui les reçoit et comment les faire supprimer.`,
  sections: [
    {
      heading: "Qui nous sommes",
      body: [
        `Ce site Web présente la plateforme ${PRODUCT_NAME} pour le transport hors normes et lourd, qui est en cours de lancement. ${PRODUCT_NAME} est responsable des renseignements personnels décrits ici. Pour toute question sur cette politique ou sur vos renseignements, ${CONTACT}.`,
        "Nous recueillons le moins de renseignements possible. Le site n'affiche aucune publicité, n'utilise aucun outil tiers d'analyse ou de pistage et ne vend aucune donnée. Il compte les consultations de ses propres pages sur notre serveur, sans témoins et sans identifier qui que ce soit (voir « Consultations de pages, comptées sans témoins » ci-dessous).",
      ],
    },
    {
      heading: "Ce que nous recueillons et pourquoi",
      body: [
        "Nous conservons uniquement ce que vous choisissez de nous envoyer par le site :",
        {
          list: [
            `Prospects du clavardage\u00a0: quand vous discutez avec ${ASSISTANT_NAME}, notre assistant IA, il vous demande votre nom et votre adresse courriel. Nous les conservons avec la source «\u00a0chat\u00a0» et l'heure, afin de vous tenir informé du lancement et de répondre à vos questions.`,
            `Conversations de clavardage\u00a0: les messages que vous échangez avec ${ASSISTANT_NAME}, pour que l'assistant puisse répondre en contexte, pour que nous puissions appliquer la limite quotidienne de messages gratuits et pour que nous puissions vous envoyer une transcription quand vous en demandez une.`,
            "Abonnés à l'infolettre : votre adresse courriel, la date de votre abonnement et votre statut, afin de vous envoyer les nouvelles du lancement. Notre équipe est avisée de chaque nouvel abonnement. Comme preuve de votre consentement, nous conservons aussi le moment de votre abonnement, la page et le formulaire utilisés, le texte exact affiché à côté du bouton d'abonnement et un hachage à clé de votre adresse réseau (un code à sens unique calculé avec une clé secrète, à partir duquel votre adresse IP ne peut pas être retrouvée; pour l'IPv6, de votre réseau /64). Quand vous vous désabonnez, nous en consignons la date.",
            "Demandes d'information : votre nom, votre adresse courriel, votre numéro de téléphone, le nom de votre entreprise ou de votre service, vos questions ou commentaires et le type de forfait qui vous intéresse (Abonnement, Gouvernement, Formation ou Jetons), afin de vous répondre.",
            "Messages de contact : votre nom, votre adresse courriel, la catégorie choisie (question, suggestion, demande de fonctionnalité ou autre) et votre message, afin de vous répondre.",
            "La provenance d'un prospect : avec chaque prospect du clavardage, abonnement à l'infolettre, demande d'information et message de contact, nous enregistrons la page où votre visite a commencé (la page d'arrivée), le site qui vous a dirigé vers nous (son adresse seulement, comme https://www.linkedin.com, jamais la page où vous étiez sur ce site, et seulement s'il s'agit d'un autre site), les paramètres de campagne du lien que vous avez suivi (utm_source, utm_medium, utm_campaign, utm_content et utm_term) et la page dont vous avez envoyé le formulaire. Jusqu'à ce que vous envoyiez un formulaire ou donniez vos coordonnées dans le clavardage, ces renseignements sont conservés uniquement dans le sessionStorage de l'onglet de votre navigateur. Le sessionStorage n'est pas un témoin : il n'est jamais envoyé avec vos requêtes, rien de ce qu'il contient ne nous parvient à moins que vous n'envoyiez un formulaire ou vos coordonnées dans le clavardage, et votre navigateur l'efface quand vous fermez l'onglet. Si JavaScript est désactivé, un formulaire ne transmet que les paramètres de campagne et l'adresse de la page d'où il a été envoyé. Cela nous indique quelles publications, quels dépliants et quelles campagnes amènent des gens vers nous; ces renseignements sont effacés avec le reste de vos données.",
            "Votre langue : le site est offert en anglais et en français. Avec chaque prospect du clavardage, abonnement à l'infolettre, demande d'information et message de contact, nous conservons la langue de la page que vous avez utilisée, afin de vous répondre et de vous envoyer nos courriels dans cette langue.",
            "Journaux du serveur : la date et l'heure de chaque requête, la page demandée, le code de réponse et le temps de réponse; le serveur Web placé devant le site enregistre aussi votre adresse IP et le type de votre navigateur, afin d'assurer la sécurité et le bon fonctionnement du site. Les adresses courriel, les recherches ainsi que les liens à usage unique et de désabonnement contenus dans l'adresse d'une page sont retirés avant que la ligne soit écrite, et de chaque courriel que nous envoyons, les journaux ne gardent que son numéro de référence, jamais l'adresse ni le contenu.",
          ],
        },
        "Le fondement juridique est votre consentement, donné quand vous envoyez un formulaire ou commencez un clavardage, et notre intérêt légitime à répondre aux personnes qui communiquent avec nous et à protéger le site. Vous pouvez retirer votre consentement en tout temps (voir ci-dessous).",
      ],
    },
    {
      heading: "Consultations de pages, comptées sans témoins",
      body: [
        "Pour savoir combien de personnes nous visitent et comment elles nous trouvent, notre serveur compte les consultations de ses pages publiques (la page d'accueil, la page de la plateforme et les cinq pages de politiques). Rien d'autre n'est compté : ni l'espace de travail de l'équipe, ni les robots, ni le préchargement de liens, ni les requêtes HEAD.",
        "Ce qui est compté, pour chaque consultation :",
        {
          list: [
            "le chemin de la page (par exemple /platform) et le jour;",
            "l'origine du référent : l'adresse du site dont vous avez suivi le lien (seulement son origine, comme https://news.example, jamais la page où vous étiez, et seulement s'il s'agit d'un autre site);",
            "les paramètres de campagne UTM contenus dans l'adresse de la page (utm_source, utm_medium, utm_campaign, utm_content, utm_term);",
            "une catégorie générale d'appareil (téléphone, tablette ou ordinateur), déduite du User-Agent de votre navigateur.",
          ],
        },
        "Comment : sur notre serveur, à partir des requêtes que votre navigateur fait pour obtenir les pages. Les pages ne contiennent aucun script d'analyse, aucune requête vers un tiers, aucun témoin d'analyse et aucun identifiant conservé dans votre navigateur.",
        `Nous comptons aussi, par jour, combien de navigateurs ouvrent le clavardage avec ${ASSISTANT_NAME} pour la première fois\u00a0: un nombre par jour, sans rien sur qui l'a ouvert.`,
        "Visiteurs uniques : pour compter combien de personnes différentes nous ont visités un jour donné sans reconnaître qui que ce soit, le serveur calcule un hachage à sens unique d'un sel quotidien aléatoire, de l'adresse du site, de votre adresse réseau (pour l'IPv6, votre réseau /64) et du User-Agent de votre navigateur, comme le fait Plausible Analytics. Le sel est remplacé chaque jour (à minuit UTC) et l'ancien est supprimé lors du remplacement : aucun hachage ne peut donc être relié à vous, ni à vos visites d'un autre jour.",
        "Jamais conservés : votre adresse IP, votre User-Agent, l'adresse complète de la page qui vous a dirigé vers nous, tout témoin ou identifiant servant à l'analyse.",
        "Global Privacy Control : si votre navigateur envoie le signal Sec-GPC: 1, votre consultation est comptée sans hachage de visiteur.",
        `Conservation\u00a0: chaque consultation brute est conservée ${PAGE_VIEW_RETENTION_DAYS} jours; ensuite, il ne reste que des totaux quotidiens par page, source, site référent, campagne et catégorie d'appareil, qui ne contiennent rien sur qui que ce soit.`,
      ],
    },
    {
      heading: "Combien de temps nous les conservons",
      body: [
        {
          list: [
            "Prospects du clavardage, demandes d'information et messages de contact : 24 mois après notre dernier contact avec vous.",
            "Conversations de clavardage : 12 mois.",
            "Abonnés à l'infolettre : tant que vous êtes abonné. Après votre désabonnement, nous conservons votre adresse, la preuve de votre consentement et la date de votre désabonnement pendant 24 mois, comme preuve de votre choix et pour qu'aucune campagne ne vous parvienne de nouveau, puis nous les supprimons.",
            "Journaux du serveur : 30 jours.",
            `Consultations de pages\u00a0: chaque consultation brute ${PAGE_VIEW_RETENTION_DAYS} jours, puis seulement des totaux quotidiens anonymes.`,
            "Courriels que nous vous envoyons (par exemple une transcription de clavardage, le courriel de bienvenue de l'infolettre ou une annonce) : conservés dans notre boîte d'envoi pendant 24 mois.",
          ],
        },
        "Après ces périodes, les données sont supprimées.",
      ],
    },
    {
      heading: "Qui les reçoit",
      body: [
        {
          list: [
            "Notre équipe, par courriel : les messages de contact, les demandes d'information, les transcriptions de clavardage et les avis de nouvel abonnement sont envoyés par courriel à l'adresse de notre équipe.",
            "Notre fournisseur d'envoi de courriels, qui envoie ces courriels en notre nom à titre de sous-traitant.",
            `Notre fournisseur d'IA, à titre de sous-traitant, quand l'assistant IA est activé\u00a0: les messages que vous envoyez à ${ASSISTANT_NAME} lui sont transmis pour générer les réponses. Il ne peut pas s'en servir pour entraîner ses modèles. La Politique sur l'IA et l'apprentissage automatique nomme le fournisseur et le modèle.`,
            "Notre hébergeur, qui exploite les serveurs et la base de données où sont conservées les données ci-dessus.",
            "Le système de gestion de la relation client (CRM) de notre équipe, si l'équipe en branche un : vos coordonnées de prospect, le suivi que leur donne notre équipe et les désabonnements de l'infolettre lui sont transmis par des webhooks signés que l'équipe configure. Quand nous effaçons vos données, nous lui transmettons l'effacement, pour qu'il vous efface aussi.",
          ],
        },
        "Nous ne vendons ni ne louons de renseignements personnels, et nous ne les communiquons à personne d'autre, sauf si la loi nous y oblige.",
      ],
    },
    {
      heading: "Témoins et stockage local",
      body: [
        `Le site crée un seul témoin strictement nécessaire\u00a0: un témoin de session anonyme, signé et HttpOnly, qui permet au serveur de compter vos messages gratuits à ${ASSISTANT_NAME} pour la journée. Il ne contient aucun renseignement personnel. Il n'y a aucun témoin d'analyse, de publicité ou de pistage\u00a0: les consultations de pages sont comptées sans témoin (voir plus haut). Vos préférences d'affichage, votre choix de langue et l'état de votre clavardage sont conservés dans le stockage local de votre navigateur et ne quittent jamais votre appareil, sauf si vous envoyez un message dans le clavardage. La Politique relative aux témoins donne les détails.`,
      ],
    },
    {
      heading: "La vidéo intégrée",
      body: [
        "La vidéo de la page d'accueil est lue par YouTube en mode de confidentialité renforcée (youtube-nocookie.com). Elle se charge seulement après le chargement de la page elle-même. YouTube reçoit votre adresse IP et des renseignements sur votre navigateur quand le lecteur se charge, selon la politique de confidentialité de Google.",
      ],
    },
    {
      heading: "Vos droits",
      body: [
        `Vous pouvez demander à consulter les renseignements que nous détenons sur vous, à les faire corriger, à en recevoir une copie, à vous opposer à leur utilisation ou à les faire supprimer. Pour ce faire, ${CONTACT} depuis l'adresse concernée. Quand vous demandez la suppression, nous effaçons vos données partout où nous les détenons\u00a0: prospects et provenance de chacun, conversations de clavardage, abonnements, demandes d'information, messages de contact et courriels de notre boîte d'envoi. Les comptes de consultations sont anonymes\u00a0: ils ne contiennent rien qui permette de remonter jusqu'à vous. Nous répondons dans un délai de 30 jours.`,
        "Vous pouvez vous désabonner de l'infolettre en tout temps : chaque courriel de l'infolettre contient un lien de désabonnement qui fonctionne en un clic, sans connexion (votre logiciel de courriel peut aussi afficher son propre bouton de désabonnement, qui fait la même chose), ou écrivez-nous. Si vous vous abonnez de nouveau plus tard, cela est consigné comme un nouveau consentement. Vous pouvez aussi porter plainte auprès de votre autorité de protection des renseignements personnels.",
      ],
    },
    {
      heading: "Sécurité",
      body: [
        "Le site est servi en HTTPS avec des en-têtes de sécurité stricts. L'accès aux données conservées est limité aux membres de l'équipe qui en ont besoin pour vous répondre.",
      ],
    },
    {
      heading: "Enfants",
      body: ["Le site s'adresse aux professionnels du transport et aux organismes publics. Il ne vise pas les enfants de moins de 16 ans, et nous ne recueillons pas sciemment leurs données."],
    },
    {
      heading: "Modifications de cette politique",
      body: ["Si nous modifions cette politique, nous publierons la nouvelle version ici avec une nouvelle date d'entrée en vigueur. Si la modification est importante, nous en informerons les abonnés par courriel."],
    },
  ],
};

const termsOfService: LegalPage = {
  path: "/terms",
  title: titleOf("/terms"),
  description: `Les conditions qui s'appliquent quand vous utilisez le site Web de ${PRODUCT_NAME}, son assistant de clavardage ${ASSISTANT_NAME} et ses formulaires.`,
  sections: [
    {
      heading: "À propos de ces conditions",
      body: [
        `Ces conditions s'appliquent à votre utilisation de ce site Web, qui présente la plateforme ${PRODUCT_NAME} avant son lancement. En utilisant le site, vous les acceptez. Si vous ne les acceptez pas, veuillez ne pas utiliser le site.`,
      ],
    },
    {
      heading: "Le site Web",
      body: [
        "Le site décrit une plateforme en cours de lancement. Les fonctionnalités, forfaits, prix et dates qui y figurent décrivent nos projets et peuvent changer avant le lancement. Rien sur le site ne constitue une offre que vous pouvez accepter en ligne; les abonnements, la formation et les jetons seront vendus selon des conditions distinctes au lancement.",
      ],
    },
    {
      heading: `L'assistant ${ASSISTANT_NAME}`,
      body: [
        AI_DISCLAIMER,
        `${ASSISTANT_NAME} est une démo limitée à 5 messages gratuits par jour. Ne lui envoyez pas de renseignements confidentiels ni de renseignements personnels sur d'autres personnes. Nous pouvons limiter ou suspendre l'assistant en tout temps, par exemple pour prévenir les abus.`,
      ],
    },
    {
      heading: "Utilisation acceptable",
      body: [
        "Quand vous utilisez le site, vous vous engagez à ne pas :",
        {
          list: [
            "envoyer de contenu illégal, abusif ou trompeur, ni les données d'autres personnes sans leur permission;",
            "tenter de contourner la limite quotidienne de messages, surcharger le site ou en perturber le fonctionnement;",
            "tenter d'accéder à des données ou à des systèmes auxquels vous n'avez pas le droit d'accéder;",
            "utiliser des moyens automatisés pour recueillir le contenu du site ou pour envoyer des formulaires.",
          ],
        },
      ],
    },
    {
      heading: "Propriété intellectuelle",
      body: [
        `Les textes, les images, le logo et la conception graphique de ce site appartiennent à ${PRODUCT_NAME} ou à ses concédants de licence. Vous pouvez consulter et partager les pages pour votre propre information; toute autre réutilisation nécessite notre autorisation écrite.`,
      ],
    },
    {
      heading: "Absence de garantie et limitation de responsabilité",
      body: [
        "Le site et son contenu sont fournis tels quels, à titre informatif. Nous faisons de notre mieux pour qu'ils soient exacts, mais nous ne garantissons pas qu'ils sont complets, à jour ou exempts d'erreurs. Dans la mesure permise par la loi, nous ne sommes pas responsables des décisions prises sur la foi du site ou des réponses de l'assistant. Vérifiez toujours les itinéraires, les permis et la réglementation auprès des autorités compétentes.",
      ],
    },
    {
      heading: "Liens vers d'autres sites",
      body: ["Les liens vers nos pages de vidéo, de réseau social et de réseau professionnel mènent à des services exploités par des tiers selon leurs propres conditions."],
    },
    {
      heading: "Confidentialité",
      body: ["La façon dont nous traitons les renseignements personnels est décrite dans notre Politique de confidentialité, notre Politique relative aux témoins et notre Politique sur l'IA et l'apprentissage automatique, qui font partie de ces conditions."],
    },
    {
      heading: "Modifications et contact",
      body: [
        `Nous pouvons mettre à jour ces conditions; la version publiée ici, avec sa date d'entrée en vigueur, est celle qui s'applique. Des questions? Écrivez-nous à ${TEAM_EMAIL}.`,
      ],
    },
  ],
};

const cookiePolicy: LegalPage = {
  path: "/cookies",
  title: titleOf("/cookies"),
  description: "Le seul témoin strictement nécessaire que crée ce site, et ce qu'il conserve dans le stockage local de votre navigateur.",
  sections: [
    {
      heading: "Un seul témoin strictement nécessaire",
      body: [
        `Le site crée un seul témoin\u00a0: un témoin de session anonyme, signé et HttpOnly. Il permet à notre serveur de compter les messages gratuits à ${ASSISTANT_NAME} que vous avez utilisés aujourd'hui (5 par jour), afin que la limite ne puisse pas être contournée. Il contient un identifiant aléatoire et aucun renseignement personnel, il ne peut pas être lu par les scripts de la page et il ne sert qu'à la limite quotidienne du clavardage. Comme il est strictement nécessaire à un service que vous demandez, il ne requiert pas votre consentement.`,
        "Il n'y a aucun témoin d'analyse, aucun témoin publicitaire et aucun témoin de pistage, que ce soit de notre part ou de celle de tiers.",
        "L'abonnement à l'infolettre et le désabonnement ne créent aucun témoin : le lien de désabonnement de nos courriels porte son propre code signé et fonctionne dans n'importe quel navigateur, ou directement depuis votre logiciel de courriel.",
        "Les membres de notre propre équipe qui se connectent à l'espace de travail du personnel reçoivent un témoin de plus, un témoin de session de connexion strictement nécessaire (HttpOnly, qui prend fin après 12 heures ou à la déconnexion). Les visiteurs ne le reçoivent jamais.",
      ],
    },
    {
      heading: "Chaque témoin, par son nom",
      body: ["Voici tous les témoins que ce site peut créer. Les deux sont HttpOnly (les scripts de la page ne peuvent pas les lire), SameSite=Lax et, sur notre site en HTTPS, Secure.", { list: SITE_COOKIES }],
    },
    {
      heading: "Les consultations de pages sont comptées sans témoin",
      body: [
        "Il n'y a aucun témoin d'analyse. Notre serveur compte les consultations de ses pages publiques à partir des requêtes elles-mêmes : la page, le site qui vous a dirigé vers nous (son origine seulement), les paramètres de campagne de l'adresse et une catégorie générale d'appareil. Les visiteurs uniques sont comptés au moyen d'un hachage qui change chaque jour et qui ne peut pas être relié à vous; votre adresse IP et les détails de votre navigateur ne sont jamais conservés. La Politique de confidentialité donne les détails.",
      ],
    },
    {
      heading: "Stockage local",
      body: [
        "Certains choix sont mémorisés dans le stockage local de votre navigateur. Ils restent sur votre appareil et ne nous sont pas envoyés, sauf vos messages de clavardage quand vous les envoyez. Les clés sont :",
        { list: LOCAL_STORAGE_KEYS },
        "Vous pouvez les effacer en tout temps dans les paramètres de votre navigateur (données des sites).",
        "Une autre entrée est conservée dans le sessionStorage de l'onglet de votre navigateur : l'origine de votre visite (la page d'arrivée, le site qui vous a dirigé vers nous et les paramètres de campagne du lien que vous avez suivi). Le sessionStorage n'est pas un témoin : il n'est jamais envoyé avec vos requêtes, il reste dans cet onglet et votre navigateur l'efface quand vous fermez l'onglet. Il ne nous parvient qu'avec un formulaire ou des coordonnées que vous nous envoyez dans le clavardage, pour que nous sachions quelle campagne a amené un prospect.",
      ],
    },
    {
      heading: "La vidéo YouTube intégrée",
      body: [
        "La page d'accueil intègre une vidéo YouTube en mode de confidentialité renforcée, à partir de youtube-nocookie.com. Dans ce mode, YouTube affirme ne pas conserver de témoins pour personnaliser votre expérience, à moins que vous ne lanciez la vidéo. Le lecteur n'est chargé qu'une fois la page entièrement chargée; les requêtes qu'il fait vont à YouTube (Google) et sont régies par la politique de confidentialité de Google.",
      ],
    },
    {
      heading: "Vos questions",
      body: [`Pour toute question sur les témoins ou le stockage, ${CONTACT}.`],
    },
  ],
};

const accessibilityStatement: LegalPage = {
  path: "/accessibility",
  title: titleOf("/accessibility"),
  description: `Comment le site Web de ${PRODUCT_NAME} est rendu accessible, les commandes qu'il offre et comment signaler un problème.`,
  sections: [
    {
      heading: "Notre engagement",
      body: [
        `Nous voulons que tout le monde puisse utiliser le site Web de ${PRODUCT_NAME}. Notre objectif est la conformité aux Règles pour l'accessibilité des contenus Web (WCAG) 2.2, niveau AA.`,
      ],
    },
    {
      heading: "Des commandes sur chaque page",
      body: [
        "Le pied de chaque page comporte deux commandes. Vos choix sont mémorisés sur cet appareil et appliqués avant l'affichage de la page :",
        {
          list: [
            "Taille du texte : passe d'un texte normal (100 %) à un texte agrandi (120 %), et inversement.",
            "Contraste : active un mode à contraste élevé dans lequel tout le texte présente un rapport de contraste d'au moins 7:1.",
          ],
        },
      ],
    },
    {
      heading: "Ce que nous avons fait",
      body: [
        {
          list: [
            "Chaque fonction peut être utilisée au clavier seulement, avec un indicateur de focus visible et un lien « Passer au contenu principal ».",
            "Les pages utilisent des titres, des repères et des listes pour que les lecteurs d'écran puissent y naviguer.",
            "Le texte et les éléments d'interface respectent le rapport de contraste WCAG AA de 4,5:1 en mode normal.",
            "Les boutons, les liens et les champs de formulaire ont des noms accessibles; les erreurs de formulaire sont annoncées.",
            "Les animations et le défilement fluide sont désactivés quand votre système demande de réduire les animations.",
            "Les pages sont lisibles sans JavaScript et fonctionnent avec un zoom de 200 % ou sur de petits écrans.",
          ],
        },
      ],
    },
    {
      heading: "Limites connues",
      body: [
        "La vidéo YouTube intégrée est fournie par un tiers; les commandes de son lecteur et ses sous-titres dépendent de YouTube.",
        `Les réponses de ${ASSISTANT_NAME} sont générées par l'IA et ne sont pas toujours parfaitement structurées pour les technologies d'assistance.`,
      ],
    },
    {
      heading: "Signaler un problème",
      body: [
        `Si un élément du site est difficile à utiliser, ou si vous avez besoin d'information dans un autre format, ${CONTACT}. Indiquez-nous la page et ce qui s'est passé; nous répondons dans un délai de 5 jours ouvrables.`,
      ],
    },
  ],
};

const aiMlPolicy: LegalPage = {
  path: "/ai-ml-policy",
  title: titleOf("/ai-ml-policy"),
  description: `Comment fonctionne ${ASSISTANT_NAME}, l'assistant IA de ${PRODUCT_NAME}, qui traite vos messages et ce qu'il peut et ne peut pas faire.`,
  sections: [
    {
      heading: `Ce qu'est ${ASSISTANT_NAME}`,
      body: [
        `${ASSISTANT_NAME} est un assistant IA de démonstration qui répond aux questions sur la plateforme ${PRODUCT_NAME} et sur le transport hors normes\u00a0: itinéraires, permis, certifications, conformité, outils et notre feuille de route. Pour les autres questions, il vous dirige vers ${TEAM_EMAIL} ou vers le formulaire de contact.`,
      ],
    },
    {
      heading: "Les réponses sont des estimations",
      body: [
        AI_DISCLAIMER,
        "L'IA peut se tromper ou fournir des renseignements périmés ou incomplets. La réglementation, les règles de délivrance des permis et les restrictions routières varient d'un territoire à l'autre et changent souvent. N'utilisez jamais une réponse comme seule base pour un itinéraire, une demande de permis ou une décision de sécurité.",
      ],
    },
    {
      heading: "Qui traite vos messages",
      body: [
        "Quand l'assistant IA est activé, vos messages sont envoyés depuis notre serveur à OpenAI, qui génère les réponses avec le modèle gpt-3.5-turbo (ou le modèle que configure notre exploitant) et agit à titre de sous-traitant. Notre serveur y ajoute de courts extraits de nos propres descriptions de la plateforme pour que les réponses restent exactes.",
        `Quand aucun fournisseur d'IA n'est configuré, ${ASSISTANT_NAME} répond à partir de nos seules descriptions de la plateforme et vos messages ne quittent pas nos serveurs.`,
      ],
    },
    {
      heading: "Aucun entraînement sur vos données",
      body: [
        "Nous n'utilisons pas vos conversations pour entraîner ou affiner un modèle d'IA, et notre fournisseur ne peut pas s'en servir pour entraîner ses modèles. Les conversations sont conservées 12 mois, comme l'explique la Politique de confidentialité, puis supprimées.",
      ],
    },
    {
      heading: "Limites",
      body: [
        `${ASSISTANT_NAME} offre 5 messages gratuits par jour. Le compte est remis à zéro à minuit. Les forfaits payants comprendront davantage de requêtes (par exemple 50 par mois avec Pro Solo et 250 avec Pro Team).`,
      ],
    },
    {
      heading: "L'apprentissage automatique sur la plateforme",
      body: [
        "Sur la plateforme elle-même, qui est en cours de lancement, les membres pourront participer volontairement à l'entraînement de modèles d'apprentissage automatique, par exemple en validant des données, et obtenir des jetons gratuits en échange. Cette participation sera toujours facultative et décrite avant que vous y preniez part.",
      ],
    },
    {
      heading: "Questions et suppression",
      body: [`Pour toute question sur ${ASSISTANT_NAME}, ou pour faire supprimer vos conversations, ${CONTACT}.`],
    },
  ],
};

const legalPages: readonly LegalPage[] = [privacyPolicy, termsOfService, cookiePolicy, accessibilityStatement, aiMlPolicy];

export const legalFr: LegalContent = { privacyPolicy, termsOfService, cookiePolicy, accessibilityStatement, aiMlPolicy, legalPages };
