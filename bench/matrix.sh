#!/bin/bash
# The done-when runs of the team-modes and identity-variants issues: 1,000 games (seed 1, one thread) of every mode
# with every choosing method and general pool (`modes`), or of the identity game's variants, each alone and all
# together, at 4 to 10 players (`variants`). One line per config: name, completed, errors, invariant violations,
# unfinished, trace hash. Not part of `npm test` (hours on two cores).
# Usage: bench/matrix.sh modes|variants random|heuristic [GAMES]
set -u
cd "$(dirname "$0")/.."
set_=${1:?modes or variants}
ai=${2:?random or heuristic}
games=${3:-1000}
run() {
  local name=$1
  shift
  # shellcheck disable=SC2068
  node bin/sgs.mjs simulate $@ --ai "$ai" --games "$games" --seed 1 --json --jobs 1 2>/dev/null |
    node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const r=JSON.parse(s);console.log(process.argv[1],r.completed,r.errors,r.invariantViolations,r.unfinished,r.traceHash)})' "$name" ||
    echo "$name failed"
}
if [ "$set_" = modes ]; then
  for pool in std all; do
    for draft in tvtDraftPicks tvtQuickDraft; do
      for gens in tvtOneEach tvtDualDrafted tvtDualPaired; do
        o=""; [ $pool = all ] && o="--option tvtGeneralPool=tvtAllGenerals"
        run "tvt-$draft-$gens-$pool" --mode threeVsThree --players 6 --option tvtDraft=$draft --option tvtGenerals=$gens $o
      done
    done
    for way in dualThreeEach dualFiveEach dualFaceDownPool; do
      for n in 5 8; do
        o=""; [ $pool = all ] && o="--option dualIdGenerals=dualIdAllGenerals"
        run "dualId-$way-$n-$pool" --mode dualIdentity --players $n --option dualChoosing=$way $o
      done
    done
    for way in duelFourAndFive duelCrossed duelDraft; do
      o=""; [ $pool = all ] && o="--option duelGenerals=duelAllGenerals"
      s=""; [ $way = duelDraft ] && s="--series 3"
      run "duel-$way-$pool" --mode dualDuel --players 2 --option duelChoosing=$way $o $s
    done
    for way in pairSevenEach pairDraft; do
      for v in pairOneDown pairAllDown; do
        o=""; [ $pool = all ] && o="--option pairGenerals=pairAllGenerals"
        run "pair-$way-$v-$pool" --mode dualTwoVsTwo --players 4 --option pairChoosing=$way --option pairVictory=$v $o
      done
    done
    for n in 5 8; do
      o=""; [ $pool = all ] && o="--option deputyPool=deputyAllGenerals"
      run "deputy-$n-$pool" --mode deputyGenerals --players $n $o
    done
  done
else
  all="--option reincarnation=true --option darkSouls=true --option threeLeft=true --option scoring=true"
  for n in 4 5 6 7 8 9 10; do
    run "reincarnation-$n" --players $n --option reincarnation=true
    run "darkSouls-$n" --players $n --option darkSouls=true
    run "threeLeft-$n" --players $n --option threeLeft=true
    run "scoring-$n" --players $n --option scoring=true --option firstOutProtected=true --series $n
    run "all-$n" --players $n $all --series $n
  done
fi
