// The scenario player and the game table as vanilla custom elements (no UI framework):
//   <sgs-scenario data-scenario="id" data-lang="zh|en">   a scenario of the rules: watch its script or take a seat
//   <sgs-game players="5" data-lang="zh|en">              a full game against the heuristic AI, saved, shared and
//                                                         replayed (replay.ts)
// This module is tiny; when an element comes into view it loads the engine, the AI and the table (table.ts, one
// shared chunk) and its data from the same origin: /data/rules.json (the compiled rules, shared by every page)
// and /data/scenarios/<id>.json. Every move goes through the engine's Game.answer().
import css from './player.css?inline';
import cardsCss from '../styles/cards.css?inline';
import type { ClientRules } from './table.ts';
import type { IScenario } from '../../../runtime/index.ts';

const BASE = (import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/');
let rulesP: Promise<ClientRules> | undefined;
let tableP: Promise<typeof import('./table.ts')> | undefined;

async function getJSON<T>(path: string): Promise<T> {
  const r = await fetch(BASE + path, { credentials: 'same-origin' });
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  return (await r.json()) as T;
}

const loadTable = () => (tableP ??= import('./table.ts'));
// The rules arrive with their compiled code loaded (table.ts compileRules), so every table's games run it.
const loadRules = () =>
  (rulesP ??= Promise.all([getJSON<ClientRules>('data/rules.json'), loadTable()]).then(async ([rules, t]) => {
    await t.compileRules(rules);
    return rules;
  }));

function injectStyle(): void {
  if (document.getElementById('sgs-style')) return;
  const s = document.createElement('style');
  s.id = 'sgs-style';
  s.textContent = cardsCss + css;
  document.head.appendChild(s);
}

function langOf(el: HTMLElement): 'zh' | 'en' {
  const l = el.dataset.lang ?? el.closest('[lang]')?.getAttribute('lang') ?? 'zh';
  return l.startsWith('en') ? 'en' : 'zh';
}

abstract class LazyTable extends HTMLElement {
  private started = false;
  private io: IntersectionObserver | undefined;

  connectedCallback(): void {
    injectStyle();
    this.classList.add('sgs-pending');
    if (this.started) return;
    if (!('IntersectionObserver' in window)) return void this.boot();
    this.io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) this.boot();
      },
      { rootMargin: '200px' },
    );
    this.io.observe(this);
  }

  disconnectedCallback(): void {
    this.io?.disconnect();
    this.io = undefined;
  }

  private boot(): void {
    if (this.started) return;
    this.started = true;
    this.io?.disconnect();
    const lang = langOf(this);
    const status = document.createElement('p');
    status.className = 'sgs-loading';
    status.textContent = lang === 'zh' ? '正在载入…' : 'Loading…';
    this.replaceChildren(status);
    this.mount(lang)
      .then(() => {
        this.classList.remove('sgs-pending');
        this.setAttribute('data-ready', '');
      })
      .catch((e: unknown) => {
        status.textContent = `${lang === 'zh' ? '载入失败' : 'Could not load'}: ${e instanceof Error ? e.message : String(e)}`;
        status.className = 'sgs-loading sgs-err';
      });
  }

  protected abstract mount(lang: 'zh' | 'en'): Promise<void>;
}

class SgsScenario extends LazyTable {
  protected async mount(lang: 'zh' | 'en'): Promise<void> {
    const id = this.dataset.scenario;
    if (!id || !/^[A-Za-z0-9_]+$/.test(id)) throw new Error(`bad scenario id "${id ?? ''}"`);
    const [t, rules, scen] = await Promise.all([
      loadTable(),
      loadRules(),
      getJSON<IScenario | null>(`data/scenarios/${id}.json`),
    ]);
    if (!scen) throw new Error(`no scenario ${id}`);
    t.mountScenario(this, lang, rules, scen);
  }
}

class SgsGame extends LazyTable {
  protected async mount(lang: 'zh' | 'en'): Promise<void> {
    // The table with its file bar: save, share, load and replay games (replay.ts, which brings table.ts).
    const [replay, rules] = await Promise.all([import('./replay.ts'), loadRules()]);
    replay.mountPlay(this, lang, rules);
  }
}

if (!customElements.get('sgs-scenario')) customElements.define('sgs-scenario', SgsScenario);
if (!customElements.get('sgs-game')) customElements.define('sgs-game', SgsGame);
