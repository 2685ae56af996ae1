// Statements → clauses. A block reads as its statements in order; `let` binds a name to what it stands for
// (an alias for a plain value, "that player" / X for a choice or a value fixed once), assignments, branches and
// loops have fixed wording, calls read through the phrasebook, and `if c { return }` reads as "if not c, the rest".
import { forEachStmt, forEachSubExpr, stmtExprs } from '../ast/walk.ts';
import type * as A from '../ast/nodes.ts';
import { ExprRenderer, source } from './expr.ts';
import type { Phrase } from './phrasebook.ts';
import { type Env, LETTERS, type Val } from './context.ts';
import { t, isEmpty, type Text } from './lang.ts';
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
    // `if count(xs) == 0 { break }` (or `return`) before a choice among xs: the choice says it (there is nothing
    // to choose), and xs is then read once.
    const ss = ss0.filter(
      (s, i) =>
        !(
          s.kind === 'If' &&
          !s.else &&
          s.then.stmts.length === 1 &&
          (s.then.stmts[0]!.kind === 'Break' || (s.then.stmts[0]!.kind === 'Return' && !s.then.stmts[0].value)) &&
          presupposedNone(simplify(s.cond), subExprs({ kind: 'Block', stmts: ss0.slice(i + 1), span: s.span }))
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
        if (presupposedNone(simplify(s.cond), subExprs({ kind: 'Block', stmts: rest, span: s.span }))) continue;
        const body = this.stmts(rest, env.child(), true);
        if (body.length === 0) break;
        const c = this.not(simplify(s.cond), env);
        const b = joinClauses(body);
        out.push({ zh: `若${c.zh}，${b.zh}`, en: `if ${c.en}, ${b.en}` });
        break;
      }
      // `let t = a  a = b  b = t` (t not read again): a swap.
      const a1 = ss[i + 1];
      const a2 = ss[i + 2];
      if (
        s.kind === 'Let' &&
        s.value.kind === 'Name' &&
        a1?.kind === 'Assign' &&
        a2?.kind === 'Assign' &&
        a1.op === '=' &&
        a2.op === '=' &&
        a1.target.kind === 'Name' &&
        a1.target.name === s.value.name &&
        a1.value.kind === 'Name' &&
        a2.target.kind === 'Name' &&
        a2.target.name === a1.value.name &&
        a2.value.kind === 'Name' &&
        a2.value.name === s.name.name &&
        countUses(ss.slice(i + 3), s.name.name) === 0
      ) {
        const x = this.expr(s.value, env);
        const y = this.expr(a1.value, env);
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
      if (s.kind === 'Let') out.push(...this.let(s, env, ss.slice(i + 1)));
      else if (s.kind === 'Return' && s.value && firstTaker(ss[i - 1])) {
        // After a loop that ends at the first player who takes what is offered: what holds when nobody does.
        const r = this.stmt(s, env);
        out.push(...r.map((x) => ({ zh: `若没有角色如此做，${x.zh}`, en: `if nobody does, ${x.en}` })));
      } else out.push(...this.stmt(s, env));
    }
    return out;
  }

  stmt(s: A.Stmt, env: Env): Text[] {
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
        // `if count(xs) > 0 { … xs … }`: doing something to no cards is doing nothing; the body says it all.
        if (!s.else && presupposed(simplify(s.cond), subExprs(s.then))) return this.block(s.then, env);
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
        const c = this.cond(simplify(s.cond), env);
        const body = joinClauses(this.block(s.body, env));
        return [
          { zh: `当${c.zh}时，重复：${body.zh}`, en: `while ${c.en}, repeat: ${body.en}`, compound: true } as Clause,
        ];
      }
      case 'Repeat': {
        const body = joinClauses(this.block(s.body, env));
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
        return [t('结束循环', 'stop repeating')];
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
        if (this.asks(s.value)) {
          const v = this.expr(s.value, env);
          return [{ zh: `${v.zh}，以此为结果`, en: `${v.en}, which is the result` }];
        }
        const v = this.expr(s.value, env);
        return [{ zh: `结果为${v.zh}`, en: `the result is ${v.en}` }];
      }
      case 'Stop': {
        const what = s.target ? this.expr(s.target, env) : this.eventNoun(env.body.eventKinds, s.span);
        return [{ zh: `防止${what.zh}`, en: `prevent ${what.en}` }];
      }
      case 'Timing': {
        const w = this.window(s.name.name, this.expr(s.subject, env), () => undefined, s.name.span, env);
        return [{ zh: `进入时机「${w.zh}」`, en: `the timing “${w.en}” opens` }];
      }
    }
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
      const v = this.expr(s.value, env);
      if (s.op === '=') return [{ zh: `令${name.zh}为${v.zh}`, en: `let ${name.en} be ${v.en}` }];
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
    const head: Text = { zh: `若${c.zh}，${then.zh || '无事发生'}`, en: `if ${c.en}, ${then.en || 'nothing happens'}` };
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
    span: A.Span,
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
    if (!ph) return this.miss(`on ${name}`, span, `phrase on ${name}(p) "…{p}…" "…{p}…"   # the timing window ${name}`);
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
          span,
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
export function presupposed(c: A.Expr, used: Set<string>): boolean {
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
  return used.has(source(x));
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

/** Clauses of one step joined: "A，B" / "A, then B"; after a loop or a branch "A；B" / "A; then B". */
export function joinClauses(cs: Clause[]): Text {
  const ps = cs.filter((c) => !isEmpty(c));
  let zh = '';
  let en = '';
  ps.forEach((c, i) => {
    if (i > 0) {
      const prev = ps[i - 1]!;
      zh += prev.compound ? '；' : '，';
      en += prev.compound ? '; then ' : ', then ';
    }
    zh += c.zh;
    en += c.en;
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
      (acc, p) => ({ kind: 'Binary', op, left: acc, right: simplify(p), span: e.span }),
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

export { source } from './expr.ts';
