// Saving, sharing, loading and replaying games on the play page. The file is the replay file `sgs replay` reads
// (runtime/replay-file.ts); a link holds the same file compressed (lib/game-link.ts). A replay is the engine
// replaying the file's answers (runtime/replay.ts): stepping back starts again from the seed, as the engine is
// deterministic, and at the end the page shows the trace hash `sgs replay` prints for the same file.
// Hidden information: a loaded game opens in the spectator's view (only what every seat sees); a seat's view or
// everything is shown only once the reader picks it, and the view shown is always named.
import {
  checkReplayFile,
  logFor,
  readReplayFile,
  ReplayFileError,
  replayGame,
  replayStep,
  rulesFingerprint,
  viewFor,
  type Game,
  type PlayerView,
  type Program,
  type ReplayFile,
  type Request,
} from '../../../runtime/index.ts';
import { recordedFile, savedFile } from '../lib/game-file.ts';
import { decodeGame, encodeGame, GameLinkError, gameInFragment, LINK_KEY } from '../lib/game-link.ts';
import { Labels, type Lang } from './labels.ts';
import css from './replay.css?inline';
import { type ClientRules, GameTable, Table } from './table.ts';

/** Whose eyes a replay is seen through: the spectator's (public information), one seat's, or everyone's. */
export type Perspective = 'public' | 'all' | number;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The replayed game drawn by the table's own code; nobody answers here, the file does. */
export class ReplayTable extends Table {
  /** Answers applied to the game shown. */
  step = 0;
  /** Why the file's next answer could not be applied (a tampered or foreign file), once found. */
  problem: string | null = null;
  /** How far the file replays: every answer, or up to the one the engine refused. */
  last: number;

  constructor(
    host: HTMLElement,
    L: Labels,
    program: Program,
    readonly file: ReplayFile,
    public perspective: Perspective,
  ) {
    super(host, L, program);
    this.last = file.answers.length;
    this.restart();
    this.goTo(0);
  }

  private restart(): void {
    const g = replayGame(this.program, this.file);
    this.resetGame(g, { answer: () => null }); // no computer: every answer is the file's
    this.viewer = null;
    this.step = 0;
    g.start();
  }

  get current(): Game {
    return this.game;
  }

  /** Show the game after `n` answers: forward from here, or again from the start to go back. */
  goTo(n: number): void {
    const target = Math.max(0, Math.min(n, this.last));
    if (target < this.step) this.restart();
    while (this.step < target) {
      const problem = replayStep(this.game, this.file, this.step);
      if (problem) {
        this.problem = problem;
        this.last = this.step;
        break;
      }
      this.step++;
    }
    this.freshFrom = this.logEntries().length;
    this.render();
  }

  /** At the end of what the file replays (its every answer applied, or the first it could not apply). */
  get atEnd(): boolean {
    return this.step === this.last;
  }

  /** The view of this drawing (made in beforeRender: the table asks for it several times a drawing). */
  private shown: PlayerView | null = null;

  protected view(): PlayerView {
    if (this.shown) return this.shown;
    const p = this.perspective;
    return p === 'all' ? super.view() : viewFor(this.game, p === 'public' ? null : p);
  }

  /** A seat's name with its general only when the view shows the general (a mode may keep generals hidden). */
  protected playerName(seat: number): string {
    const p = this.view().players[seat];
    if (!p) return '?';
    const gen = this.hinted(p.props, 'general');
    return `${p.name}${typeof gen === 'string' ? this.L.t(`（${this.L.name(gen)}）`, ` (${this.L.name(gen)})`) : ''}`;
  }

  protected logEntries() {
    const p = this.perspective;
    return p === 'all' ? super.logEntries() : logFor(this.game.state.log, p === 'public' ? null : p);
  }

  protected seesQuestion(r: Request): boolean {
    return this.perspective === 'all' || this.perspective === r.seat;
  }

  /** The file's next answer marked among the options, when the question is shown. */
  protected beforeRender(): void {
    this.shown = null;
    this.shown = this.view();
    const r = this.game.pending;
    const next = this.step < this.last ? this.file.answers[this.step] : undefined;
    this.hint = r && next && this.seesQuestion(r) ? next.slice() : [];
    this.hintKnown = !!next;
  }

  protected hintTitle(): string {
    return this.L.t('录像中的选择', 'the recorded choice');
  }

  protected controls(): string {
    return '';
  }
  protected control(): void {}
  protected checksHTML(): string {
    return '';
  }
  protected onAnswer(): void {}
}

function injectStyle(): void {
  if (document.getElementById('sgs-replay-style')) return;
  const s = document.createElement('style');
  s.id = 'sgs-replay-style';
  s.textContent = css;
  document.head.appendChild(s);
}

