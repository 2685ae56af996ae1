// The playground's interface texts, in both languages (the page's [lang] picks one).
const zh = {
  loading: '正在加载编辑器…',
  loadFailed: '编辑器加载失败：',
  rulesLoading: '正在载入内置规则…',
  rulesFailed: '内置规则载入失败：',
  checking: '检查中…',
  checked: (ms: number, rt: number) => `已检查（编译 ${ms.toFixed(0)} ms，往返 ${rt.toFixed(0)} ms）`,
  noProblems: '没有问题：你的文件与内置规则一起编译通过。',
  problems: (e: number, w: number) => `${e} 个错误，${w} 个警告`,
  saved: '已保存到本浏览器',
  fromLink: '已打开分享链接中的代码（编辑后会保存到本浏览器）',
  badLink: '分享链接无法解码：',
  shareCopied: '链接已复制到剪贴板',
  shareReady: '复制下面的链接即可分享：',
  resetConfirm: '用示例替换当前代码？（当前代码会丢失）',
  yourFile: '你的文件',
  builtin: '内置',
  noScenario: '（没有场景）',
  run: '运行',
  running: '运行中…',
  play: '试玩',
  pass: '通过',
  fail: '失败',
  error: '出错',
  timeout: '超时',
  fixFirst: '你的文件有错误，修正后才能运行：',
  step: (n: number) => `第 ${n} 步`,
  ranIn: (ms: number, steps: number) => `${steps} 步，用时 ${ms.toFixed(0)} ms`,
  loop: '规则可能陷入了无限循环：引擎在步数预算或嵌套上限处停止了这局游戏（页面不受影响）。',
  stack:
    '事件嵌套过深，浏览器的调用栈耗尽：很可能有技能在自己触发的时机里再次引发同一事件（无限触发循环）。页面不受影响。',
  cycle: (n: number) => `日志末尾的这几行重复了 ${n} 次：`,
  timedOut: (s: number) => `运行超过 ${s} 秒，已终止运行器（页面不受影响）。可能有规则陷入了无限循环。`,
  log: '日志',
  jump: '跳到该行',
  balanceNoGeneral: '你的文件没有声明武将：声明一名武将（general …）后即可测试平衡。',
  balanceWaiting: '文件有错误：修正后重新运行。',
  balanceEdited: '已修改：编译通过后重新运行…',
  balancePlaying: (done: number, total: number, gps: number) =>
    `对局中：${done} / ${total} 局（每秒 ${gps.toFixed(0)} 局）`,
  balanceDone: (games: number, baseline: number, gps: number, problems: number) =>
    `完成：你的武将 ${games} 局` +
    (baseline ? `，基准 ${baseline} 局` : '（基准已缓存）') +
    `，每秒 ${gps.toFixed(0)} 局` +
    (problems ? `；${problems} 局未能完成` : ''),
  balanceHead: (name: string, rate: string, low: string, high: string, n: number) =>
    `${name}：胜率 ${rate}（95% 区间 ${low}–${high}，${n} 局）`,
  balanceBrief: (rate: string, low: string, high: string) => `${rate}（${low}–${high}）`,
  balanceExpected: (rate: string) => `内置武将坐在相同身份时的胜率：${rate}（虚线）`,
  balanceAbove: '整个区间高于基准：这名武将可能偏强。',
  balanceBelow: '整个区间低于基准：这名武将可能偏弱。',
  balanceWithin: '基准落在区间内：与内置武将没有明显差别。',
  balanceBaselinePending: '基准对局尚未完成。',
  balanceRole: '身份',
  balanceGames: '局数',
  balanceYours: '你的武将',
  balanceBuiltin: '内置武将',
  balanceProblem: '问题：',
  textsNone: '你的文件还没有声明技能、武将或卡牌。',
  textsStale: '文件有错误：显示的是上次编译通过时的文字。',
  textsKinds: { generals: '武将', skills: '技能', cards: '卡牌', modes: '模式', events: '事件' } as Record<
    string,
    string
  >,
  textsEmpty: '（没有生成文字）',
};

