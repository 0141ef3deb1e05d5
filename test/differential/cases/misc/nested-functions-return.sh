set -euo pipefail
get_team_size() { list_users --team "$1" | jq length; }
largest_team() {
  local best="" best_n=0 t n
  for t in platform sales support; do
    n=$(get_team_size "$t")
    if (( n > best_n )); then best=$t; best_n=$n; fi
  done
  echo "$best $best_n"
}
read -r team size <<< "$(largest_team)"
echo "largest: $team ($size)"
