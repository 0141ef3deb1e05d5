#!/usr/bin/env bash
set -euo pipefail
team="${TEAM:-platform}"
echo "team: $team"
list_users --team "$team" | jq -r '.[].name'
