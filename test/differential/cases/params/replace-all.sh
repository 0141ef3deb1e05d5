set -euo pipefail
name="Noise Cancelling Headset"
echo "${name// /_}"
echo "${name//e/3}"
echo "${name/#Noise/Quiet}"
echo "${name/%set/phones}"
