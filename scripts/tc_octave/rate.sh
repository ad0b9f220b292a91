#!/bin/sh
# The published MATLAB tensor-core model's rate in GNU Octave beside
# ptxfp's, on the same random inner products, in one run (BENCHMARKS.md).
#
#   scripts/tc_octave/rate.sh <MATLAB-tensor-core checkout> [rows] [python]
#
# Defaults: 2000 rows of H100 bf16 -> fp32 with K = 16; python is the one
# that has `import ptxfp` (default: python3). With TC_BENCH set to the
# tc_bench example (cargo build --release -p ptxfp-tc --example tc_bench),
# the batched kernel's rate (`Model::dot_rows`) follows in the same run.
set -e
repo=$1
rows=${2:-2000}
py=${3:-python3}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$py" "$here/gen.py" "$out" H100 bf16 fp32 16 "$rows" rate
octave --no-gui --quiet "$here/crosscheck.m" "$repo/models" "$out/H100/bf16" H100 bf16 fp32 "$out/time" \
  > /dev/null 2> "$out/err" || { cat "$out/err" >&2; exit 1; }
set -- $(cat "$out/time")
"$py" "$here/rate.py" "$out" H100 bf16 fp32 "$1" "$2"
if [ -n "$TC_BENCH" ]; then
  "$TC_BENCH" H100 bf16 16 8000000 rows
fi
