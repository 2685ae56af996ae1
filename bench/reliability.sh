#!/bin/bash
# The reliability run of issue 10: 124,000 games with every invariant checked when each event ends and after every
# answer, over every mode and package there is — the identity mode with 4 to 10 players, the first edition, the
# beginner game, the modes of rules/modes (3v3, 双将 identity, 单挑, 2v2, 副将), the identity game's variants (转世,
# 暗魂, 三人消耗, 计分赛, alone and together) and the example modes of docs/examples —
# each with the random and the heuristic AI, two threads.
# Not part of `npm test` (it takes about an hour on two cores). Usage: bench/reliability.sh [OUT_DIR] [SCALE]
# (SCALE divides every game count: 100 plays 1,000 games). Each config writes OUT_DIR/NAME.json (sgs simulate
# --json) and OUT_DIR/NAME.rss (the process's RSS in kB every 5 s); OUT_DIR/summary.log has a line per config.
# A config that already has its .json is skipped, so an interrupted run goes on where it stopped.
set -u
cd "$(dirname "$0")/.."
out=${1:-/tmp/sgs-reliability}
scale=${2:-1}
mkdir -p "$out"
seed=100
while read -r name games paths rest; do
  [ -z "$name" ] && continue
  seed=$((seed + 1))
  [ -f "$out/$name.json" ] && continue
  [ "$paths" = "-" ] && paths="rules" || paths="rules $paths"
  n=$((games / scale))
  [ "$n" -lt 1 ] && n=1
  start=$(date +%s)
  # shellcheck disable=SC2086
  node bin/sgs.mjs simulate $paths --games "$n" --seed "$seed" --jobs 2 --json $rest >"$out/$name.out" 2>"$out/$name.err" &
  pid=$!
  : >"$out/$name.rss"
  while kill -0 "$pid" 2>/dev/null; do
    ps -o rss= -p "$pid" >>"$out/$name.rss"
    sleep 5
  done
  wait "$pid"
  rc=$?
  echo "$name rc=$rc secs=$(($(date +%s) - start)) seed=$seed $(head -c 400 "$out/$name.out")" >>"$out/summary.log"
  [ "$rc" -le 1 ] && mv "$out/$name.out" "$out/$name.json"
done <<'CONFIGS'
id4r 5000 - --players 4 --ai random
id4h 5000 - --players 4 --ai heuristic
id5r 5000 - --players 5 --ai random
id5h 5000 - --players 5 --ai heuristic
id6r 5000 - --players 6 --ai random
id6h 5000 - --players 6 --ai heuristic
id7r 5000 - --players 7 --ai random
id7h 5000 - --players 7 --ai heuristic
id8r 5000 - --players 8 --ai random
id8h 5000 - --players 8 --ai heuristic
id9r 5000 - --players 9 --ai random
id9h 5000 - --players 9 --ai heuristic
id10r 5000 - --players 10 --ai random
id10h 5000 - --players 10 --ai heuristic
first5r 2500 - --players 5 --ai random --edition first
first5h 2500 - --players 5 --ai heuristic --edition first
first8r 2500 - --players 8 --ai random --edition first
first8h 2500 - --players 8 --ai heuristic --edition first
beg5r 2500 - --players 5 --ai random --beginner
beg5h 2500 - --players 5 --ai heuristic --beginner
series6r 1500 docs/examples --players 6 --ai random --mode exSeries --series 3
series6h 1500 docs/examples --players 6 --ai heuristic --mode exSeries --series 3
attr7r 1500 docs/examples --players 7 --ai random --mode exAttrition
attr7h 1500 docs/examples --players 7 --ai heuristic --mode exAttrition
dual5r 1500 docs/examples --players 5 --ai random --mode exDual
dual5h 1500 docs/examples --players 5 --ai heuristic --mode exDual
relic8r 1500 docs/examples --players 8 --ai random --mode exRelicIdentity
relic8h 1500 docs/examples --players 8 --ai heuristic --mode exRelicIdentity
sides4r 1500 docs/examples --players 4 --ai random --mode exSides
sides4h 1500 docs/examples --players 4 --ai heuristic --mode exSides
tvt6r 1500 - --players 6 --ai random --mode threeVsThree
tvt6h 1500 - --players 6 --ai heuristic --mode threeVsThree
dualid5r 1500 - --players 5 --ai random --mode dualIdentity
dualid8h 1500 - --players 8 --ai heuristic --mode dualIdentity
duel2r 1500 - --players 2 --ai random --mode dualDuel --series 3
duel2h 1500 - --players 2 --ai heuristic --mode dualDuel --series 3
pair4r 1500 - --players 4 --ai random --mode dualTwoVsTwo
pair4h 1500 - --players 4 --ai heuristic --mode dualTwoVsTwo
deputy5r 1500 - --players 5 --ai random --mode deputyGenerals
deputy8h 1500 - --players 8 --ai heuristic --mode deputyGenerals
rein5r 1500 - --players 5 --ai random --option reincarnation=true
souls8h 1500 - --players 8 --ai heuristic --option darkSouls=true
three6r 1500 - --players 6 --ai random --option threeLeft=true
score5h 1500 - --players 5 --ai heuristic --option scoring=true --option firstOutProtected=true --series 5
allv7r 1500 - --players 7 --ai random --option reincarnation=true --option darkSouls=true --option threeLeft=true --option scoring=true --series 7
allv10h 1500 - --players 10 --ai heuristic --option reincarnation=true --option darkSouls=true --option threeLeft=true --option scoring=true --series 10
CONFIGS
echo "done" >>"$out/summary.log"
