set -e
echo "step 1"
get_weather --city Atlantis > /dev/null 2>&1
echo "step 2"