/** Why a file or link cannot be replayed, in the page's language (the technical detail in English, in `title`). */
function loadProblem(L: Labels, e: unknown): { text: string; detail: string } {
  const detail = e instanceof Error ? e.message : String(e);
  if (e instanceof GameLinkError) {
    const zh = {
      version: '这不是本站的对局链接（版本不符）。',
      encoding: '链接不完整或含有无效字符。',
      compression: '链接中的数据已损坏。',
      content: '链接中的对局不符合录像文件的格式。',
    }[e.reason];
    const en = {
      version: 'This is not a game link of this site (another version).',
      encoding: 'The link is incomplete or holds characters a link of ours never does.',
      compression: 'The data in the link is damaged.',
      content: 'The game in the link does not fit the replay file’s format.',
    }[e.reason];
    return { text: L.t(zh, en), detail };
  }
  if (e instanceof ReplayFileError)
    return { text: L.t('这个文件不是可回放的对局录像。', 'This file is not a replayable game.'), detail };
  return { text: L.t('无法载入这局对局。', 'The game could not be loaded.'), detail };
}

/** <sgs-game>: the live table, the file bar (save, share, load, 托管) and, once a game is loaded, its replay. */
export class PlayPage {
  private live: GameTable;
  private replay: ReplayTable | null = null;
  /** Whether the replay is of the game the reader played on this page (said above the table). */
  private own = false;
  /** Replaying one's own game still being played: only the spectator's view and one's own seat are offered (the
   *  others' hands are still hidden in the live game). Null: every view. */
  private onlySeat: number | null = null;
  private el: {
    files: HTMLElement;
    note: HTMLElement;
    link: HTMLInputElement;
    bar: HTMLElement;
    liveHost: HTMLElement;
    replayHost: HTMLElement;
  };

  constructor(
    private host: HTMLElement,
    private L: Labels,
    private program: Program,
  ) {
    injectStyle();
    const t = L.t.bind(L);
    host.innerHTML = `<div class="sgs-files" role="group" aria-label="${esc(t('对局文件', 'Game file'))}">
<button type="button" class="sgs-btn" data-file="save">${esc(t('保存对局文件', 'Save the game file'))}</button>
<button type="button" class="sgs-btn" data-file="share">${esc(t('生成分享链接', 'Make a share link'))}</button>
<label class="sgs-btn sgs-load">${esc(t('载入对局文件…', 'Load a game file…'))}<input type="file" accept=".json,application/json" data-file="load"></label>
<button type="button" class="sgs-btn" data-file="replay">${esc(t('回放本局', 'Replay this game'))}</button>
<label class="sgs-auto"><input type="checkbox" data-file="auto"> ${esc(t('托管（电脑代打我的座位）', 'Let the computer play my seat'))}</label>
<input class="sgs-link" type="text" readonly hidden aria-label="${esc(t('分享链接', 'Share link'))}">
<p class="sgs-files-note" aria-live="polite"></p></div>
<div class="sgs-replaybar" hidden></div><div class="sgs-live"></div><div class="sgs-replayed" hidden></div>`;
    const q = <T extends HTMLElement>(c: string) => host.querySelector<T>(c)!;
    this.el = {
      files: q('.sgs-files'),
      note: q('.sgs-files-note'),
      link: q<HTMLInputElement>('.sgs-link'),
      bar: q('.sgs-replaybar'),
      liveHost: q('.sgs-live'),
      replayHost: q('.sgs-replayed'),
    };
    this.live = new GameTable(this.el.liveHost, L, program);
    this.el.files.addEventListener('click', (e) => {
      const b = (e.target as Element).closest<HTMLElement>('button[data-file]');
      if (b) void this.fileAct(b.dataset.file!);
    });
    this.el.files.addEventListener('change', (e) => {
      const input = e.target as HTMLInputElement;
      if (input.dataset.file === 'auto') this.live.setHandsOff(input.checked);
      if (input.dataset.file === 'load' && input.files?.[0]) void this.loadFile(input.files[0], input);
    });
    this.el.bar.addEventListener('click', (e) => {
      const b = (e.target as Element).closest<HTMLElement>('button[data-replay]');
      if (b && !(b as HTMLButtonElement).disabled) this.replayAct(b.dataset.replay!);
    });
    this.el.bar.addEventListener('input', (e) => {
      const t = e.target as HTMLInputElement | HTMLSelectElement;
      if (t.dataset.replay === 'slider') this.replay?.goTo(Number(t.value));
      if (t.dataset.replay === 'view' && this.replay) {
        const v = t.value;
        this.replay.perspective = v === 'public' || v === 'all' ? v : Number(v);
        this.replay.render();
      }
      this.drawBar();
    });
    window.addEventListener('hashchange', () => void this.loadFragment());
    void this.loadFragment();
  }

