// CST (from parser.ts) → AST (compiler/ast/nodes.ts). Plain functions over the CST.
// The CST may come from error recovery: nodes may be marked `recoveredNode`, children may be missing and
// inserted tokens have NaN positions. Nothing here throws on such input: a missing part becomes an empty
// name (`''`), an empty block or list, and positions fall back to the nearest known position.
import { RANK_OF_LETTER, SUIT_OF_SYMBOL } from '../../runtime/card-face.ts';
import type { CstElement, CstNode, IToken } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { error, type Diagnostic } from '../diagnostics.ts';

// ---------------------------------------------------------------- CST access

function isNode(e: CstElement | undefined): e is CstNode {
  return e !== undefined && (e as CstNode).children !== undefined;
}
// Each key of a node's children holds tokens only or nodes only: a key is a token type's name, a rule's name or a
// label, and no rule gives one label to both (test/syntax.test.ts checks the grammar), error recovery included (an
// inserted token goes where its CONSUME puts it, a partial node where its SUBRULE does). So the accessors read the
// arrays as they are, and each caller names the key itself (`n?.children.name`): a property read at each call site
// sees the nodes of one rule, where one shared `children[key]` read saw every rule's and was the slowest part here.
type Kids = CstElement[] | undefined;
const none: readonly never[] = [];
function nodes(c: Kids): readonly CstNode[] {
  return (c as CstNode[] | undefined) ?? none;
}
function node(c: Kids): CstNode | undefined {
  return c?.[0] as CstNode | undefined;
}
function toks(c: Kids): readonly IToken[] {
  return (c as IToken[] | undefined) ?? none;
}
function tok(c: Kids): IToken | undefined {
  return c?.[0] as IToken | undefined;
}
function has(c: Kids): boolean {
  return (c?.length ?? 0) > 0;
}
/** The first child node of n (for rules that are a choice between subrules). */
function onlyChild(n: CstNode | undefined): CstNode | undefined {
  if (!n) return undefined;
  for (const key in n.children) {
    const c = n.children[key]![0];
    if (isNode(c)) return c;
  }
  return undefined;
}
function real(t: IToken | undefined): t is IToken {
  return t !== undefined && Number.isFinite(t.startOffset);
}
/** The spelling of a token type (for keywords and operators), so an inserted token still says what it is. */
function spelling(t: IToken | undefined): string {
  if (!t) return '';
  const p = t.tokenType.PATTERN;
  return typeof p === 'string' ? p : (t.image ?? '');
}

export function unescapeString(image: string): string {
  let s = image;
  if (s.startsWith('"')) s = s.slice(1);
  if (s.endsWith('"') && image.length >= 2) s = s.slice(0, -1);
  // Most strings have no escape: no regexp, no callback.
  if (!s.includes('\\')) return s;
  return s.replace(/\\(.)/gs, (_m, c: string) => (c === 'n' ? '\n' : c));
}

// ---------------------------------------------------------------- the converter

export function toAst(
  cst: CstNode | undefined,
  file: string,
  text: string,
): { ast: A.SourceFile; diagnostics: Diagnostic[]; counts: number[] } {
  const c = new Converter(file, text);
  const ast = c.file(cst);
  return { ast, diagnostics: c.diagnostics, counts: c.counts };
}

class Converter {
  diagnostics: Diagnostic[] = [];
  /** How many trees each top-level declaration made (a mode with owned declarations makes several). */
  counts: number[] = [];
  private last: A.Span;
  /** Offsets where each line starts: CST nodes carry only offsets (cheaper to build); lines come from here. */
  private readonly lineStarts: number[] = [0];
  /** The line lineOf found last: nodes are mostly visited in text order, so the next one is usually on it. */
  private lineHint = 0;

