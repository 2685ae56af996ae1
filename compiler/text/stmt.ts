// Statements → clauses. A block reads as its statements in order; `let` binds a name to what it stands for
// (an alias for a plain value, "that player" / X for a choice or a value fixed once), assignments, branches and
// loops have fixed wording, calls read through the phrasebook, and `if c { return }` reads as "if not c, the rest".
import { locatedAs } from '../ast/source.ts';
import { forEachStmt, forEachSubExpr, stmtExprs } from '../ast/walk.ts';
import type * as A from '../ast/nodes.ts';
import { ExprRenderer, source } from './expr.ts';
import type { Phrase } from './phrasebook.ts';
import { type Env, LETTERS, type Val } from './context.ts';
import { agreePair, baseVerb, fixChinese, t, isEmpty, type Text } from './lang.ts';
import { ANY, elem, unitOf, type Ty } from './types.ts';
import { builtinEffect } from '../../runtime/builtin-table.ts';

/** `for p in … { let x = ask(p, …)  if x != none { … return … } }`: the loop ends at the first who takes it. */
function firstTaker(s: A.Stmt | undefined): boolean {
  if (s?.kind !== 'For') return false;
  const [a, b] = s.body.stmts;
  return (
    a?.kind === 'Let' &&
    a.value.kind === 'Call' &&
    b?.kind === 'If' &&
    b.cond.kind === 'Binary' &&
    b.cond.op === '!=' &&
    b.cond.left.kind === 'Name' &&
    b.cond.left.name === a.name.name &&
    b.cond.right.kind === 'None' &&
    b.then.stmts.some((x) => x.kind === 'Return')
  );
}

/** Bound in a loop's body (not a name the rules can write): a `return` there also ends the loop. */
const IN_LOOP = '#loop';

const DEMOS: Record<string, Text> = {
  player: t('该角色', 'that player'),
  card: t('该牌', 'that card'),
  'player[]': t('这些角色', 'those players'),
  'card[]': t('这些牌', 'those cards'),
  kind: t('该牌名', 'that card name'),
  int: t('该数值', 'that number'),
  general: t('该武将', 'that general'),
};

function tyKey(ty: Ty | undefined): string {
  return `${ty?.base ?? 'any'}${ty?.list ? '[]' : ''}`;
}

export class Renderer extends ExprRenderer {
  /** Statements made up while rewording a loop (its "then repeat this"), with their wording. */
  private made = new WeakMap<A.Stmt, (env: Env) => Text[]>();

  private make(at: A.Located, f: (env: Env) => Text[]): A.Stmt {
    const st: A.Stmt = { kind: 'Continue', ...locatedAs(at) };
    this.made.set(st, f);
    return st;
  }

  /** A loop body whose top-level `if c { break }` ends it, worded as a process that runs again: `[A, if c
   *  { break }, B]` is `[A, if not c { B, again }]` (若非c，B，然后重复此流程), and a last `let a = ask(who)  if not a
   *  { break }` is who's choice to go on (然后你可以重复此流程). Undefined when a `break` is left deeper inside. */
  private process(ss: A.Stmt[], at: A.Located): A.Stmt[] | undefined {
    let body = ss;
    let again: A.Stmt = this.make(at, () => [t('然后重复此流程', 'then this repeats')]);
    const n = body.length;
    const l = body[n - 2];
    const b = body[n - 1];
    if (
      l?.kind === 'Let' &&
      b &&
      breakCond(b)?.kind === 'Unary' &&
      (breakCond(b) as A.Unary).op === 'not' &&
      source((breakCond(b) as A.Unary).operand) === l.name.name &&
      l.value.kind === 'Call' &&
      this.asks(l.value) &&
      l.value.args[0] &&
      countUses(body.slice(0, n - 2), l.name.name) === 0
    ) {
      const who = l.value.args[0].value;
      again = this.make(at, (env) => {
        const w = this.expr(who, env);
        return [{ zh: `然后${w.zh}可以重复此流程`, en: `${w.en} may repeat this` }];
      });
      body = body.slice(0, n - 2);
    }
    const tops = body.filter((x) => breakCond(x) !== undefined).length;
    if (tops === 0 && again.kind === 'Continue' && body.length === n) return undefined;
    let deeper = false;
    forEachStmt(
      body.map((x) => (breakCond(x) ? ({ kind: 'Block', stmts: [], ...locatedAs(x) } as unknown as A.Stmt) : x)),
      (x) => {
        if (x.kind === 'Break') deeper = true;
      },
    );
    if (deeper) return undefined;
    const nest = (xs: A.Stmt[]): A.Stmt[] => {
      const i = xs.findIndex((x) => breakCond(x) !== undefined);
      if (i < 0) return [...xs, again];
      const c = breakCond(xs[i]!)!;
      const rest = nest(xs.slice(i + 1));
      // `if count(xs) == 0 { break }` before a choice among xs: choosing among none is choosing nothing.
      if (presupposedNone(simplify(c), subExprs({ kind: 'Block', stmts: rest, ...locatedAs(at) })))
        return [...xs.slice(0, i), ...rest];
      return [
        ...xs.slice(0, i),
        { kind: 'If', cond: negate(c), then: { kind: 'Block', stmts: rest, ...locatedAs(at) }, ...locatedAs(xs[i]!) },
      ];
    };
    return nest(body);
  }

  // ------------------------------------------------------------ names for locals

  private letter(env: Env, ty: Ty | undefined): Val {
    const l = LETTERS[env.body.letters++ % LETTERS.length]!;
    return { zh: l, en: l, ty: ty ?? ANY, demo: true };
  }

  /** "that player" for the first chosen player of a body, a letter after that. */
  private demonstrative(env: Env, ty: Ty | undefined): { v: Val; letter: boolean } {
    const key = tyKey(ty);
    const d = DEMOS[key];
    if (d && !env.body.demos.has(key)) {
      env.body.demos.add(key);
      return { v: { ...d, ty: ty ?? ANY, demo: true }, letter: false };
    }
    return { v: this.letter(env, ty), letter: true };
  }

  /** A value that reads the same wherever it is repeated (no randomness, no asking, no member the body changes). */
  stable(e: A.Expr, env: Env): boolean {
    switch (e.kind) {
      case 'Name':
        return !env.body.mutable.has(e.name);
      case 'Number':
      case 'Text':
      case 'Bool':
      case 'None':
      case 'CardLit':
        return true;
      case 'Member':
        return !env.body.members?.has(e.name.name) && this.stable(e.object, env);
      case 'Unary':
        return this.stable(e.operand, env);
      case 'Binary':
        return this.stable(e.left, env) && this.stable(e.right, env);
      case 'List':
        return e.items.every((x) => this.stable(x, env));
      case 'Where':
        return this.stable(e.list, env) && this.stable(e.cond, env);
      case 'Call':
        if (this.isDoing(e)) return false;
        if (e.callee.kind === 'Name' && builtinEffect(e.callee.name) === 'changes') return false;
        if (e.callee.kind === 'Member' && builtinEffect(e.callee.name.name) === 'changes') return false;
        return (
          e.args.every((a) => this.stable(a.value, env)) &&
          (e.callee.kind !== 'Member' || this.stable(e.callee.object, env))
        );
    }
  }

  /** A plain reference: a name, a member chain, a literal, a zone of a player. */
  private simpleRef(e: A.Expr): boolean {
    switch (e.kind) {
      case 'Number':
      case 'Text':
      case 'Bool':
      case 'None':
      case 'Name':
      case 'CardLit':
        return true;
      case 'Member':
        return this.simpleRef(e.object);
      case 'List':
        return e.items.every((x) => this.simpleRef(x));
      case 'Call':
        return (
          e.callee.kind === 'Name' &&
          this.S.get(e.callee.name)?.kind === 'zone' &&
          e.args.every((a) => this.simpleRef(a.value))
        );
    }
    return false;
  }