  private say(text: string, kind: 'info' | 'ok' | 'bad' = 'info', detail = ''): void {
    this.el.note.textContent = text;
    this.el.note.className = `sgs-files-note ${kind}`;
    this.el.note.title = detail;
    this.el.note.dataset.detail = detail;
  }

  /** The file of what is on screen: the replayed game's, or the live game's answers so far. */
  private currentFile(): ReplayFile | null {
    if (this.replay) return this.replay.file;
    const r = this.live.recording();
    return r ? recordedFile(this.program, r) : null;
  }

  private async fileAct(act: string): Promise<void> {
    const L = this.L;
    const file = this.currentFile();
    if (act === 'save' && file) {
      const { name, text } = savedFile(file);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      this.say(
        L.t(
          `已保存 ${file.answers.length} 步。可用 npx sgs replay 回放该文件。`,
          `Saved ${file.answers.length} decisions. npx sgs replay replays the file.`,
        ),
        'ok',
      );
    } else if (act === 'share' && file) {
      const link = `${location.origin}${location.pathname}#${LINK_KEY}=${await encodeGame(file)}`;
      this.el.link.hidden = false;
      this.el.link.value = link;
      this.el.link.select();
      const copied = await navigator.clipboard?.writeText(link).then(
        () => true,
        () => false,
      );
      this.say(
        copied
          ? L.t(
              '分享链接已复制。打开者默认只看到公开信息。',
              'Share link copied. Whoever opens it sees public information first.',
            )
          : L.t(
              '分享链接如下。打开者默认只看到公开信息。',
              'The share link is below. Whoever opens it sees public information first.',
            ),
        'ok',
      );
    } else if (act === 'replay') {
      // Always the live game, even while another game is replayed.
      const rec = this.live.recording();
      if (!rec) return;
      this.own = true;
      this.onlySeat = this.live.finished() ? null : rec.seat;
      this.startReplay(recordedFile(this.program, rec), rec.seat ?? 'public');
    }
  }

  private async loadFile(f: File, input: HTMLInputElement): Promise<void> {
    try {
      this.loaded(readReplayFile(await f.text(), f.name));
    } catch (e) {
      const p = loadProblem(this.L, e);
      this.say(p.text, 'bad', p.detail);
    }
    input.value = '';
  }

  private async loadFragment(): Promise<void> {
    const value = gameInFragment(location.hash);
    if (value === null) return;
    try {
      this.loaded(await decodeGame(value));
    } catch (e) {
      const p = loadProblem(this.L, e);
      this.say(p.text, 'bad', p.detail);
    }
  }

  /** A file or link read: checked against these rules, then replayed from the spectator's view. */
  private loaded(file: ReplayFile): void {
    checkReplayFile(this.program, file, 'file');
    this.own = false;
    this.onlySeat = null;
    this.startReplay(file, 'public');
    if (file.rules !== undefined && file.rules !== rulesFingerprint(this.program))
      this.say(
        this.L.t(
          '注意：这局对局保存时的规则与本站现在的规则不同，回放可能与原局不一致。',
          'Note: this game was saved with other rules than this site’s; the replay may differ from the game played.',
        ),
        'bad',
      );
  }

  private startReplay(file: ReplayFile, perspective: Perspective): void {
    this.el.replayHost.replaceChildren();
    this.replay = new ReplayTable(this.el.replayHost, this.L, this.program, file, perspective);
    this.el.liveHost.hidden = true;
    this.el.replayHost.hidden = false;
    this.el.bar.hidden = false;
    this.host.dataset.replaying = '';
    this.say(
      this.L.t(
        `正在回放一局 ${file.players} 人对局，共 ${file.answers.length} 步。`,
        `Replaying a ${file.players}-player game of ${file.answers.length} decisions.`,
      ),
    );
    this.drawBar(true);
  }

  private replayAct(act: string): void {
    const r = this.replay;
    if (act === 'back') {
      this.replay = null;
      this.el.bar.hidden = true;
      this.el.replayHost.hidden = true;
      this.el.liveHost.hidden = false;
      delete this.host.dataset.replaying;
      if (gameInFragment(location.hash) !== null) history.replaceState(null, '', location.pathname + location.search);
      this.say('');
      return;
    }
    if (!r) return;
    const to = { start: 0, prev: r.step - 1, next: r.step + 1, end: r.last }[act];
    if (to !== undefined) r.goTo(to);
    this.drawBar();
  }

