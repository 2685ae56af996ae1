// The scenario index's groups: a scenario belongs to the generals whose skills it names (or whose file declares
// it), to the cards it is named after or plays, and, when it is about neither, to the rules topics of the
// procedures it names. Everything comes from the scenarios' source and the compiled rules (book.ts); the game's
// ids never appear here.
import {
  program,
  label,
  topics,
  topicFor,
  topicTitle,
  scenarios,
  scenariosForCard,
  scenariosForGeneral,
  type Lang,
  type ScenarioInfo,
} from './book.ts';

export type GroupKind = 'card' | 'general' | 'topic';

export interface ScenarioGroup {
  kind: GroupKind;
  /** The card, general or topic id. */
  id: string;
  /** The anchor of the group on the index page. */
  anchor: string;
  scenarios: ScenarioInfo[];
}

export interface ScenarioGroups {
  cards: ScenarioGroup[];
  generals: ScenarioGroup[];
  topics: ScenarioGroup[];
  /** Scenarios in no group (none when every scenario names something). */
  other: ScenarioInfo[];
}

let cached: ScenarioGroups | undefined;

export function scenarioGroups(): ScenarioGroups {
  if (cached) return cached;
  const p = program();
  const group = (kind: GroupKind, id: string, list: ScenarioInfo[]): ScenarioGroup => ({
    kind,
    id,
    anchor: `${kind}-${id}`,
    scenarios: list,
  });
  const generals = Object.keys(p.generals)
    .map((g) => group('general', g, scenariosForGeneral(g)))
    .filter((g) => g.scenarios.length);
  const aboutGeneral = new Set(generals.flatMap((g) => g.scenarios.map((s) => s.id)));
  // A card's group: the scenarios named after it, and those that play it without being about a general (nearly
  // every general's scenario plays a 杀 somewhere; that does not make it a scenario about the card).
  const cards = Object.keys(p.cards)
    .map((c) =>
      group(
        'card',
        c,
        scenariosForCard(c).filter((s) => s.tier === 0 || (s.tier === 1 && !aboutGeneral.has(s.id))),
      ),
    )
    .filter((g) => g.scenarios.length);
  const grouped = new Set([...aboutGeneral, ...cards.flatMap((g) => g.scenarios.map((s) => s.id))]);
  const byTopic = new Map<string, ScenarioInfo[]>();
  const other: ScenarioInfo[] = [];
  for (const s of scenarios()) {
    if (grouped.has(s.id)) continue;
    const named = new Set([...s.idents].map(topicFor).filter((t): t is string => !!t));
    if (s.edition) named.add('options');
    if (!named.size) other.push(s);
    for (const t of named) byTopic.set(t, [...(byTopic.get(t) ?? []), s]);
  }
  const topicGroups = topics.filter((t) => byTopic.has(t.id)).map((t) => group('topic', t.id, byTopic.get(t.id)!));
  cached = { cards, generals, topics: topicGroups, other };
  return cached;
}

/** A group's heading: the card's, general's or topic's name. */
export function groupTitle(g: ScenarioGroup, lang: Lang): string {
  if (g.kind === 'topic') return topicTitle(topics.find((t) => t.id === g.id)!, lang);
  return label(g.id, lang);
}

/** The group a scenario's page is filed under (its sidebar and previous/next): its general, else its card,
 *  else its topic. */
export function homeGroup(id: string): ScenarioGroup | undefined {
  const g = scenarioGroups();
  const has = (x: ScenarioGroup) => x.scenarios.some((s) => s.id === id);
  return g.generals.find(has) ?? g.cards.find(has) ?? g.topics.find(has);
}