  constructor(
    private readonly fileName: string,
    private readonly text: string,
  ) {
    this.last = { file: fileName, start: 0, end: 0, line: 1, col: 1 };
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  // ------------------------------------------------------------ spans

  private tokSpan(t: IToken | undefined): A.Span {
    if (real(t)) {
      const end = Number.isFinite(t.endOffset) ? (t.endOffset as number) + 1 : t.startOffset + t.image.length;
      // Shared with `last`, which is only ever replaced: nothing downstream mutates a span.
      this.last = { file: this.fileName, start: t.startOffset, end, line: t.startLine ?? 1, col: t.startColumn ?? 1 };
      return this.last;
    }
    return { ...this.last, start: this.last.end };
  }

  private nodeSpan(n: CstNode | undefined): A.Span {
    const loc = n?.location;
    if (loc && Number.isFinite(loc.startOffset)) {
      const end = Number.isFinite(loc.endOffset) ? (loc.endOffset as number) + 1 : loc.startOffset;
      const line = this.lineOf(loc.startOffset);
      const col = loc.startOffset - this.lineStarts[line - 1]! + 1;
      this.last = { file: this.fileName, start: loc.startOffset, end: Math.max(end, loc.startOffset), line, col };
      return this.last;
    }
    return { ...this.last, start: this.last.end };
  }

  /** The (1-based) line of an offset. */
  private lineOf(offset: number): number {
    const starts = this.lineStarts;
    const h = this.lineHint;
    if (starts[h]! <= offset && (h + 1 === starts.length || starts[h + 1]! > offset)) return h + 1;
    let lo = 0,
      hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.lineHint = lo;
    return lo + 1;
  }

  private join(a: A.Span, b: A.Span): A.Span {
    return { file: this.fileName, start: a.start, end: Math.max(a.end, b.end), line: a.line, col: a.col };
  }

  private ident(t: IToken | undefined): A.Ident {
    return { kind: 'Ident', name: real(t) ? t.image : '', span: this.tokSpan(t) };
  }

  private placeholder(span: A.Span): A.Expr {
    return { kind: 'Name', name: '', span };
  }

  // ------------------------------------------------------------ file and declarations

  file(n: CstNode | undefined): A.SourceFile {
    const span: A.Span = { file: this.fileName, start: 0, end: this.text.length, line: 1, col: 1 };
    const pkgNames = node(n?.children.pkg);
    const pkg = pkgNames ? this.names(pkgNames) : undefined;
    const decls: A.Decl[] = [];
    for (const d of nodes(n?.children.decl)) {
      const before = decls.length;
      const c = onlyChild(d);
      if (c?.name === 'mode') decls.push(...this.modeWithOwned(c));
      else {
        const decl = this.decl(d);
        if (decl) decls.push(decl);
      }
      this.counts.push(decls.length - before);
    }
    return {
      kind: 'File',
      file: this.fileName,
      ...(pkg ? { package: pkg.id, ...(pkg.zh || pkg.en ? { packageNames: pkg } : {}) } : {}),
      imports: toks(n?.children.imports)
        .filter(real)
        .map((t) => this.ident(t)),
      decls,
      span,
    };
  }

  private decl(n: CstNode | undefined): A.Decl | undefined {
    const d = onlyChild(n);
    if (!d) return undefined;
    switch (d.name) {
      case 'enumDecl':
        return this.enumDecl(d);
      case 'optionDecl':
        return this.optionDecl(d);
      case 'zone':
        return this.zone(d);
      case 'property':
        return this.property(d);
      case 'varDecl':
        return this.varDecl(d);
      case 'card':
        return this.card(d);
      case 'deck':
        return this.deck(d);
      case 'general':
        return this.general(d);
      case 'skill':
        return this.skill(d);
      case 'event':
        return this.event(d);
      case 'action':
        return this.action(d);
      case 'function':
        return this.function(d);
      case 'hook':
        return this.hook(d);
      case 'invariant':
        return this.invariant(d);
      case 'mode':
        return this.mode(d);
      case 'variant':
        return this.variant(d);
      case 'scenario':
        return this.scenario(d);
      case 'phrase':
        return this.phrase(d);
      case 'extend':
        return this.extend(d);
      case 'tagDecl':
        return this.tagDecl(d);
      case 'require':
        return this.require(d);
      case 'cardMethod':
        return this.cardMethod(d);
    }
    return undefined;
  }

  private extend(n: CstNode): A.ExtendEventDecl | A.ExtendEnumDecl | A.ExtendModeDecl {
    const span = this.nodeSpan(n);
    const target = this.ident(tok(n?.children.target));
    if (has(n?.children.isEvent))
      return { kind: 'ExtendEvent', target, params: this.params(node(n?.children.params)), span };
    if (has(n?.children.isMode))
      return { kind: 'ExtendMode', target, fields: nodes(n?.children.field).map((f) => this.field(f)), span };
    return { kind: 'ExtendEnum', target, members: this.enumMembers(node(n?.children.enumBody)), span };
  }

  private tagDecl(n: CstNode): A.TagDecl {
    const span = this.nodeSpan(n);
    const per = tok(n?.children.oncePer);
    const records = tok(n?.children.records);
    return {
      kind: 'Tag',
      names: this.names(node(n?.children.names)),
      forbidsMay: has(n?.children.forbidsMay),
      ...(per ? { once: { per: this.ident(per), span } } : {}),
      ...(records ? { records: this.ident(records) } : {}),
      span,
    };
  }

  private cardMethod(n: CstNode): A.CardMethodDecl {
    const span = this.nodeSpan(n);
    return {
      kind: 'CardMethod',
      name: this.ident(tok(n?.children.name)),
      params: this.params(node(n?.children.params)),
      acts: has(n?.children.acts),
      span,
    };
  }

  private require(n: CstNode): A.RequireDecl {
    const span = this.nodeSpan(n);
    const fields = nodes(n?.children.reqField).map((f) => {
      const min = tok(f?.children.min);
      return {
        name: this.ident(tok(f?.children.name)),
        type: this.typeRef(node(f?.children.typeRef)),
        ...(real(min) ? { min: Number(min.image) } : {}),
        span: this.nodeSpan(f),
      };
    });
    return { kind: 'Require', what: this.ident(tok(n?.children.what)), fields, span };
  }

  private names(n: CstNode | undefined): A.Names {
    const span = this.nodeSpan(n);
    const zh = tok(n?.children.zh);
    const en = tok(n?.children.en);
    // Built key by key (no spreads: this runs for every declaration and enum member), in the same key order.
    const out: A.Names = { id: this.ident(tok(n?.children.id)) } as A.Names;
    if (real(zh)) out.zh = this.ident(zh);
    if (real(en)) out.en = unescapeString(en.image);
    out.span = span;
    return out;
  }

  private enumMembers(n: CstNode | undefined): A.EnumMember[] {
    return nodes(n?.children.members).map((m) => {
      const names = this.names(m);
      return { names, span: names.span };
    });
  }

  private enumDecl(n: CstNode): A.EnumDecl {
    const span = this.nodeSpan(n);
    return {
      kind: 'Enum',
      names: this.names(node(n?.children.names)),
      members: this.enumMembers(node(n?.children.enumBody)),
      span,
    };
  }

  private optionDecl(n: CstNode): A.OptionDecl {
    const span = this.nodeSpan(n);
    const names = this.names(node(n?.children.names));
    const body = node(n?.children.enumBody);
    const type = node(n?.children.typeRef);
    return {
      kind: 'Option',
      names,
      ...(body ? { members: this.enumMembers(body) } : {}),
      ...(type || !body ? { type: this.typeRef(type) } : {}),
      default: this.expr(node(n?.children.default)),
      span,
    };
  }

  private visibility(n: CstNode | undefined): 'public' | 'owner' | 'hidden' {
    const v = spelling(tok(n?.children.vis));
    return v === 'owner' || v === 'hidden' ? v : 'public';
  }

  private zone(n: CstNode): A.ZoneDecl {
    const span = this.nodeSpan(n);
    return {
      kind: 'Zone',
      names: this.names(node(n?.children.names)),
      perPlayer: has(n?.children.perPlayer),
      visibility: this.visibility(node(n?.children.visibility)),
      grants: has(n?.children.grants),
      span,
    };
  }

  private resetAt(n: CstNode | undefined): { resetAt?: A.Ident } {
    return n ? { resetAt: this.ident(tok(n?.children.event)) } : {};
  }

  private property(n: CstNode): A.PropertyDecl {
    const span = this.nodeSpan(n);
    return {
      kind: 'Property',
      names: this.names(node(n?.children.names)),
      type: this.typeRef(node(n?.children.typeRef)),
      default: this.expr(node(n?.children.default)),
      visibility: this.visibility(node(n?.children.visibility)),
      ...this.resetAt(node(n?.children.resetAt)),
      ...(has(n?.children.carried) ? { carried: true } : {}),
      span,
    };
  }

  private varDecl(n: CstNode): A.VarDecl {
    const span = this.nodeSpan(n);
    return {
      kind: 'Var',
      name: this.ident(tok(n?.children.name)),
      type: this.typeRef(node(n?.children.typeRef)),
      default: this.expr(node(n?.children.default)),
      ...this.resetAt(node(n?.children.resetAt)),
      ...(has(n?.children.carried) ? { carried: true } : {}),
      span,
    };
  }

  private field(n: CstNode): A.Field {
    const span = this.nodeSpan(n);
    const name = this.ident(tok(n?.children.name));
    const values = nodes(n?.children.values).map((v) => this.expr(v));
    let value: A.Expr;
    if (values.length === 1) value = values[0]!;
    else if (values.length === 0) value = this.placeholder(span);
    else value = { kind: 'List', items: values, span: this.join(values[0]!.span, values[values.length - 1]!.span) };
    return { name, value, span };
  }

  /** The values of a `skills:` field, which must be plain names. */
  private skillNames(f: A.Field): A.Ident[] {
    const items = f.value.kind === 'List' ? f.value.items : [f.value];
    const out: A.Ident[] = [];
    for (const it of items) {
      if (it.kind === 'Name') {
        if (it.name !== '') out.push({ kind: 'Ident', name: it.name, span: it.span });
      } else {
        this.diagnostics.push(error('SGS002', 'expected a skill name in `skills:`, found an expression', it.span));
      }
    }
    return out;
  }

  private method(n: CstNode): A.MethodDecl {
    const span = this.nodeSpan(n);
    const e = node(n?.children.expr);
    const b = node(n?.children.block);
    return {
      kind: 'Method',
      name: this.ident(tok(n?.children.name)),
      params: this.params(node(n?.children.params)),
      ...(e ? { expr: this.expr(e) } : {}),
      ...(b || !e ? { body: this.block(b) } : {}),
      span,
    };
  }

  private card(n: CstNode): A.CardDecl {
    const span = this.nodeSpan(n);
    const out: A.CardDecl = {
      kind: 'Card',
      names: this.names(node(n?.children.names)),
      fields: [],
      methods: [],
      skills: [],
      span,
    };
    const parent = tok(n?.children.parent);
    if (parent) out.parent = this.ident(parent);
    for (const item of nodes(n?.children.cardItem)) {
      const c = onlyChild(item);
      if (!c) continue;
      if (c.name === 'flavour') out.flavour = this.flavour(c);
      else if (c.name === 'field') {
        const f = this.field(c);
        if (f.name.name === 'skills') out.skills.push(...this.skillNames(f));
        else out.fields.push(f);
      } else if (c.name === 'method') out.methods.push(this.method(c));
    }
    return out;
  }

  private flavour(n: CstNode): string {
    const t = tok(n?.children.text);
    return real(t) ? unescapeString(t.image) : '';
  }

  private face(t: IToken | undefined): { suit: string; rank: number; face: string; span: A.Span } {
    const span = this.tokSpan(t);
    const img = !real(t) ? '' : t.image.includes('\uFE0F') ? t.image.replace(/\uFE0F/g, '') : t.image;
    const suitChar = img.charAt(0);
    const rankText = img.slice(1);
    const rank = RANK_OF_LETTER[rankText] ?? (Number.parseInt(rankText, 10) || 0);
    return { suit: SUIT_OF_SYMBOL[suitChar] ?? '', rank, face: img, span };
  }

  private deck(n: CstNode): A.DeckDecl {
    const span = this.nodeSpan(n);
    const entries: A.DeckEntry[] = nodes(n?.children.deckEntry).map((e) => {
      const eSpan = this.nodeSpan(e);
      return {
        cardKind: this.ident(tok(e?.children.kind)),
        faces: toks(e?.children.faces)
          .filter(real)
          .map((f) => this.face(f)),
        span: eSpan,
      };
    });
    return { kind: 'Deck', names: this.names(node(n?.children.names)), entries, span };
  }

  private general(n: CstNode): A.GeneralDecl {
    const span = this.nodeSpan(n);
    const out: A.GeneralDecl = {
      kind: 'General',
      names: this.names(node(n?.children.names)),
      fields: [],
      skills: [],
      span,
    };
    for (const item of nodes(n?.children.generalItem)) {
      const c = onlyChild(item);
      if (!c) continue;
      if (c.name === 'flavour') out.flavour = this.flavour(c);
      else if (c.name === 'field') {
        const f = this.field(c);
        if (f.name.name === 'skills') out.skills.push(...this.skillNames(f));
        else out.fields.push(f);
      }
    }
    return out;
  }

  private skill(n: CstNode): A.SkillDecl {
    const span = this.nodeSpan(n);
    let fl: CstNode | undefined;
    const fields: A.Field[] = [];
    for (const h of nodes(n?.children.skillHead)) {
      const c = onlyChild(h);
      if (c?.name === 'flavour') fl = c;
      else if (c?.name === 'field') fields.push(this.field(c));
    }
    const items: A.SkillItem[] = [];
    for (const it of nodes(n?.children.skillItem)) {
      const item = this.skillItem(onlyChild(it));
      if (item) items.push(item);
    }
    const order = spelling(tok(n?.children.order));
    const word = tok(n?.children.skillsWord);
    if (has(n?.children.isRule) && real(word) && word.image !== 'skills') {
      this.diagnostics.push(
        error('SGS002', 'a table rule says `before skills` or `after skills`', this.ident(word).span),
      );
    }
    return {
      kind: 'Skill',
      names: this.names(node(n?.children.names)),
      tags: toks(n?.children.tags)
        .filter(real)
        .map((t) => this.ident(t)),
      ...(fl ? { flavour: this.flavour(fl) } : {}),
      ...(fields.length ? { fields } : {}),
      items,
      ...(has(n?.children.isRule) ? { table: order === 'after' ? ('after' as const) : ('before' as const) } : {}),
      span,
    };
  }

  private limit(n: CstNode | undefined): { limit?: A.Limit } {
    if (!n) return {};
    const span = this.nodeSpan(n);
    return { limit: { count: this.int(tok(n?.children.count)), per: this.ident(tok(n?.children.per)), span } };
  }

  private cond(n: CstNode | undefined): { cond?: A.Expr } {
    return n ? { cond: this.expr(node(n?.children.expr)) } : {};
  }

  private int(t: IToken | undefined): number {
    return real(t) ? Number.parseInt(t.image, 10) || 0 : 0;
  }

  private skillItem(n: CstNode | undefined): A.SkillItem | undefined {
    if (!n) return undefined;
    const span = this.nodeSpan(n);
    switch (n.name) {
      case 'trigger': {
        const s = spelling(tok(n?.children.subject));
        const alias = tok(n?.children.alias);
        return {
          kind: 'Trigger',
          window: this.ident(tok(n?.children.window)),
          subject: s === 'anyone' || s === 'other' ? s : 'you',
          ...(alias ? { alias: this.ident(alias) } : {}),
          optional: has(n?.children.may),
          ...this.limit(node(n?.children.limit)),
          ...this.cond(node(n?.children.ifCond)),
          body: this.block(node(n?.children.block)),
          span,
        };
      }
      case 'active':
        return {
          kind: 'Active',
          ...this.limit(node(n?.children.limit)),
          ...this.cond(node(n?.children.ifCond)),
          body: this.block(node(n?.children.block)),
          span,
        };
      case 'viewAs': {
        const f = node(n?.children.filter);
        return {
          kind: 'ViewAs',
          cardKind: this.ident(tok(n?.children.kind)),
          count: this.int(tok(n?.children.count)),
          zones: toks(n?.children.zones)
            .filter(real)
            .map((t) => this.ident(t)),
          ...(f ? { filter: this.expr(f) } : {}),
          ...this.cond(node(n?.children.ifCond)),
          span,
        };
      }
      case 'modify':
        return {
          kind: 'Modify',
          hook: this.ident(tok(n?.children.hook)),
          params: toks(n?.children.params)
            .filter(real)
            .map((t) => this.ident(t)),
          value: this.expr(node(n?.children.value)),
          ...this.cond(node(n?.children.ifCond)),
          span,
        };
      case 'grant': {
        const to = spelling(tok(n?.children.to));
        const word = tok(n?.children.toWord);
        if (real(word) && word.image !== 'to')
          this.diagnostics.push(error('SGS002', 'expected `to` after the granted name', this.ident(word).span));
        const cond = node(n?.children.cond);
        return {
          kind: 'Grant',
          what: this.ident(tok(n?.children.what)),
          to: to === 'others' || to === 'anyone' ? to : 'you',
          ...(cond ? { cond: this.expr(cond) } : {}),
          span,
        };
      }
      case 'filter':
        return {
          kind: 'Filter',
          cond: this.expr(node(n?.children.cond)),
          sets: nodes(n?.children.setItem).map((s) => {
            const sSpan = this.nodeSpan(s);
            return { name: this.ident(tok(s?.children.name)), value: this.expr(node(s?.children.value)), span: sSpan };
          }),
          span,
        };
    }
    return undefined;
  }

  private signature(n: CstNode | undefined): A.Param[] {
    return this.params(node(n?.children.params));
  }

  private returns(n: CstNode | undefined): { returns?: A.TypeRef } {
    return n ? { returns: this.typeRef(node(n?.children.typeRef)) } : {};
  }

  private event(n: CstNode): A.EventDecl {
    const span = this.nodeSpan(n);
    const cleanup = node(n?.children.cleanup);
    return {
      kind: 'Event',
      names: this.names(node(n?.children.names)),
      params: this.signature(node(n?.children.signature)),
      ...this.returns(node(n?.children.returns)),
      body: this.block(node(n?.children.body)),
      ...(cleanup ? { cleanup: this.block(cleanup) } : {}),
      span,
    };
  }

  private action(n: CstNode): A.ActionDecl {
    const span = this.nodeSpan(n);
    return {
      kind: 'Action',
      names: this.names(node(n?.children.names)),
      params: this.signature(node(n?.children.signature)),
      ...this.returns(node(n?.children.returns)),
      body: this.block(node(n?.children.block)),
      span,
    };
  }

  private function(n: CstNode): A.FunctionDecl {
    const span = this.nodeSpan(n);
    const e = node(n?.children.expr);
    const b = node(n?.children.block);
    return {
      kind: 'Function',
      names: this.names(node(n?.children.names)),
      params: this.signature(node(n?.children.signature)),
      ...this.returns(node(n?.children.returns)),
      ...(e ? { expr: this.expr(e) } : {}),
      ...(b || !e ? { body: this.block(b) } : {}),
      span,
    };
  }

  private invariant(n: CstNode): A.InvariantDecl {
    return {
      kind: 'Invariant',
      names: this.names(node(n?.children.names)),
      params: this.signature(node(n?.children.signature)),
      expr: this.expr(node(n?.children.expr)),
      span: this.nodeSpan(n),
    };
  }

  private hook(n: CstNode): A.HookDecl {
    const span = this.nodeSpan(n);
    const c = spelling(tok(n?.children.combine));
    const combine = c === 'any' || c === 'all' || c === 'max' || c === 'min' ? c : 'sum';
    return {
      kind: 'Hook',
      names: this.names(node(n?.children.names)),
      params: this.signature(node(n?.children.signature)),
      returns: this.typeRef(node(node(n?.children.returns)?.children.typeRef)),
      combine,
      span,
    };
  }

  private mode(n: CstNode): A.ModeDecl {
    const [m, owned] = this.modeParts(n);
    for (const d of owned)
      this.diagnostics.push(error('SGS162', 'a mode inside a variant cannot own declarations', d.span));
    return m;
  }

  /** A top-level mode and what it owns: its options and variants, marked as its own, and the rest as a variant of
   *  the game's mode (`variant mode == id`), so that they hold only in games of this mode and replace same-named
   *  ones. */
  private modeWithOwned(n: CstNode): A.Decl[] {
    const [m, owned] = this.modeParts(n);
    if (owned.length === 0) return [m];
    // Its options (marked as the mode's), the rest as one variant of the mode, then its own variants (marked too),
    // which come later so that they replace what the mode declares.
    const id = m.names.id;
    const options: A.Decl[] = [];
    const variants: A.Decl[] = [];
    const rest: A.Decl[] = [];
    for (const d of owned) {
      if (d.kind === 'Option') options.push({ ...d, mode: id.name });
      else if (d.kind === 'Variant') variants.push({ ...d, mode: id.name });
      else if (d.kind === 'Mode' || d.kind === 'Scenario')
        this.diagnostics.push(
          error('SGS162', `a mode cannot own a ${d.kind.toLowerCase()}: declare it outside the mode`, d.span),
        );
      else rest.push(d);
    }
    if (rest.length === 0) return [m, ...options, ...variants];
    const variant: A.VariantDecl = {
      kind: 'Variant',
      option: { kind: 'Ident', name: 'mode', span: id.span },
      value: { kind: 'Name', name: id.name, span: id.span },
      decls: rest,
      span: m.span,
    };
    return [m, ...options, variant, ...variants];
  }

  private modeParts(n: CstNode): [A.ModeDecl, A.Decl[]] {
    const span = this.nodeSpan(n);
    const out: A.ModeDecl = { kind: 'Mode', names: this.names(node(n?.children.names)), fields: [], methods: [], span };
    const owned: A.Decl[] = [];
    for (const item of nodes(n?.children.modeItem)) {
      const c = onlyChild(item);
      if (c?.name === 'field') out.fields.push(this.field(c));
      else if (c?.name === 'method') out.methods.push(this.method(c));
      else if (c?.name === 'decl') {
        const d = onlyChild(c)?.name === 'mode' ? this.mode(onlyChild(c)!) : this.decl(c);
        if (d) owned.push(d);
      }
    }
    return [out, owned];
  }

  private variant(n: CstNode): A.VariantDecl {
    const span = this.nodeSpan(n);
    const option = this.ident(tok(n?.children.option));
    const value = this.expr(node(n?.children.value));
    const decls: A.Decl[] = [];
    for (const d of nodes(n?.children.decl)) {
      const decl = this.decl(d);
      if (decl) decls.push(decl);
    }
    return { kind: 'Variant', option, value, decls, span };
  }

  private scenario(n: CstNode): A.ScenarioDecl {
    const span = this.nodeSpan(n);
    const out: A.ScenarioDecl = {
      kind: 'Scenario',
      names: this.names(node(n?.children.names)),
      options: [],
      vars: [],
      seats: [],
      deck: [],
      steps: [],
      span,
    };
    for (const item of nodes(n?.children.scenarioItem)) {
      const iSpan = this.nodeSpan(item);
      if (has(item?.children.mode)) {
        out.mode = this.ident(tok(item?.children.mode));
        continue;
      }
      if (has(item?.children.option)) {
        out.options.push({
          name: this.ident(tok(item?.children.option)),
          value: this.expr(node(item?.children.value)),
          span: iSpan,
        });
        continue;
      }
      if (has(item?.children.varName)) {
        out.vars.push({
          name: this.ident(tok(item?.children.varName)),
          value: this.expr(node(item?.children.varValue)),
          span: iSpan,
        });
        continue;
      }
      const c = onlyChild(item);
      if (!c) continue;
      switch (c.name) {
        case 'seat':
          out.seats.push({
            name: this.ident(tok(c?.children.name)),
            fields: nodes(c?.children.field).map((f) => this.field(f)),
            span: this.nodeSpan(c),
          });
          break;
        case 'scenarioDeck':
          out.deck.push(...this.listItems(node(c?.children.listLit)));
          break;
        case 'start': {
          const sSpan = this.nodeSpan(c);
          const from = tok(c?.children.from);
          out.start = {
            player: this.ident(tok(c?.children.player)),
            ...(from ? { from: this.ident(from) } : {}),
            span: sSpan,
          };
          break;
        }
        case 'expect': {
          const sSpan = this.nodeSpan(c);
          if (has(c?.children.log)) {
            const t = tok(c?.children.text);
            const reader = tok(c?.children.reader);
            out.steps.push({
              kind: 'ExpectLog',
              text: real(t) ? unescapeString(t.image) : '',
              ...(has(c?.children.logNegated) ? { negated: true } : {}),
              ...(reader ? { player: this.ident(reader) } : {}),
              span: sSpan,
            });
          } else if (has(c?.children.ask))
            out.steps.push({ kind: 'ExpectAsk', player: this.ident(tok(c?.children.player)), span: sSpan });
          else if (has(c?.children.end)) out.steps.push({ kind: 'ExpectEnd', span: sSpan });
          else if (has(c?.children.offered)) {
            out.steps.push({
              kind: 'ExpectOffer',
              negated: has(c?.children.negated),
              picks: nodes(c?.children.picks).map((p) => this.expr(p)),
              span: sSpan,
            });
          } else out.steps.push({ kind: 'Expect', cond: this.expr(node(c?.children.cond)), span: sSpan });
          break;
        }
        case 'answer': {
          const sSpan = this.nodeSpan(c);
          out.steps.push({
            kind: 'Answer',
            player: this.ident(tok(c?.children.player)),
            picks: nodes(c?.children.picks).map((p) => this.expr(p)),
            span: sSpan,
          });
          break;
        }
      }
    }
    return out;
  }

  // ------------------------------------------------------------ phrases

  private phrase(n: CstNode): A.PhraseDecl {
    const span = this.nodeSpan(n);
    const str = (key: string): string => {
      const t = tok(n.children[key]);
      return real(t) ? unescapeString(t.image) : '';
    };
    let target: A.PhraseTarget;
    const text = tok(n?.children.text);
    if (has(n?.children.on)) target = { kind: 'Window', name: this.ident(tok(n?.children.name)) };
    else if (text) target = { kind: 'Text', value: str('text'), span: this.tokSpan(text) };
    else {
      const name = this.ident(tok(n?.children.name));
      const member = node(n?.children.member);
      target = member
        ? { kind: 'Member', owner: name, name: this.ident(tok(member?.children.name)) }
        : { kind: 'Name', name };
    }
    const ps = node(n?.children.phraseParams);
    const out: A.PhraseDecl = { kind: 'Phrase', target, text: { zh: str('zh'), en: str('en') }, span };
    if (ps) {
      out.params = nodes(ps?.children.params).map((p) => {
        const pSpan = this.nodeSpan(p);
        const zh = tok(p?.children.nounZh);
        const en = tok(p?.children.nounEn);
        return {
          name: this.ident(tok(p?.children.name)),
          ...(real(zh) && real(en) ? { noun: { zh: unescapeString(zh.image), en: unescapeString(en.image) } } : {}),
          span: pSpan,
        };
      });
    }
    if (has(n?.children.notZh)) out.negative = { zh: str('notZh'), en: str('notEn') };
    if (has(n?.children.resultZh)) out.result = { zh: str('resultZh'), en: str('resultEn') };
    return out;
  }

  // ------------------------------------------------------------ params and types

  private params(n: CstNode | undefined): A.Param[] {
    return nodes(n?.children.param).map((p) => {
      const span = this.nodeSpan(p);
      const d = node(p?.children.default);
      return {
        name: this.ident(tok(p?.children.name)),
        type: this.typeRef(node(p?.children.typeRef)),
        ...(d ? { default: this.expr(d) } : {}),
        span,
      };
    });
  }

  private typeRef(n: CstNode | undefined): A.TypeRef {
    const span = this.nodeSpan(n);
    const optional = has(n?.children.optional);
    const el = node(n?.children.element);
    if (has(n?.children.list)) {
      const inner = this.typeRef(el);
      if (inner.list || inner.optional) {
        this.diagnostics.push(error('SGS002', 'a list type holds a plain type, such as [card]', inner.span));
      }
      return { kind: 'Type', name: inner.name, list: true, optional, span };
    }
    return { kind: 'Type', name: this.ident(tok(n?.children.name)), list: false, optional, span };
  }

  // ------------------------------------------------------------ statements

  private block(n: CstNode | undefined): A.Block {
    const span = this.nodeSpan(n);
    const stmts: A.Stmt[] = [];
    for (const s of nodes(n?.children.stmt)) {
      const st = this.stmt(s);
      if (st) stmts.push(st);
    }
    return { kind: 'Block', stmts, span };
  }

  private stmt(n: CstNode): A.Stmt | undefined {
    if (has(n?.children.break)) return { kind: 'Break', span: this.tokSpan(tok(n?.children.break)) };
    if (has(n?.children.continue)) return { kind: 'Continue', span: this.tokSpan(tok(n?.children.continue)) };
    const c = onlyChild(n);
    if (!c) return undefined;
    const span = this.nodeSpan(c);
    switch (c.name) {
      case 'letStmt':
        return {
          kind: 'Let',
          name: this.ident(tok(c?.children.name)),
          value: this.expr(node(c?.children.value)),
          span,
        };
      case 'ifStmt':
        return this.ifStmt(c);
      case 'forStmt':
        return {
          kind: 'For',
          name: this.ident(tok(c?.children.name)),
          iterable: this.expr(node(c?.children.iterable)),
          body: this.block(node(c?.children.body)),
          span,
        };
      case 'whileStmt':
        return {
          kind: 'While',
          cond: this.expr(node(c?.children.cond)),
          body: this.block(node(c?.children.body)),
          span,
        };
      case 'repeatStmt': {
        const count = node(c?.children.count);
        return {
          kind: 'Repeat',
          ...(count ? { count: this.expr(count) } : {}),
          body: this.block(node(c?.children.body)),
          span,
        };
      }
      case 'returnStmt': {
        const v = node(c?.children.value);
        return { kind: 'Return', ...(v ? { value: this.expr(v) } : {}), span };
      }
      case 'stopStmt': {
        const v = node(c?.children.value);
        return { kind: 'Stop', ...(v ? { target: this.expr(v) } : {}), span };
      }
      case 'timingStmt':
        return {
          kind: 'Timing',
          name: this.ident(tok(c?.children.name)),
          subject: this.expr(node(c?.children.subject)),
          span,
        };
      case 'exprStmt': {
        const target = this.expr(node(c?.children.target));
        const op = tok(c?.children.op);
        if (op) {
          const o = spelling(op);
          return {
            kind: 'Assign',
            target,
            op: o === '+=' || o === '-=' ? o : '=',
            value: this.expr(node(c?.children.value)),
            span,
          };
        }
        return { kind: 'ExprStmt', expr: target, span };
      }
    }
    return undefined;
  }

  private ifStmt(n: CstNode): A.IfStmt {
    const span = this.nodeSpan(n);
    const elseIf = node(n?.children.elseIf);
    const elseBlock = node(n?.children.else);
    const out: A.IfStmt = {
      kind: 'If',
      cond: this.expr(node(n?.children.cond)),
      then: this.block(node(n?.children.then)),
      span,
    };
    if (elseIf) out.else = this.ifStmt(elseIf);
    else if (elseBlock) out.else = this.block(elseBlock);
    return out;
  }

  // ------------------------------------------------------------ expressions

  /** Any expression rule node → Expr; a missing node → an empty name. */
  expr(n: CstNode | undefined): A.Expr {
    if (!n) return this.placeholder(this.nodeSpan(undefined));
    switch (n.name) {
      case 'expr':
        return this.flat(n);
      case 'operand':
        return this.operand(n, 0, nodes(n?.children.prefix).length ? toks(n?.children.prefix) : []);
      case 'postfix':
        return this.postfix(n);
      case 'primary':
        return this.primary(n);
      case 'listLit':
        return { kind: 'List', items: this.listItems(n), span: this.nodeSpan(n) };
    }
    return this.placeholder(this.nodeSpan(n));
  }

  /** The flat `operand (op operand)*` of an expression → a tree by precedence (Pratt): where < or < and < not <
   *  comparisons < + - < * / % < unary minus; binary operators associate to the left. */
  private flat(n: CstNode): A.Expr {
    const operands = nodes(n?.children.operands);
    const ops = toks(n?.children.op);
    if (operands.length === 0) return this.placeholder(this.nodeSpan(n));
    // Most expressions are one operand: no stream, no closure (the common case is the hot one).
    if (operands.length === 1 && ops.length === 0 && !has(operands[0]!.children.prefix))
      return this.postfix(node(operands[0]!.children.operand)!);
    // The stream: each operand's prefix operators, the operand, then the binary operator that follows it.
    const stream: ({ t: 'pre'; op: IToken } | { t: 'val'; node: CstNode } | { t: 'bin'; op: IToken })[] = [];
    operands.forEach((o, i) => {
      for (const p of toks(o?.children.prefix)) stream.push({ t: 'pre', op: p });
      stream.push({ t: 'val', node: o });
      if (i < ops.length) stream.push({ t: 'bin', op: ops[i]! });
    });
    let pos = 0;
    const parse = (min: number): A.Expr => {
      let left: A.Expr;
      const item = stream[pos];
      if (item && item.t === 'pre') {
        pos++;
        const isNot = spelling(item.op) === 'not';
        const operand = parse(isNot ? PREC.cmp : PREC.neg);
        left = {
          kind: 'Unary',
          op: isNot ? 'not' : '-',
          operand,
          span: this.join(this.tokSpan(item.op), operand.span),
        };
      } else if (item && item.t === 'val') {
        pos++;
        left = this.postfix(node(item.node.children.operand)!);
      } else {
        return this.placeholder(this.nodeSpan(n));
      }
      for (;;) {
        const next = stream[pos];
        if (next?.t !== 'bin') break;
        const op = spelling(next.op) || '+';
        const prec = binaryPrec(op);
        if (prec < min) break;
        pos++;
        const right = parse(prec + 1);
        const span = this.join(left.span, right.span);
        left =
          op === 'where'
            ? { kind: 'Where', list: left, cond: right, span }
            : { kind: 'Binary', op: op as A.BinaryOp, left, right, span };
      }
      return left;
    };
    return parse(0);
  }

  private operand(n: CstNode, _min: number, _prefix: readonly IToken[]): A.Expr {
    // Only reached for a lone operand node (the expression rule normally handles prefixes itself).
    let e = this.postfix(node(n?.children.operand)!);
    for (const p of toks(n?.children.prefix).slice().reverse()) {
      const isNot = spelling(p) === 'not';
      e = { kind: 'Unary', op: isNot ? 'not' : '-', operand: e, span: this.join(this.tokSpan(p), e.span) };
    }
    return e;
  }

  private postfix(n: CstNode): A.Expr {
    let acc = this.primary(node(n?.children.primary));
    for (const s of nodes(n?.children.suffix)) {
      const sSpan = this.nodeSpan(s);
      const span = this.join(acc.span, sSpan);
      if (has(s?.children.Dot)) {
        acc = { kind: 'Member', object: acc, name: this.ident(tok(node(s?.children.memberName)?.children.name)), span };
      } else {
        const args: A.Arg[] = nodes(s?.children.args).map((a) => {
          const aSpan = this.nodeSpan(a);
          const name = tok(a?.children.name);
          if (!name) return { value: this.expr(node(a?.children.value)), span: aSpan };
          const id = this.ident(name);
          return { name: id, value: this.expr(node(a?.children.value)), span: aSpan };
        });
        acc = { kind: 'Call', callee: acc, args, span };
      }
    }
    return acc;
  }

  private listItems(n: CstNode | undefined): A.Expr[] {
    return nodes(n?.children.items).map((i) => this.expr(i));
  }

  private primary(n: CstNode | undefined): A.Expr {
    const span = this.nodeSpan(n);
    if (!n) return this.placeholder(span);
    // A name first: the most common primary. The node holds the parts of one alternative of the rule only, so the
    // order of these tests does not change the result.
    const name = tok(n?.children.name);
    if (name) {
      const face = tok(n?.children.face);
      if (real(face)) {
        const f = this.face(face);
        return { kind: 'CardLit', cardKind: this.ident(name), suit: f.suit, rank: f.rank, face: f.face, span };
      }
      return { kind: 'Name', name: real(name) ? name.image : '', span };
    }
    const num = tok(n?.children.number);
    if (num) return { kind: 'Number', value: this.int(num), span };
    const str = tok(n?.children.string);
    if (str) return { kind: 'Text', value: real(str) ? unescapeString(str.image) : '', span };
    if (has(n?.children.true)) return { kind: 'Bool', value: true, span };
    if (has(n?.children.false)) return { kind: 'Bool', value: false, span };
    if (has(n?.children.none)) return { kind: 'None', span };
    const paren = node(n?.children.paren);
    if (paren) return this.expr(paren);
    const list = node(n?.children.list);
    if (list) return { kind: 'List', items: this.listItems(list), span };
    return this.placeholder(span);
  }
}

const PREC = { where: 1, or: 2, and: 3, not: 4, cmp: 5, add: 6, mul: 7, neg: 8 };

function binaryPrec(op: string): number {
  switch (op) {
    case 'where':
      return PREC.where;
    case 'or':
      return PREC.or;
    case 'and':
      return PREC.and;
    case '+':
    case '-':
      return PREC.add;
    case '*':
    case '/':
    case '%':
      return PREC.mul;
    default:
      return PREC.cmp; // == != < <= > >= in is
  }
}
