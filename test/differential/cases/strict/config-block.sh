#!/bin/bash
set -euo pipefail

# Configuration with sensible defaults
: "${SENDER:=noreply@example.com}"
: "${PRIORITY:=medium}"
: "${DRY_RUN:=false}"

echo "sender=$SENDER priority=$PRIORITY dry_run=$DRY_RUN"
if [[ "$DRY_RUN" == "true" ]]; then
  echo "dry run"
else
  create_ticket --title "Nightly report" --priority "$PRIORITY" | jq -r .id
fi
