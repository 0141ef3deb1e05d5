set -u
x=$missing_value
echo unreachable