  /** `choose` without `optional`: it yields one when there is one. */
  private choice(e: A.Expr): boolean {
    if (e.kind !== 'Call' || e.callee.kind !== 'Name' || e.callee.name !== 'choose' || this.S.get('choose'))
      return false;
    return !e.args[3] || (e.args[3].value.kind === 'Bool' && !e.args[3].value.value);
  }

  /** Whether a call asks players or runs an event/action (then it is a step of its own). */
  private asks(e: A.Expr): boolean {
    if (e.kind !== 'Call') return false;
    if (e.callee.kind === 'Name' && builtinEffect(e.callee.name) === 'changes') return false;
    return this.isDoing(e);
  }

  // ------------------------------------------------------------ blocks

  /** The clauses of a block, in order (`top`: the block is a whole body, so `return` ends just it). */
  block(b: A.Block, env: Env, top = false): Text[] {
    return this.stmts(b.stmts, env.child(), top);
  }

  stmts(ss0: A.Stmt[], env: Env, top = true): Text[] {
    // A replacement: steps ending in `stop` (the language's order: the new effect first, then the stop) read as
    // the rules play it — 防止此次摸牌，改为… / prevent this draw and instead … — with the steps before the first
    // that touches the event (a cost: 天香's discard) still first.
    const last = ss0[ss0.length - 1];
    if (ss0.length > 1 && last?.kind === 'Stop' && !last.target && env.body.eventKinds.length) {
      const body = ss0.slice(0, -1);
      const k = Math.max(
        0,
        body.findIndex((x) => touchesEvent(x, env.body.alias)),
      );
      const before = this.stmtsInOrder(body.slice(0, k), env, top);
      const after = this.stmtsInOrder(body.slice(k), env, false).filter((c) => !isEmpty(c));
      const stop = this.stmt(last, env)[0]!;
      const first = after[0] as Clause | undefined;
      if (!first) return [...before, stop];
      // "you make a judgement" → "instead make a judgement"; "repeat …" stays; "that player takes …" keeps its subject.
      const en = /^you [a-z]/.test(first.en)
        ? first.en.slice(4).replace(/^([a-z']+)/, (w) => baseVerb(w))
        : /^(repeat|for each) /.test(first.en)
          ? first.en
          : undefined;
      const instead: Clause = {
        zh: `改为${first.zh.replace(/^你(?!的)/, '')}`,
        en: en ? `instead ${en}` : `instead ${first.en}`,
      };
      // A branch or a loop after the stop stays with it: 防止此伤害，改为重复两次：… / prevent this damage and
      // instead repeat 2 times: …
      if (first.compound || /^(if|for|repeat|while) /.test(first.en))
        return [
          ...before,
          { zh: `${stop.zh}，${instead.zh}`, en: `${stop.en} and ${instead.en}`, compound: true } as Clause,
          ...after.slice(1),
        ];
      return [...before, stop, instead, ...after.slice(1)];
    }
    return this.stmtsInOrder(ss0, env, top);
  }

  private stmtsInOrder(ss0: A.Stmt[], env: Env, top: boolean): Text[] {
    // `if count(xs) == 0 { break }` (or `return`) before a choice among xs: the choice says it (there is nothing
    // to choose), and xs is then read once.
    const ss = ss0.filter(
      (s, i) =>
        !(
          s.kind === 'If' &&
          !s.else &&
          s.then.stmts.length === 1 &&
          (s.then.stmts[0]!.kind === 'Break' || (s.then.stmts[0]!.kind === 'Return' && !s.then.stmts[0].value)) &&
          presupposedNone(simplify(s.cond), subExprs({ kind: 'Block', stmts: ss0.slice(i + 1), ...locatedAs(s) }))
        ),
    );
    const out: Text[] = [];
    for (let i = 0; i < ss.length; i++) {
      const s = ss[i]!;
      // At the top of a body, `if c { return }` followed by the rest: "if not c, the rest".
      if (
        top &&
        s.kind === 'If' &&
        !s.else &&
        s.then.stmts.length === 1 &&
        s.then.stmts[0]!.kind === 'Return' &&
        !s.then.stmts[0].value
      ) {
        const rest = ss.slice(i + 1);
        if (rest.length === 0) break;
        // `if count(xs) == 0 { return }` before a choice among xs: the choice says it.
        if (presupposedNone(simplify(s.cond), subExprs({ kind: 'Block', stmts: rest, ...locatedAs(s) }))) continue;
        const body = this.stmts(rest, env.child(), true);
        if (body.length === 0) break;
        const c = this.not(simplify(s.cond), env);
        const b = joinClauses(body);
        out.push({ zh: `若${c.zh}，${b.zh}`, en: `if ${c.en}, ${b.en}` });
        break;
      }
      // `let a = A  let b = B  repeat { …  swap a and b }`: A and B take turns.
      const turns = this.takingTurns(ss, i, env);
      if (turns) {
        out.push(turns);
        i += 2;
        continue;
      }
      // `let p = A  repeat { …  p = f(p) }`: from A on, each in turn (f says who is next), over and over.
      const cursor = this.cursor(ss, i, env);
      if (cursor) {
        out.push(cursor);
        i += 1;
        continue;
      }
      // `if c { … let r = ask(…)  if r { return } }  rest`: the rest is what happens otherwise (若c，其可以…；否则，rest).
      const last = s.kind === 'If' && !s.else ? s.then.stmts[s.then.stmts.length - 1] : undefined;
      if (
        top &&
        s.kind === 'If' &&
        last?.kind === 'If' &&
        !last.else &&
        last.then.stmts.length === 1 &&
        last.then.stmts[0]!.kind === 'Return' &&
        !last.then.stmts[0].value &&
        last.cond.kind === 'Name' &&
        env.lookup(last.cond.name) === undefined &&
        i + 1 < ss.length
      ) {
        const inner = env.child();
        const head = joinClauses(this.stmts(s.then.stmts.slice(0, -1), inner, false));
        const asked = inner.lookup(last.cond.name);
        const rest = joinClauses(this.stmts(ss.slice(i + 1), env.child(), true));
        if (asked?.pos && !isEmpty(head) && !isEmpty(rest)) {
          const c = this.cond(simplify(s.cond), env);
          out.push({
            zh: `若${c.zh}，${head.zh}；否则，${rest.zh}`,
            en: `if ${c.en}, ${head.en}; otherwise, ${rest.en}`,
          });
          break;
        }
      }
      // `let c = choose(who, …)  act(who, c)` (c read nowhere else): who acts on what they choose — 你弃置其装备区里的
      // 一张坐骑牌, not 你选择…，你弃置该牌.
      const merged = this.chooseThenAct(ss, i, env);
      if (merged) {
        out.push(merged);
        i += 1;
        continue;
      }
      // `let c = choose(who, …, optional)  if c != none { act(who, c) … }` (or `if c == none { return }  act(who, c)
      // …` at the top of a body): who may act on one — 你可以弃置一张装备区里的牌，若你如此做，… — not 你可以选择…，若你
      // 如此做，你弃置该牌.
      const optional = this.mayChooseThenAct(ss, i, env, top);
      if (optional) {
        out.push(...optional.out);
        i += optional.used - 1;
        continue;
      }
      // `let t = a  a = b  b = t` (t not read again): a swap.
      const swap = swapOf(s, ss[i + 1], ss[i + 2]);
      if (swap && s.kind === 'Let' && countUses(ss.slice(i + 3), s.name.name) === 0) {
        const x = this.expr(s.value, env);
        const y = this.expr((ss[i + 1] as A.Stmt & { kind: 'Assign' }).value, env);
        out.push({ zh: `交换${x.zh}与${y.zh}`, en: `swap ${x.en} and ${y.en}` });
        i += 2;
        continue;
      }
      // `let x = d  if c { x = choose(who, options) }  if x == a {…} else {…}`: who chooses only when c holds, and
      // the default is the `else` case: "若c，who选择…中的一项；若who选择a，…；否则，…".
      const b1 = ss[i + 1];
      const b2 = ss[i + 2];
      if (
        s.kind === 'Let' &&
        b1?.kind === 'If' &&
        !b1.else &&
        b1.then.stmts.length === 1 &&
        b2?.kind === 'If' &&
        b2.else
      ) {
        const asg = b1.then.stmts[0]!;
        const cmp = b2.cond;
        if (
          asg.kind === 'Assign' &&
          asg.op === '=' &&
          asg.target.kind === 'Name' &&
          asg.target.name === s.name.name &&
          asg.value.kind === 'Call' &&
          asg.value.callee.kind === 'Name' &&
          asg.value.callee.name === 'choose' &&
          !env.has('choose') &&
          asg.value.args[0] &&
          cmp.kind === 'Binary' &&
          cmp.op === '==' &&
          cmp.left.kind === 'Name' &&
          cmp.left.name === s.name.name &&
          source(cmp.right) !== source(s.value) &&
          countUses(ss.slice(i + 3), s.name.name) === 0
        ) {
          const c = this.cond(simplify(b1.cond), env);
          const pick = this.expr(asg.value, env);
          out.push({ zh: `若${c.zh}，${pick.zh}`, en: `if ${c.en}, ${pick.en}`, compound: true } as Clause);
          env.bind(s.name.name, { zh: '', en: '', chosenBy: this.expr(asg.value.args[0].value, env) });
          i += 1;
          continue;
        }
      }
      // `let x = choose(who, ["a", "b"])  if x == "a" {…} else {…}`: who chooses one; "若who选择「a」，…；否则，…".
      const b0 = ss[i + 1];
      if (
        s.kind === 'Let' &&
        s.value.kind === 'Call' &&
        s.value.callee.kind === 'Name' &&
        s.value.callee.name === 'choose' &&
        !env.has('choose') &&
        s.value.args[0] &&
        s.value.args[1]?.value.kind === 'List' &&
        s.value.args[1].value.items.every((x) => x.kind === 'Text') &&
        b0?.kind === 'If' &&
        b0.cond.kind === 'Binary' &&
        b0.cond.op === '==' &&
        b0.cond.left.kind === 'Name' &&
        b0.cond.left.name === s.name.name &&
        b0.cond.right.kind === 'Text' &&
        countUses(ss.slice(i + 1), s.name.name) === 1 &&
        !env.body.mutable.has(s.name.name)
      ) {
        const pick = this.expr(s.value, env);
        out.push({ ...pick, compound: true } as Clause);
        env.bind(s.name.name, { zh: '', en: '', chosenBy: this.expr(s.value.args[0].value, env) });
        continue;
      }
      if (s.kind === 'Let') out.push(...this.let(s, env, ss.slice(i + 1)));
      else if (s.kind === 'Return' && s.value && firstTaker(ss[i - 1])) {
        // After a loop that ends at the first player who takes what is offered: what holds when nobody does.
        const r = this.stmt(s, env);
        out.push(...r.map((x) => ({ zh: `若没有角色如此做，${x.zh}`, en: `if nobody does, ${x.en}` })));
      } else out.push(...this.stmt(s, env));
    }
    return out;
  }

  private mayChooseThenAct(ss: A.Stmt[], i: number, env: Env, top: boolean): { out: Text[]; used: number } | undefined {
    const s = ss[i];
    const b = ss[i + 1];
    if (s?.kind !== 'Let' || b?.kind !== 'If' || b.else || !this.asks(s.value)) return undefined;
    const x = s.name.name;
    const isNone = (c: A.Expr, op: string) =>
      c.kind === 'Binary' && c.op === op && c.left.kind === 'Name' && c.left.name === x && c.right.kind === 'None';
    let then: A.Stmt[];
    let used: number;
    if (isNone(b.cond, '!=')) {
      then = b.then.stmts;
      used = 2;
    } else if (
      top &&
      isNone(b.cond, '==') &&
      b.then.stmts.length === 1 &&
      b.then.stmts[0]!.kind === 'Return' &&
      !b.then.stmts[0].value
    ) {
      then = ss.slice(i + 2);
      used = ss.length - i;
    } else return undefined;
    const act = then[0];
    if (!act || act.kind === 'If' || env.body.mutable.has(x)) return undefined;
    // (Named again in what follows, the card reads as 该牌 / that card.)
    const later = countUses(then.slice(1), x);
    if (countUses([act], x) !== 1 || countUses(ss.slice(i + used), x) !== 0) return undefined;
    if (later && act.kind !== 'ExprStmt') return undefined;
    const { v, doer, undo } = this.choiceOf(s.value, env);
    if (doer?.ty?.base !== 'player' || doer.ty.list || !v.neg || isEmpty(v) || v.ty?.base !== 'card') return undo();
    if (later && env.body.demos.has(tyKey(v.ty))) return undo();
    const zh = `${doer.zh}可以选择`;
    const en = new RegExp(`^${doer.en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} may (?:choose|pick) `).exec(v.en);
    if (!v.zh.startsWith(zh) || !en) return undo();
    const inner = env.child();
    inner.bind(x, { zh: v.zh.slice(zh.length), en: v.en.slice(en[0].length), ty: v.ty ?? ANY, demo: true });
    const did = this.stmts([act], inner, false).filter((c) => !isEmpty(c));
    if (did.length !== 1 || !did[0]!.zh.startsWith(doer.zh) || !did[0]!.en.startsWith(`${doer.en} `)) return undo();
    const verb = did[0]!.en.slice(doer.en.length + 1);
    const may: Text = {
      zh: `${doer.zh}可以${did[0]!.zh.slice(doer.zh.length)}`,
      en: `${doer.en} may ${verb.replace(/^([a-z']+)/, (w) => baseVerb(w))}`,
    };
    const restEnv = env.child();
    if (later) restEnv.bind(x, this.demonstrative(env, v.ty).v);
    const rest0 = joinClauses(this.stmts(then.slice(1), restEnv, false));
    if (isEmpty(rest0)) return { out: [may], used };
    // "若你如此做，然后重复此流程" → "若你如此做，重复此流程".
    const rest = { zh: rest0.zh.replace(/^然后/, ''), en: rest0.en.replace(/^then /, '') };
    const pos = v.neg && { zh: `${doer.zh}如此做`, en: `${doer.en} does` };
    return {
      out: [may, { zh: `若${pos.zh}，${rest.zh}`, en: `if ${pos.en}, ${rest.en}`, compound: true } as Clause],
      used,
    };
  }

  /** What a choice says and who makes it, with `undo` to give back the letters and demonstratives that describing
   *  it took (when the caller's reading does not apply). */
  private choiceOf(value: A.Expr, env: Env) {
    const letters = env.body.letters;
    const demos = new Set(env.body.demos);
    const undo = () => {
      env.body.letters = letters;
      env.body.demos = demos;
      return undefined;
    };
    const v = this.expr(value, env);
    const first = value.kind === 'Call' ? value.args[0] : undefined;
    const doer = v.doer ?? (first && !first.name ? this.expr(first.value, env) : undefined);
    return { v, doer, undo };
  }

  private chooseThenAct(ss: A.Stmt[], i: number, env: Env): Text | undefined {
    const s = ss[i];
    const next = ss[i + 1];
    if (s?.kind !== 'Let' || !next || next.kind === 'If' || !this.asks(s.value)) return undefined;
    const x = s.name.name;
    // (Named again later, the card chosen reads as 该牌 / that card.)
    const later = countUses(ss.slice(i + 2), x);
    if (env.body.mutable.has(x) || countUses([next], x) !== 1) return undefined;
    if (later && next.kind !== 'ExprStmt') return undefined;
    const { v, doer, undo } = this.choiceOf(s.value, env);
    // (Only cards: a chosen player is usually named again, as 该角色.)
    if (doer?.ty?.base !== 'player' || doer.ty.list || v.neg || isEmpty(v) || v.ty?.base !== 'card') return undo();
    if (later && env.body.demos.has(tyKey(v.ty))) return undo();
    const zh = `${doer.zh}选择`;
    const en = new RegExp(`^${doer.en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (?:chooses|picks) `).exec(v.en);
    if (!v.zh.startsWith(zh) || !en) return undo();
    const inner = env.child();
    inner.bind(x, { zh: v.zh.slice(zh.length), en: v.en.slice(en[0].length), ty: v.ty ?? ANY, demo: true });
    const then = this.stmts([next], inner, false).filter((c) => !isEmpty(c));
    if (then.length !== 1 || !then[0]!.zh.startsWith(doer.zh) || !then[0]!.en.startsWith(doer.en)) return undo();
    if (later) env.bind(x, this.demonstrative(env, v.ty).v);
    return then[0];
  }

  /** `let a = A  let b = B  repeat { body  let t = a  a = b  b = t }` (a and b not read after): A and B take turns,
   *  starting with A. A body `let r = ask(a, …)  if not r { … return }` reads "A与B轮流{ask}，直到其中一方未如此做，
   *  …" (in it a is 其 / that player, b 另一方 / the other); any other body "A与B轮流执行：…". */
  private takingTurns(ss: A.Stmt[], i: number, env: Env): Clause | undefined {
    const la = ss[i];
    const lb = ss[i + 1];
    const rp = ss[i + 2];
    if (la?.kind !== 'Let' || lb?.kind !== 'Let' || rp?.kind !== 'Repeat' || rp.count) return undefined;
    const a = la.name.name;
    const b = lb.name.name;
    const body = rp.body.stmts;
    const n = body.length;
    const sw = swapOf(body[n - 3], body[n - 2], body[n - 1]);
    if (!sw || !((sw[0] === a && sw[1] === b) || (sw[0] === b && sw[1] === a))) return undefined;
    if (countUses(ss.slice(i + 3), a) + countUses(ss.slice(i + 3), b) > 0) return undefined;
    const turn = body.slice(0, n - 3);
    let stopped = false;
    forEachStmt(turn, (x) => {
      if (x.kind === 'Break') stopped = true;
    });
    if (stopped) return undefined;
    const A0 = this.expr(la.value, env);
    const B0 = this.expr(lb.value, env);
    const head: Text = {
      zh: `由${A0.zh}开始，${A0.zh}与${B0.zh}轮流`,
      en: `starting with ${A0.en}, ${A0.en} and ${B0.en} take turns`,
    };
    const inner = env.child();
    const other: Val = { zh: '另一方', en: 'the other', ty: { base: 'player' }, demo: true };
    const ask = turn[0];
    const out = turn[1];
    if (
      turn.length === 2 &&
      ask?.kind === 'Let' &&
      this.asks(ask.value) &&
      ask.value.kind === 'Call' &&
      ask.value.args[0]?.value.kind === 'Name' &&
      ask.value.args[0].value.name === a &&
      out?.kind === 'If' &&
      !out.else &&
      out.cond.kind === 'Unary' &&
      out.cond.op === 'not' &&
      out.cond.operand.kind === 'Name' &&
      out.cond.operand.name === ask.name.name &&
      out.then.stmts[out.then.stmts.length - 1]?.kind === 'Return'
    ) {
      // The step without its subject: "◇需打出一张【杀】" → 打出一张【杀】 / "◇ must play a Slash" → "must play a Slash".
      const step = this.withMark((mark) => {
        const e = inner.child();
        e.bind(a, { zh: mark, en: mark, ty: { base: 'player' }, demo: true });
        e.bind(b, other);
        const v = this.expr(ask.value, e);
        if (!v.zh.startsWith(mark) || !v.en.startsWith(`${mark} `)) return undefined;
        return { zh: v.zh.slice(mark.length).replace(/^需/, ''), en: v.en.slice(mark.length + 1) };
      });
      if (step) {
        // The one who did not: 其 / them (that player where it would be a subject in English).
        const word = (en: string) => {
          const e = inner.child();
          e.bind(a, { zh: '其', en, ty: { base: 'player' }, demo: true });
          e.bind(b, other);
          return joinClauses(this.stmts(out.then.stmts.slice(0, -1), e, false));
        };
        const them = word('them');
        const then = /(^|[,;] )them /.test(them.en) ? word('that player') : them;
        return {
          zh: `${head.zh}${step.zh}，直到其中一方未如此做${then.zh ? `，${then.zh}` : ''}`,
          en: `${head.en}: each in turn ${step.en}, until one of them does not${then.en ? `; ${then.en}` : ''}`,
          compound: true,
        };
      }
    }
    const e = inner.child();
    e.bind(a, { zh: '该角色', en: 'that player', ty: { base: 'player' }, demo: true });
    e.bind(b, other);
    const steps = joinClauses(this.stmts(turn, e, false));
    return { zh: `${head.zh}执行：${steps.zh}`, en: `${head.en}: ${steps.en}`, compound: true };
  }

  /** `let p = A  repeat { body  p = f(p) }` (p assigned nowhere else, no `break`): from A on, over and over, each
   *  player in turn does the body, then it is f(p)'s turn: 从A起，如此循环：…；然后轮到其下一个座位上的角色. */
  private cursor(ss: A.Stmt[], i: number, env: Env): Clause | undefined {
    const l = ss[i];
    const rp = ss[i + 1];
    if (l?.kind !== 'Let' || rp?.kind !== 'Repeat' || rp.count) return undefined;
    const p = l.name.name;
    const body = rp.body.stmts;
    const last = body[body.length - 1];
    if (last?.kind !== 'Assign' || last.op !== '=' || last.target.kind !== 'Name' || last.target.name !== p)
      return undefined;
    if (countUses(ss.slice(i + 2), p) > 0) return undefined;
    let other = false;
    forEachStmt(body.slice(0, -1), (x) => {
      if (x.kind === 'Break' || (x.kind === 'Assign' && x.target.kind === 'Name' && x.target.name === p)) other = true;
    });
    if (other) return undefined;
    const start = this.expr(l.value, env);
    const inner = env.child();
    const { v } = this.demonstrative(inner, { base: 'player' });
    inner.bind(p, v);
    const steps = joinClauses(this.stmts(body.slice(0, -1), inner, false));
    const nx = inner.child();
    nx.bind(p, { zh: '其', en: 'them', ty: { base: 'player' }, demo: true });
    const next = this.expr(last.value, nx);
    env.body.demos.delete(tyKey({ base: 'player' }));
    return {
      zh: `从${start.zh}起，如此循环：${steps.zh}；然后轮到${next.zh}`,
      en: `starting with ${start.en}, over and over: ${steps.en}; then it passes to ${next.en}`,
      compound: true,
    };
  }

  stmt(s: A.Stmt, env: Env): Text[] {
    const made = this.made.get(s);
    if (made) return made(env);
    switch (s.kind) {
      case 'ExprStmt': {
        const v = this.expr(s.expr, env);
        return isEmpty(v) ? [] : [v];
      }
      case 'Let':
        return this.let(s, env, []);
      case 'Assign':
        return this.assign(s, env);
      case 'If': {
        // `w == weaponOf(p)` where w was let to weaponOf(p) (it has not changed) says nothing a reader needs.
        const kept = this.withoutSame(s.cond, env, subExprs(s.then));
        if (!kept) return s.else ? [] : this.block(s.then, env);
        if (kept !== s.cond) return this.stmt({ ...s, cond: kept }, env);
        // `if count(xs) > 0 { … xs … }`: doing something to no cards is doing nothing; the body says it all.
        if (!s.else && presupposed(simplify(s.cond), () => subExprs(s.then))) return this.block(s.then, env);
        // `if c != none` after a choice that cannot be declined: there is one.
        if (
          !s.else &&
          s.cond.kind === 'Binary' &&
          s.cond.op === '!=' &&
          s.cond.right.kind === 'None' &&
          s.cond.left.kind === 'Name' &&
          env.lookup(s.cond.left.name)?.sure
        )
          return this.block(s.then, env);
        const x: Clause = this.ifText(s, env);
        if (isEmpty(x)) return [];
        // A branch of more than one step is set off from what follows.
        if (x.zh.includes('，') && (s.then.stmts.length > 1 || s.else)) x.compound = true;
        return [x];
      }
      case 'For': {
        const l = this.expr(s.iterable, env);
        const ty = elem(l.ty);
        const u = unitOf(ty);
        const inner = env.child();
        inner.loop = 'for';
        const { v, letter } = this.demonstrative(env, ty);
        inner.bind(s.name.name, v);
        inner.bind(IN_LOOP, { zh: '', en: '' });
        const body = joinClauses(this.block(s.body, inner));
        // The loop's 该角色 stands for nothing after it.
        if (!letter) env.body.demos.delete(tyKey(ty));
        const named = v.zh === DEMOS[tyKey(ty)]?.zh ? '' : `（记为${v.zh}）`;
        const namedEn = v.en === DEMOS[tyKey(ty)]?.en ? '' : ` (call it ${v.en})`;
        // `alive()` starts from the current player, `aliveFrom(p)` from p.
        const it = s.iterable;
        if (l.zh === '所有角色')
          return [
            {
              zh: `依次对每名角色${named}：${body.zh}`,
              en: `for each player in turn${namedEn}: ${body.en}`,
              compound: true,
            } as Clause,
          ];
        if (
          it.kind === 'Call' &&
          it.callee.kind === 'Name' &&
          (it.callee.name === 'alive' || (it.callee.name === 'aliveFrom' && it.args[0])) &&
          !env.has(it.callee.name)
        ) {
          const from =
            it.callee.name === 'alive' ? t('当前角色', 'the current player') : this.expr(it.args[0]!.value, env);
          return [
            {
              zh: `从${from.zh}起，依次对每名存活角色${named}：${body.zh}`,
              en: `for each living player in turn, from ${from.en}${namedEn}: ${body.en}`,
              compound: true,
            } as Clause,
          ];
        }
        return [
          {
            zh: `依次对${l.zh}中的每${u.m}${u.n}${named}：${body.zh}`,
            en: `for each of ${l.en} in turn${namedEn}: ${body.en}`,
            compound: true,
          } as Clause,
        ];
      }
      case 'While': {
        // A loop left by `break`: "若c，…，然后重复此流程".
        const p = this.process(s.body.stmts, s);
        if (p) {
          const loop: A.Stmt = {
            kind: 'If',
            cond: s.cond,
            then: { kind: 'Block', stmts: p, ...locatedAs(s) },
            ...locatedAs(s),
          };
          return this.stmts([loop], env.child(), false);
        }
        const c = this.cond(simplify(s.cond), env);
        const loopEnv = env.child();
        loopEnv.loop = 'repeat';
        const body = joinClauses(this.block(s.body, loopEnv));
        return [
          { zh: `当${c.zh}时，重复：${body.zh}`, en: `while ${c.en}, repeat: ${body.en}`, compound: true } as Clause,
        ];
      }
      case 'Repeat': {
        if (!s.count) {
          const p = this.process(s.body.stmts, s);
          if (p) return this.stmts(p, env.child(), false);
        }
        const loopEnv = env.child();
        loopEnv.loop = 'repeat';
        const body = joinClauses(this.block(s.body, loopEnv));
        if (!s.count) return [{ zh: `重复：${body.zh}`, en: `repeat: ${body.en}`, compound: true } as Clause];
        const n = this.expr(s.count, env);
        // A count that is not a number: a letter, explained (重复X次（X为伤害值）).
        if (!/^\d+$/.test(n.zh) && !n.demo) {
          const l = LETTERS[env.body.letters++ % LETTERS.length]!;
          return [
            {
              zh: `重复${l}次（${l}为${n.zh}）：${body.zh}`,
              en: `repeat ${l} times (${l} is ${n.en}): ${body.en}`,
              compound: true,
            } as Clause,
          ];
        }
        return [{ zh: `重复${n.zh}次：${body.zh}`, en: `repeat ${n.en} times: ${body.en}`, compound: true } as Clause];
      }
      case 'Break':
        return [env.loopKind() === 'for' ? t('跳过其余各项', 'skip the rest') : t('结束循环', 'stop repeating')];
      case 'Continue':
        return [t('跳过此项', 'skip to the next one')];
      case 'Return': {
        if (!s.value) return [t('不再执行后续步骤', 'nothing more happens')];
        // An event whose call is worded with `as` and `not` returns that outcome (此牌被抵消 / 此牌未被抵消).
        const yes = this.outcome(env, true);
        const no = this.outcome(env, false);
        if (yes && no && (s.value.kind === 'Bool' || this.typeOf(s.value, env).base === 'bool')) {
          // Inside a loop, the outcome ends it (no one else is asked).
          const end = env.has(IN_LOOP) ? t('，此流程结束', ', and that settles it') : t('', '');
          if (s.value.kind === 'Bool') {
            const o = s.value.value ? yes : no;
            return [{ zh: o.zh + end.zh, en: o.en + end.en }];
          }
          const c = this.cond(simplify(s.value), env);
          return [
            {
              zh: `若${c.zh}，${yes.zh}；否则，${no.zh}${end.zh}`,
              en: `if ${c.en}, ${yes.en}, otherwise ${no.en}${end.en}`,
              compound: true,
            } as Clause,
          ];
        }
        // What a procedure yields is named: by its section's `as` (a mode's setup: 首先执行回合的角色为主公), or
        // as the result of the event (此次判定的结果为…).
        const named = this.resultName(env, s);
        if (this.asks(s.value)) {
          const v = this.expr(s.value, env);
          return [{ zh: `${v.zh}，以此作为${named.zh}`, en: `${v.en}, which is ${named.en}` }];
        }
        if (s.value.kind === 'None')
          return [
            named.zh.endsWith('的结果')
              ? {
                  zh: `${named.zh.slice(0, -3)}没有结果`,
                  en: `${named.en.replace(/^the result of /, '')} has no result`,
                }
              : { zh: `没有${named.zh}`, en: `there is no ${named.bare}` },
          ];
        const v = this.expr(s.value, env);
        if (v.cond && named.zh.endsWith('的结果'))
          return [{ zh: `${named.zh}为“${v.zh}”是否成立`, en: `${named.en} is whether ${v.en}` }];
        return [{ zh: `${named.zh}为${v.zh}`, en: `${named.en} is ${v.en}` }];
      }
      case 'Stop': {
        const what = s.target ? this.expr(s.target, env) : this.eventNoun(env.body.eventKinds, s, env);
        return [{ zh: `防止${what.zh}`, en: `prevent ${what.en}` }];
      }
      case 'Timing': {
        const w = this.window(s.name.name, this.expr(s.subject, env), () => undefined, s.name, env);
        return [{ zh: `进入时机「${w.zh}」`, en: `the timing “${w.en}” opens` }];
      }
    }
  }

  /** A condition without its conjuncts about a value that "has not changed" (`x == E` where x was let to E and is
   *  worded as E) and without `x != none` for such an x the body uses; undefined when nothing is left. */
  private withoutSame(c: A.Expr, env: Env, used: Set<string>): A.Expr | undefined {
    const parts: A.Expr[] = [];
    const flat = (x: A.Expr) => {
      if (x.kind === 'Binary' && x.op === 'and') {
        flat(x.left);
        flat(x.right);
      } else parts.push(x);
    };
    flat(c);
    const sameOf = (x: A.Expr) => (x.kind === 'Name' ? env.lookup(x.name)?.same : undefined);
    const kept = parts.filter((p) => {
      if (p.kind !== 'Binary') return true;
      if (p.op === '==' && (sameOf(p.left) === source(p.right) || sameOf(p.right) === source(p.left))) return false;
      if (p.op === '!=' && p.right.kind === 'None' && sameOf(p.left) !== undefined && used.has(source(p.left)))
        return false;
      return true;
    });
    if (kept.length === parts.length) return c;
    if (kept.length === 0) return undefined;
    return kept
      .slice(1)
      .reduce<A.Expr>((acc, x) => ({ kind: 'Binary', op: 'and', left: acc, right: x, ...locatedAs(c) }), kept[0]!);
  }

  /** What a `return` value is: the `as` of the section phrase introducing the method (`mode.setup`), or the
   *  result of the event the body is (此次判定的结果 / the result of this judgement). */
  private resultName(env: Env, at: A.Located): Text & { bare: string } {
    const callee = env.body.callee ?? '';
    const m = /^(mode|method):(.+)$/.exec(callee);
    if (m) {
      const ph = this.book.all(`${m[1] === 'mode' ? 'mode' : 'card'}.${m[2]}`).find((p) => p.body && p.result);
      if (ph?.result) return { ...ph.result, bare: ph.result.en.replace(/^the /, '') };
    }
    if (env.body.eventKinds.length) {
      const n = this.eventNoun(env.body.eventKinds, at);
      return { zh: `${n.zh}的结果`, en: `the result of ${n.en}`, bare: 'result' };
    }
    return { zh: '结果', en: 'the result', bare: 'result' };
  }

  /** In an event whose own call phrase says what it returns (`as "{card}被抵消"`, `not "{card}未被抵消"`), the
   *  outcome `true` (or `false`) reads as, its parameters worded as the event's fields. */
  private outcome(env: Env, yes: boolean): Text | undefined {
    const c = env.body.callee;
    if (!c?.startsWith('event:')) return undefined;
    const ph = this.book.find(c.slice(6), () => false, true);
    if (!ph?.result || !ph.negative) return undefined;
    const params = env.body.params ?? [];
    return this.fill(yes ? ph.result : ph.negative, (n) => {
      const i = ph.params.indexOf(n);
      const p = i >= 0 ? params[i] : undefined;
      return p ? env.lookup(p.name.name) : undefined;
    });
  }

  private let(s: A.LetStmt, env: Env, rest: A.Stmt[]): Text[] {
    const x = s.name.name;
    if (this.asks(s.value)) {
      const v = this.expr(s.value, env);
      const ty = v.ty;
      // What a player may decline: "if they did" reads 若你如此做 / if you do.
      const pos: Text | undefined =
        v.neg && v.doer
          ? { zh: `${v.doer.zh}如此做`, en: `${v.doer.en} does` }
          : v.neg && /^没有/.test(v.neg.zh) && /^(nobody|no one) /.test(v.neg.en)
            ? { zh: v.neg.zh.replace(/^没有/, '有'), en: v.neg.en.replace(/^(nobody|no one) /, 'someone ') }
            : undefined;
      // A choice that cannot be declined (`choose` without `optional`, a call worded with `as` but no `not`).
      const sure = !v.neg && (v.result !== undefined || this.choice(s.value));
      if (v.result && !env.body.mutable.has(x)) {
        // Named again later, the value reads as a demonstrative (牌堆顶的两张牌 …, 这些牌).
        const key = tyKey(ty);
        const later =
          isEmpty(v) && ty?.list && DEMOS[key] && !env.body.demos.has(key) && countUses(rest, x) > 1
            ? { ...DEMOS[key]!, ty, demo: true }
            : undefined;
        if (later) env.body.demos.add(key);
        env.bind(x, {
          ...v.result,
          ty,
          ...(v.neg ? { neg: v.neg } : {}),
          ...(pos ? { pos } : {}),
          ...(sure ? { sure } : {}),
          ...(later ? { later } : {}),
          ...(ty?.base === 'bool' ? { cond: true } : {}),
          demo: true,
        });
        return isEmpty(v) ? [] : [v];
      }
      const { v: name, letter } = this.demonstrative(env, ty);
      env.bind(x, { ...name, ...(v.neg ? { neg: v.neg } : {}), ...(pos ? { pos } : {}), ...(sure ? { sure } : {}) });
      if (isEmpty(v)) return [];
      return [letter ? { zh: `${v.zh}（记为${name.zh}）`, en: `${v.en} (call it ${name.en})` } : v];
    }
    // A fixed value read right away, or a plain reference, reads as itself wherever the name is used.
    const uses = countUses(rest, x);
    if (
      !env.body.mutable.has(x) &&
      this.stable(s.value, env) &&
      (this.simpleRef(s.value) || (uses === 1 && countUses(rest.slice(0, 1), x) === 1))
    ) {
      const value = s.value;
      const scope = env;
      env.bind(x, () => ({ ...this.expr(value, scope) }));
      return [];
    }
    // `let w = E … if E == w { … w … }`: w is read only to check that E has not changed, so it reads as E.
    if (!env.body.mutable.has(x) && comparedWith(rest, x, source(s.value))) {
      const value = s.value;
      const scope = env;
      env.bind(x, () => ({ ...this.expr(value, scope), same: source(value) }));
      return [];
    }
    const v = this.expr(s.value, env);
    const name = this.letter(env, v.ty);
    env.bind(x, {
      ...name,
      ...(v.ty?.base === 'bool'
        ? {
            cond: true,
            neg: { zh: `${name.zh}为否`, en: `${name.en} is false` },
            zh: `${name.zh}为是`,
            en: `${name.en} is true`,
          }
        : {}),
    });
    return [{ zh: `令${name.zh}为${v.zh}`, en: `let ${name.en} be ${v.en}` }];
  }

  private assign(s: A.AssignStmt, env: Env): Text[] {
    const isList = (v: Val) => v.ty?.list === true || s.value.kind === 'List';
    if (s.target.kind === 'Name') {
      const cur = env.lookup(s.target.name);
      const name: Text = cur?.demo
        ? { zh: cur.zh.replace(/为是$/, ''), en: cur.en.replace(/ is true$/, '') }
        : (cur ?? this.expr(s.target, env));
      if (this.asks(s.value)) {
        const v = this.expr(s.value, env);
        return [{ zh: `${v.zh}（记为${name.zh}）`, en: `${v.en} (call it ${name.en})` }];
      }
      if (s.op === '=') {
        const self = cur?.demo ? undefined : this.expr(s.target, env);
        // A flag of the game (`gameBegun = true`): its own wording says what now holds.
        if ((self?.cond || self?.ty?.base === 'bool') && self && s.value.kind === 'Bool')
          return [s.value.value ? self : (self.neg ?? { zh: `并非${self.zh}`, en: `no longer ${self.en}` })];
        // `x = none`: x is cleared (清除当前阶段), never "let x be none".
        if (s.value.kind === 'None') return [{ zh: `清除${name.zh}`, en: `clear ${name.en}` }];
      }
      const v = this.expr(s.value, env);
      if (s.op === '=') {
        // `x = f(x)` worded "x（…）": x now counts as that (使用的牌按技能使其视为的牌计), not "let x be x …".
        const aside = /^（(.+)）$/.exec(v.zh.startsWith(name.zh) ? v.zh.slice(name.zh.length) : '');
        if (aside && v.en.startsWith(`${name.en} `))
          return [{ zh: `${name.zh}${aside[1]}`, en: `${name.en} now counts ${v.en.slice(name.en.length + 1)}` }];
        return [{ zh: `令${name.zh}为${v.zh}`, en: `let ${name.en} be ${v.en}` }];
      }
      if (isList(v)) {
        return [
          s.op === '+='
            ? { zh: `将${v.zh}加入${name.zh}`, en: `add ${v.en} to ${name.en}` }
            : { zh: `将${v.zh}从${name.zh}中移除`, en: `remove ${v.en} from ${name.en}` },
        ];
      }
      return [
        s.op === '+='
          ? { zh: `令${name.zh}增加${v.zh}`, en: `increase ${name.en} by ${v.en}` }
          : { zh: `令${name.zh}减少${v.zh}`, en: `decrease ${name.en} by ${v.en}` },
      ];
    }
    const target = this.expr(s.target, env);
    // A boolean member (a property, an event field): its own wording says what now holds.
    if (target.cond && s.value.kind === 'Bool' && s.op === '=') {
      if (s.value.value) {
        if (target.zh.includes('处于「'))
          return [
            { zh: target.zh.replace('处于「', '进入「'), en: target.en.replace(' is marked ', ' becomes marked ') },
          ];
        return [target];
      }
      const neg = target.neg ?? { zh: `并非${target.zh}`, en: `it is no longer the case that ${target.en}` };
      if (target.zh.includes('处于「'))
        return [
          { zh: target.zh.replace('处于「', '离开「'), en: target.en.replace(' is marked ', ' is no longer marked ') },
        ];
      return [neg];
    }
    // A mark turned over (`p.flipped = not p.flipped`): it comes if it was not there, and goes if it was.
    if (
      target.zh.includes('处于「') &&
      s.op === '=' &&
      s.value.kind === 'Unary' &&
      s.value.op === 'not' &&
      source(s.value.operand) === source(s.target)
    ) {
      const enter = {
        zh: target.zh.replace('处于「', '进入「'),
        en: target.en.replace(' is marked ', ' becomes marked '),
      };
      const leave = {
        zh: target.zh.replace('处于「', '离开「'),
        en: target.en.replace(' is marked ', ' is no longer marked '),
      };
      return [
        {
          zh: `若${target.zh}，${leave.zh}；否则，${enter.zh}`,
          en: `if ${target.en}, ${leave.en}; otherwise, ${enter.en}`,
        },
      ];
    }
    if (this.asks(s.value)) {
      const v = this.expr(s.value, env);
      return [{ zh: `${v.zh}，作为${target.zh}`, en: `${v.en}, as ${target.en}` }];
    }
    const v = this.expr(s.value, env);
    if (s.op === '=') return [{ zh: `将${target.zh}改为${v.zh}`, en: `${target.en} becomes ${v.en}` }];
    if (isList(v) || target.ty?.list) {
      return [
        s.op === '+='
          ? { zh: `将${v.zh}加入${target.zh}`, en: `add ${v.en} to ${target.en}` }
          : { zh: `将${v.zh}从${target.zh}中移除`, en: `remove ${v.en} from ${target.en}` },
      ];
    }
    // A number reads +1 / -1; anything else 增加X / 减少X.
    const num = /^[-+]?\d+$/.test(v.zh) || /^[A-Z]$/.test(v.zh);
    return [
      s.op === '+='
        ? { zh: num ? `${target.zh}+${v.zh}` : `${target.zh}增加${v.zh}`, en: `${target.en} increases by ${v.en}` }
        : { zh: num ? `${target.zh}-${v.zh}` : `${target.zh}减少${v.zh}`, en: `${target.en} decreases by ${v.en}` },
    ];
  }

  private ifText(s: A.IfStmt, env: Env): Text {
    const c = this.cond(simplify(s.cond), env);
    const then = joinClauses(this.block(s.then, env));
    // A branch that says nothing either way (it only logs) is no step at all.
    if (isEmpty(then) && (!s.else || (s.else.kind !== 'If' && isEmpty(joinClauses(this.block(s.else, env))))))
      return t('', '');
    // "若c，然后重复此流程" → "若c，重复此流程".
    const head: Text = {
      zh: `若${c.zh}，${then.zh.replace(/^然后/, '') || '无事发生'}`,
      en: `if ${c.en}, ${then.en.replace(/^then /, '') || 'nothing happens'}`,
    };
    if (!s.else) return head;
    const els = s.else.kind === 'If' ? this.ifText(s.else, env) : joinClauses(this.block(s.else, env));
    if (isEmpty(els)) return head;
    return { zh: `${head.zh}；否则，${els.zh}`, en: `${head.en}; otherwise, ${els.en}` };
  }

  // ------------------------------------------------------------ timing windows

  /** The wording of a timing window: `on damaged(p)` with the subject and, for further parameters (fields of the
   *  event), the values a trigger's condition fixes (`event.phase == drawPhase`) or the parameter's noun. */
  window(
    name: string,
    subject: Val,
    field: (f: string) => Val | undefined,
    at: A.Located,
    _env: Env,
    chosen?: Phrase,
  ): Text {
    // Without a phrase chosen for its fields, the one with the fewest parameters (a subject pattern may win).
    const fewest = Math.min(...this.book.all(`on ${name}`).map((p) => p.params.length));
    const ph =
      chosen ??
      this.book
        .all(`on ${name}`)
        .filter((p) => p.params.length === fewest && p.decl.params !== undefined)
        .sort(
          (a, b) =>
            (b.patterns[0]?.k === 'you' && subject.you ? 1 : 0) - (a.patterns[0]?.k === 'you' && subject.you ? 1 : 0),
        )
        .find((p) => !p.patterns[0] || (p.patterns[0].k === 'you' && subject.you === true));
    if (!ph) return this.miss(`on ${name}`, at, `phrase on ${name}(p) "…{p}…" "…{p}…"   # the timing window ${name}`);
    return this.fill(ph.text, (n) => {
      const i = ph.params.indexOf(n);
      if (i === 0 || (i < 0 && ph.patterns[0])) return subject;
      if (i > 0) {
        const fixed = field(n);
        if (fixed) return fixed;
        const noun = ph.nouns[i];
        if (noun) return noun;
        // The field's own phrase.
        const kinds = this.facts.windowEvents.get(name) ?? [];
        for (const k of kinds) {
          const fp = this.book.find(`${k}.${n}`, () => false, false);
          if (fp) return fp.text;
        }
        return this.miss(
          `on ${name}`,
          at,
          `give the parameter ${n} of the phrase for the window ${name} a noun: ${n} "…" "…"`,
        );
      }
      return undefined;
    });
  }

  /** The clauses of a body joined into one text. */
  body(b: A.Block, env: Env): Text {
    return joinClauses(this.block(b, env, true));
  }

  /** Drop the value of the environment: used for `{body}` of sections. */
  sentences(b: A.Block, env: Env): Text[] {
    return this.block(b, env);
  }
}

/** `subExprs(b)`, spelled out the first time it is asked for. */
export function subExprsOnce(b: A.Block | undefined): () => Set<string> {
  let out: Set<string> | undefined;
  return () => (out ??= subExprs(b));
}

/** Every sub-expression of a block, by its canonical spelling. */
export function subExprs(b: A.Block | undefined): Set<string> {
  const out = new Set<string>();
  forEachStmt(b, (x) => {
    // (a window opened for nobody is not nothing done: its subject is no use)
    if (x.kind === 'Timing') return;
    for (const e of stmtExprs(x)) forEachSubExpr(e, (sub) => out.add(source(sub)));
  });
  return out;
}

/** A condition the body presupposes: `count(xs) > 0` or `x != none` where the body goes on to use xs / x (a choice
 *  among them, taking them): 若有已受伤的角色，你可以令一名已受伤的角色… says the same without the 若. */
export function presupposed(c: A.Expr, used: Set<string> | (() => Set<string>)): boolean {
  if (c.kind !== 'Binary') return false;
  let x: A.Expr | undefined;
  // (A local that may be none is none when a player declined: that is no guard.)
  if (c.op === '!=' && c.right.kind === 'None' && c.left.kind !== 'Name') x = c.left;
  else if (
    c.left.kind === 'Call' &&
    c.left.callee.kind === 'Name' &&
    c.left.callee.name === 'count' &&
    c.right.kind === 'Number' &&
    ((c.op === '>' && c.right.value === 0) ||
      (c.op === '>=' && c.right.value === 1) ||
      (c.op === '!=' && c.right.value === 0))
  )
    x = c.left.args[0]?.value;
  if (!x) return false;
  // (`used` may be given lazily: most conditions are no guard, and spelling a whole body out is not free.)
  return (typeof used === 'function' ? used() : used).has(source(x));
}

/** `count(xs) == 0` or `x == none`, where the rest goes on to use xs / x: "if there is none, stop" says nothing the
 *  rest does not. */
export function presupposedNone(c: A.Expr, used: Set<string>): boolean {
  if (c.kind !== 'Binary') return false;
  let x: A.Expr | undefined;
  if (c.op === '==' && c.right.kind === 'None' && c.left.kind !== 'Name') x = c.left;
  else if (
    c.left.kind === 'Call' &&
    c.left.callee.kind === 'Name' &&
    c.left.callee.name === 'count' &&
    c.right.kind === 'Number' &&
    ((c.op === '==' && c.right.value === 0) ||
      (c.op === '<' && c.right.value === 1) ||
      (c.op === '<=' && c.right.value === 0))
  )
    x = c.left.args[0]?.value;
  if (!x) return false;
  return used.has(source(x));
}

/** Whether a statement reads the event of the window it runs in (`event`, or the trigger's alias for it). */
function touchesEvent(s: A.Stmt, alias: string | undefined): boolean {
  return countUses([s], 'event') + (alias ? countUses([s], alias) : 0) > 0;
}

/** How many times a name is read in statements (a rough count, for choosing between an alias and a letter). */
function countUses(ss: A.Stmt[], name: string): number {
  let n = 0;
  forEachStmt(ss, (s) => {
    for (const e of stmtExprs(s))
      forEachSubExpr(e, (sub) => {
        if (sub.kind === 'Name' && sub.name === name) n++;
      });
  });
  return n;
}

/** A clause that holds a block of its own (a loop, a branch): what follows it is set off with "；" / ";". */
export interface Clause extends Text {
  compound?: boolean;
}

/** Clauses of one step joined the way a rulebook writes them. zh: "A，B"; after a loop or a branch "A；B". en: a run
 *  of plain steps reads "A, B and C" (a repeated "you" dropped: "you choose …, discard … and draw …"); a branch or a
 *  loop is set off with "; " — "you make a judgement; if it is red, …" — so no "then" is needed. */
export function joinClauses(cs: Clause[]): Text {
  const ps = cs.filter((c) => !isEmpty(c));
  let zh = '';
  let en = '';
  const setOff = (c: Clause | undefined) =>
    !!c && (c.compound === true || /^(if|otherwise|while|for|repeat) /.test(c.en));
  let run = 0; // plain clauses so far in the current run
  ps.forEach((c, i) => {
    let e = c.en;
    if (i > 0) {
      const prev = ps[i - 1]!;
      // After a branch, what follows is not part of it: "若c，A；B".
      const after = prev.compound === true || /^若/.test(prev.zh);
      zh += after ? '；' : '，';
      if (after || setOff(c)) {
        en += '; ';
        run = 0;
      } else {
        // The last plain clause of a run is joined with "and".
        const last = i === ps.length - 1 || setOff(ps[i + 1]);
        en += last ? (run >= 2 ? ', and ' : ' and ') : ', ';
        // "you choose …, you discard …" → "you choose …, discard …".
        if (/^you [a-z]/.test(e) && /^you [a-z]/.test(prev.en))
          e = agreePair(e)
            .slice(4)
            .replace(/^([a-z']+)/, (w) => baseVerb(w));
      }
    }
    run++;
    // zh: "你弃置…，你摸…" → "你弃置…，摸…" within a run of plain steps, as in English.
    const prevZh = ps[i - 1]?.zh ?? '';
    const plainPrev = i > 0 && !(ps[i - 1]!.compound === true || /^若/.test(prevZh));
    // (Its own 你的 first read as in a whole sentence: 你弃置你的一张手牌 → 弃置一张手牌.)
    const own = plainPrev && /^你(?![的可])/.test(c.zh) && /^你/.test(prevZh) ? fixChinese(c.zh) : undefined;
    zh += own && /^你(?![的可])/.test(own) ? own.slice(1) : c.zh;
    en += e;
  });
  return { zh, en };
}

/** Conditions read better without the guards their other parts already presuppose: `j != none and isRed(j)` is
 *  "the judge card is red"; `j == none or not isBlack(j)` is "the judge card is not black". */
export function simplify(e: A.Expr): A.Expr {
  if (e.kind !== 'Binary' || (e.op !== 'and' && e.op !== 'or')) return e;
  const op = e.op;
  const parts: A.Expr[] = [];
  const flat = (x: A.Expr) => {
    if (x.kind === 'Binary' && x.op === op) {
      flat(x.left);
      flat(x.right);
    } else parts.push(x);
  };
  flat(e);
  const guardOp = op === 'and' ? '!=' : '==';
  const kept = parts.filter((p, i) => {
    if (p.kind !== 'Binary' || p.op !== guardOp) return true;
    const x = p.right.kind === 'None' ? p.left : p.left.kind === 'None' ? p.right : undefined;
    if (!x) return true;
    const key = source(x);
    return !parts.some((q, j) => j !== i && mentions(q, key));
  });
  if (kept.length === 0) return e;
  return kept
    .slice(1)
    .reduce<A.Expr>(
      (acc, p) => ({ kind: 'Binary', op, left: acc, right: simplify(p), ...locatedAs(e) }),
      simplify(kept[0]!),
    );
}

function mentions(e: A.Expr, key: string): boolean {
  if (source(e) === key) return true;
  switch (e.kind) {
    case 'Member':
      return mentions(e.object, key);
    case 'Call':
      return mentions(e.callee, key) || e.args.some((a) => mentions(a.value, key));
    case 'Unary':
      return mentions(e.operand, key);
    case 'Binary':
      return mentions(e.left, key) || mentions(e.right, key);
    case 'List':
      return e.items.some((x) => mentions(x, key));
    case 'Where':
      return mentions(e.list, key);
  }
  return false;
}

/** Whether statements compare the local `x` with the expression spelled `e` (`x == e`). */
function comparedWith(ss: A.Stmt[], x: string, e: string): boolean {
  let found = false;
  forEachStmt(ss, (st) => {
    for (const top of stmtExprs(st))
      forEachSubExpr(top, (sub) => {
        if (sub.kind !== 'Binary' || sub.op !== '==') return;
        const [l, r] = [sub.left, sub.right];
        if (
          (l.kind === 'Name' && l.name === x && source(r) === e) ||
          (r.kind === 'Name' && r.name === x && source(l) === e)
        )
          found = true;
      });
  });
  return found;
}

/** The two names a swap `let t = a  a = b  b = t` exchanges. */
function swapOf(s1: A.Stmt | undefined, s2: A.Stmt | undefined, s3: A.Stmt | undefined): [string, string] | undefined {
  if (
    s1?.kind === 'Let' &&
    s1.value.kind === 'Name' &&
    s2?.kind === 'Assign' &&
    s3?.kind === 'Assign' &&
    s2.op === '=' &&
    s3.op === '=' &&
    s2.target.kind === 'Name' &&
    s2.target.name === s1.value.name &&
    s2.value.kind === 'Name' &&
    s3.target.kind === 'Name' &&
    s3.target.name === s2.value.name &&
    s3.value.kind === 'Name' &&
    s3.value.name === s1.name.name
  )
    return [s1.value.name, s2.value.name];
  return undefined;
}

/** The condition of `if c { break }`. */
function breakCond(s: A.Stmt): A.Expr | undefined {
  if (s.kind !== 'If' || s.else || s.then.stmts.length !== 1 || s.then.stmts[0]!.kind !== 'Break') return undefined;
  return s.cond;
}

const NEG: Partial<Record<A.BinaryOp, A.BinaryOp>> = {
  '==': '!=',
  '!=': '==',
  '<': '>=',
  '>=': '<',
  '>': '<=',
  '<=': '>',
};

/** `not e`, pushed inwards (De Morgan, flipped comparisons) so that guards fold away (`simplify`). */
export function negate(e: A.Expr): A.Expr {
  if (e.kind === 'Unary' && e.op === 'not') return e.operand;
  if (e.kind === 'Binary') {
    if (e.op === 'and' || e.op === 'or')
      return { ...e, op: e.op === 'and' ? 'or' : 'and', left: negate(e.left), right: negate(e.right) };
    const op = NEG[e.op];
    if (op) return { ...e, op };
  }
  return { kind: 'Unary', op: 'not', operand: e, ...locatedAs(e) };
}

export { source } from './expr.ts';
