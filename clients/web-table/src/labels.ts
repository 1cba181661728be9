// The page's own words (buttons, headings). Sentences about the rules (why a card is
// illegal, what was refused) are the service's, in the languages the browser sends.
const EN = {
  title: "Belote table",
  preset: "Game",
  level: "Computer players",
  options: "Options (JSON)",
  seed: "Seed",
  newMatch: "New match",
  nextRound: "Next round",
  you: "You",
  left: "Left",
  partner: "Partner",
  right: "Right",
  opponent: "Opponent",
  dealer: "dealer",
  yourTurn: "Your turn",
  waiting: "Waiting for {seat}",
  pass: "Pass",
  take: "Take",
  name: "Name",
  bid: "Bid",
  coinche: "Coinche",
  surcoinche: "Surcoinche",
  contra: "Contra",
  recontra: "Recontra",
  capot: "Capot",
  none: "No trump",
  all: "All trump",
  contract: "Contract",
  takes: "{seat}: {bid}",
  wins: "{seat} wins the trick ({points})",
  belote: "{seat}: Belote",
  rebelote: "{seat}: Rebelote",
  declares: "{seat} declares {cards}",
  sheet: "Score sheet",
  round: "Round",
  us: "Us",
  them: "Them",
  total: "Total",
  roundOver: "Round over: {us} to {them}",
  redeal: "Everybody passed: new deal",
  matchWon: "Match won, {us} to {them}",
  matchLost: "Match lost, {us} to {them}",
  matchDrawn: "Match drawn, {us} to {them}",
  refused: "Refused",
  announce: "Announce",
  error: "The service answered: {detail}",
  keys: "Keys: ← → choose a card, Enter plays it, Tab moves between buttons.",
};

export type Words = typeof EN;

const FR: Words = {
  title: "Table de belote",
  preset: "Jeu",
  level: "Joueurs de l'ordinateur",
  options: "Options (JSON)",
  seed: "Graine",
  newMatch: "Nouvelle partie",
  nextRound: "Donne suivante",
  you: "Vous",
  left: "Gauche",
  partner: "Partenaire",
  right: "Droite",
  opponent: "Adversaire",
  dealer: "donneur",
  yourTurn: "À vous",
  waiting: "{seat} réfléchit",
  pass: "Passe",
  take: "Prendre",
  name: "Nommer",
  bid: "Annoncer",
  coinche: "Coinche",
  surcoinche: "Surcoinche",
  contra: "Contre",
  recontra: "Surcontre",
  capot: "Capot",
  none: "Sans atout",
  all: "Tout atout",
  contract: "Contrat",
  takes: "{seat} : {bid}",
  wins: "{seat} remporte le pli ({points})",
  belote: "{seat} : Belote",
  rebelote: "{seat} : Rebelote",
  declares: "{seat} annonce {cards}",
  sheet: "Feuille de marque",
  round: "Donne",
  us: "Nous",
  them: "Eux",
  total: "Total",
  roundOver: "Fin de la donne : {us} à {them}",
  redeal: "Tout le monde passe : on redonne",
  matchWon: "Partie gagnée, {us} à {them}",
  matchLost: "Partie perdue, {us} à {them}",
  matchDrawn: "Partie nulle, {us} à {them}",
  refused: "Refusé",
  announce: "Annoncer",
  error: "Le service a répondu : {detail}",
  keys: "Clavier : ← → pour choisir une carte, Entrée pour la jouer, Tab pour les boutons.",
};

const BY_LANGUAGE: Record<string, Words> = { en: EN, fr: FR };

export function wordsFor(languages: readonly string[]): Words {
  for (const language of languages) {
    const words = BY_LANGUAGE[language.toLowerCase().split("-")[0] ?? ""];
    if (words) return words;
  }
  return EN;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}
