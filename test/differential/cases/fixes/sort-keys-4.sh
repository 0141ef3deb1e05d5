set -euo pipefail
# versions and sizes as models sort them
printf '%s\n' v1.10.0 v1.2.3 v1.9.0 v2.0.0-rc1 v2.0.0 v1.2.10 | sort -V | tail -3
printf '%s\n' 1.5G 512M 2K 100 3T 1000 | sort -h
printf '%s\n' 10 9.5 -3 0 1e2 007 | sort -n | tr '\n' ' '; echo
