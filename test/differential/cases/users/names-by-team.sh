#!/usr/bin/env bash
set -euo pipefail
for team in platform sales support; do
  names=$(list_users --team "$team" | jq -r '[.[].name] | join(", ")')
  echo "$team: $names"
done