  /** The replay's controls; drawn whole only when a replay starts (so the slider is never replaced mid-drag). */
  private drawBar(whole = false): void {
    const r = this.replay;
    if (!r) return;
    const L = this.L;
    const bar = this.el.bar;
    if (whole) {
      const limited = this.onlySeat !== null;
      const seats = r.current.state.players
        .filter((p) => !limited || p.seat === this.onlySeat)
        .map(
          (p) =>
            `<option value="${p.seat}">${esc(L.t(`${L.ui('seat')} ${p.seat + 1}（${p.name}）的视角`, `${L.ui('seat')} ${p.seat + 1} (${p.name})’s view`))}</option>`,
        )
        .join('');
      bar.innerHTML = `<div class="sgs-group">
<button type="button" class="sgs-btn" data-replay="start" title="${esc(L.t('回到开始', 'To the start'))}" aria-label="${esc(L.t('回到开始', 'To the start'))}">|◀</button>
<button type="button" class="sgs-btn" data-replay="prev" title="${esc(L.t('后退一步', 'One decision back'))}" aria-label="${esc(L.t('后退一步', 'One decision back'))}">◀</button>
<button type="button" class="sgs-btn primary" data-replay="next" title="${esc(L.t('前进一步', 'One decision forward'))}" aria-label="${esc(L.t('前进一步', 'One decision forward'))}">▶</button>
<button type="button" class="sgs-btn" data-replay="end" title="${esc(L.t('跳到结尾', 'To the end'))}" aria-label="${esc(L.t('跳到结尾', 'To the end'))}">▶|</button>
<input type="range" min="0" step="1" data-replay="slider" aria-label="${esc(L.t('回放进度', 'Replay position'))}">
<output data-role="step"></output></div>
<div class="sgs-group"><label>${esc(L.t('视角', 'View'))} <select data-replay="view">
<option value="public">${esc(L.t('旁观者（仅公开信息）', 'Spectator (public information only)'))}</option>${seats}
${limited ? '' : `<option value="all">${esc(L.t('全知（显示所有隐藏信息）', 'Everything (all hidden information)'))}</option>`}</select></label>
<button type="button" class="sgs-btn" data-replay="back">${esc(L.t('返回对局', 'Back to the game'))}</button></div>
<p class="sgs-viewing" data-role="viewing"></p><p class="sgs-trace" data-role="trace" hidden></p>`;
    }
    const q = <T extends HTMLElement>(s: string) => bar.querySelector<T>(s)!;
    const slider = q<HTMLInputElement>('[data-replay="slider"]');
    slider.max = String(r.last);
    slider.value = String(r.step);
    q<HTMLSelectElement>('[data-replay="view"]').value = String(r.perspective);
    q('[data-role="step"]').textContent = L.t(
      `第 ${r.step} / ${r.file.answers.length} 步`,
      `step ${r.step} of ${r.file.answers.length}`,
    );
    for (const [act, off] of [
      ['start', r.step === 0],
      ['prev', r.step === 0],
      ['next', r.atEnd],
      ['end', r.atEnd],
    ] as const)
      q<HTMLButtonElement>(`[data-replay="${act}"]`).disabled = off;
    const p = r.perspective;
    const who =
      p === 'public'
        ? L.t('旁观者视角：只显示所有座位都能看到的信息。', 'Spectator’s view: only what every seat can see.')
        : p === 'all'
          ? L.t(
              '全知视角：显示所有手牌、身份和隐藏的日志。',
              'Everything: every hand, role and hidden log entry is shown.',
            )
          : L.t(
              `座位 ${p + 1} 的视角：只显示该座位当时能看到的信息。`,
              `Seat ${p + 1}’s view: only what that seat could see at the time.`,
            );
    const viewing = q('[data-role="viewing"]');
    viewing.textContent = `${this.own ? L.t('你刚才的对局。', 'Your game. ') : ''}${who}`;
    viewing.dataset.view = String(p);
    const trace = q('[data-role="trace"]');
    const g = r.current;
    trace.hidden = !r.atEnd;
    if (r.atEnd) {
      const state = r.problem
        ? L.t('停在无法执行的答案之前', 'stopped before an answer that could not be applied')
        : g.state.error
          ? L.t('规则错误', 'a rule error')
          : g.state.over
            ? L.t('对局结束', 'the game is over')
            : L.t('对局未完', 'the game was not finished');
      const end = L.t(`回放结束（${state}）。追踪哈希`, `End of the replay (${state}). Trace hash`);
      const same = L.t('（与 npx sgs replay 对同一文件打印的相同）', '(what npx sgs replay prints for the same file)');
      trace.innerHTML = `${esc(end)} <code data-role="hash">${g.traceHash()}</code> ${esc(same)}`;
    }
    if (r.problem)
      this.say(
        L.t(
          `第 ${r.last + 1} 步的答案无法执行，回放到此为止。`,
          `Answer ${r.last + 1} could not be applied; the replay stops there.`,
        ),
        'bad',
        r.problem,
      );
  }
}

export function mountPlay(host: HTMLElement, lang: Lang, rules: ClientRules): PlayPage {
  return new PlayPage(host, new Labels(lang, rules.program, rules.names, rules.texts), rules.program);
}