type Strings = typeof zh;

const en: Strings = {
  loading: 'Loading the editor…',
  loadFailed: 'The editor failed to load: ',
  rulesLoading: 'Loading the built-in rules…',
  rulesFailed: 'The built-in rules failed to load: ',
  checking: 'Checking…',
  checked: (ms, rt) => `Checked (compile ${ms.toFixed(0)} ms, round trip ${rt.toFixed(0)} ms)`,
  noProblems: 'No problems: your file compiles together with the built-in rules.',
  problems: (e, w) => `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`,
  saved: 'Saved in this browser',
  fromLink: 'Opened the code from a shared link (your edits are saved in this browser)',
  badLink: 'The shared link could not be decoded: ',
  shareCopied: 'Link copied to the clipboard',
  shareReady: 'Copy this link to share:',
  resetConfirm: 'Replace your code with the example? (Your code will be lost.)',
  yourFile: 'Your file',
  builtin: 'Built-in',
  noScenario: '(no scenarios)',
  run: 'Run',
  running: 'Running…',
  play: 'Play',
  pass: 'Passed',
  fail: 'Failed',
  error: 'Error',
  timeout: 'Timed out',
  fixFirst: 'Your file has errors; fix them to run:',
  step: (n) => `Step ${n}`,
  ranIn: (ms, steps) => `${steps} steps, ${ms.toFixed(0)} ms`,
  loop: 'A rule may loop forever: the engine stopped the game at its step budget or nesting limit (the page is unaffected).',
  stack:
    'Events nested so deep that the browser ran out of stack: a skill probably raises the very event that triggers it again (an endless trigger loop). The page is unaffected.',
  cycle: (n) => `The end of the log repeats these lines ${n} times:`,
  timedOut: (s) =>
    `The run took longer than ${s} s: the runner was terminated (the page is unaffected). A rule may loop forever.`,
  log: 'Log',
  jump: 'Go to line',
  balanceNoGeneral: 'Your file declares no general: declare one (general …) to test its balance.',
  balanceWaiting: 'Your file has errors: fix them to re-run.',
  balanceEdited: 'Edited: re-runs once it compiles…',
  balancePlaying: (done, total, gps) => `Playing: ${done} / ${total} games (${gps.toFixed(0)} games/s)`,
  balanceDone: (games, baseline, gps, problems) =>
    `Done: ${games} games with your general` +
    (baseline ? `, ${baseline} baseline games` : ' (baseline kept from before)') +
    `, ${gps.toFixed(0)} games/s` +
    (problems ? `; ${problems} game${problems === 1 ? '' : 's'} did not finish` : ''),
  balanceHead: (name, rate, low, high, n) => `${name} wins ${rate} (95% interval ${low}–${high}, ${n} games)`,
  balanceBrief: (rate, low, high) => `${rate} (${low}–${high})`,
  balanceExpected: (rate) => `Built-in generals in the same roles win ${rate} (the dashed line)`,
  balanceAbove: 'The whole interval lies above the baseline: this general may be too strong.',
  balanceBelow: 'The whole interval lies below the baseline: this general may be too weak.',
  balanceWithin: 'The baseline lies within the interval: no clear difference from the built-in generals.',
  balanceBaselinePending: 'The baseline games are still being played.',
  balanceRole: 'Role',
  balanceGames: 'Games',
  balanceYours: 'Your general',
  balanceBuiltin: 'Built-in',
  balanceProblem: 'Problem: ',
  textsNone: 'Your file declares no skill, general or card yet.',
  textsStale: 'Your file has errors: these are the texts of the last version that compiled.',
  textsKinds: { generals: 'General', skills: 'Skill', cards: 'Card', modes: 'Mode', events: 'Event' },
  textsEmpty: '(no text generated)',
};

export function strings(lang: 'zh' | 'en'): Strings {
  return lang === 'zh' ? zh : en;
}
