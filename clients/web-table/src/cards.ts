// Card faces drawn in SVG: a card's name ("10H", "QS") is its rank and its suit letter;
// nothing here knows what a card is worth or which one wins (the service says that).
const SYMBOL: Record<string, string> = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const RED = new Set(["D", "H"]);
const NS = "http://www.w3.org/2000/svg";

export function suitOf(card: string): string {
  return card.slice(-1);
}

export function rankOf(card: string): string {
  return card.slice(0, -1);
}

export function suitSymbol(suit: string): string {
  return SYMBOL[suit] ?? suit;
}

/** "10♥" for the text of a sentence or a label. */
export function cardText(card: string): string {
  return rankOf(card) + suitSymbol(suitOf(card));
}

function node(name: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const element = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** A card face, 60 x 90 units, scaled by CSS. */
export function cardFace(card: string): SVGSVGElement {
  const suit = suitOf(card);
  const svg = node("svg", { viewBox: "0 0 60 90", class: `face ${RED.has(suit) ? "red" : "black"}`, role: "img", "aria-label": cardText(card) }) as SVGSVGElement;
  svg.append(
    node("rect", { x: 1, y: 1, width: 58, height: 88, rx: 6, class: "paper" }),
    node("text", { x: 6, y: 18, class: "rank" }, rankOf(card)),
    node("text", { x: 6, y: 32, class: "pip" }, suitSymbol(suit)),
    node("text", { x: 30, y: 62, class: "big", "text-anchor": "middle" }, suitSymbol(suit)),
    node("text", { x: 54, y: 84, class: "rank", "text-anchor": "end" }, rankOf(card)),
  );
  return svg;
}

/** The back of a card (another seat's hidden card). */
export function cardBack(): SVGSVGElement {
  const svg = node("svg", { viewBox: "0 0 60 90", class: "back", "aria-hidden": "true" }) as SVGSVGElement;
  svg.append(
    node("rect", { x: 1, y: 1, width: 58, height: 88, rx: 6, class: "paper" }),
    node("rect", { x: 6, y: 6, width: 48, height: 78, rx: 4, class: "pattern" }),
  );
  return svg;
}
