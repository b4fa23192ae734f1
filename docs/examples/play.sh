#!/usr/bin/env bash
# A full game of Parry against a bot over `henchmen serve --stdio`, with bash,
# grep and sed only. Usage: play.sh [henchmen command...] (default: henchmen).
# Docs: docs/protocol.md.
set -euo pipefail
if [[ $# -eq 0 ]]; then set -- henchmen; fi
coproc SERVER { "$@" serve --stdio; }
id=0

ask() {  # ask JSON-FIELDS: send one request, put its answer (one line) in $answer
  id=$((id + 1))
  printf '{"id":%d,%s}\n' "$id" "$1" >&"${SERVER[1]}"
  while IFS= read -r answer <&"${SERVER[0]}"; do
    [[ $answer == *"\"id\":$id,"* ]] && break
  done
  if [[ $answer == *'"type":"error"'* ]]; then echo "error: $answer" >&2; exit 1; fi
}
field() {  # field NAME: the string value of NAME in $answer
  grep -o "\"$1\":\"[^\"]*\"" <<<"$answer" | head -1 | sed 's/.*:"\(.*\)"/\1/'
}

ask '"type":"create_game","game":"parry","seed":3,"seats":[{"kind":"human","name":"Shell"},{"kind":"bot","bot":"greedy"}]'
game=$(field game_id)
token=$(grep -o '"token":"[^"]*"' <<<"$answer" | tail -1 | sed 's/.*:"\(.*\)"/\1/')
moves=0
while :; do
  ask "\"type\":\"view\",\"game_id\":\"$game\",\"token\":\"$token\""
  if [[ $answer == *'"terminal":true'* ]]; then
    returns=$(grep -o '"returns":\[[^]]*\]' <<<"$answer")
    echo "game over after $moves moves of mine; $returns"
    break
  fi
  if [[ $answer != *'"your_turn":true'* ]]; then sleep 0.01; continue; fi
  # The first legal move: "legal":[{"id":N,...
  action=$(grep -o '"legal":\[{"id":[0-9]*' <<<"$answer" | grep -o '[0-9]*$')
  ask "\"type\":\"move\",\"game_id\":\"$game\",\"token\":\"$token\",\"action\":$action"
  moves=$((moves + 1))
done
exec {SERVER[1]}>&-
wait
