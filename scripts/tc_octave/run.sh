#!/bin/sh
# Cross-check data for ptxfp-tc: random inner products (gen.py) evaluated by
# the published MATLAB tensor-core models in GNU Octave (crosscheck.m).
#
#   scripts/tc_octave/run.sh <MATLAB-tensor-core checkout> [rows] [out]
#
# Writes <out>/<GPU>/<fmt>/ (default testdata/tc/octave, 100 rows per set);
# `cargo test -p ptxfp-tc --test octave` compares the Rust model with it
# (PTXFP_TC_OCTAVE_DATA=<out> for another folder). Needs python3 and octave (Debian:
# apt-get install octave); CPFloat is not needed (the inputs are already
# exact in their formats, and the models then skip it).
# Covered: every GPU model file and format pair whose parameters ptxfp-tc
# takes unchanged (not B200/RTX PRO 6000 FP8, where the measurements
# required c after the products, nor FP8 -> fp16; A2TC.m passes its
# arguments to A100TC.m in the wrong order, and A2 is A100 anyway).
set -e
repo=$1
rows=${2:-100}
here=$(cd "$(dirname "$0")" && pwd)
out=${3:-$here/../../testdata/tc/octave}
models=$repo/models
one() { # gpu fmt acc k
  python3 "$here/gen.py" "$out" "$1" "$2" "$3" "$4" "$rows" 1
  octave --no-gui --quiet "$here/crosscheck.m" "$models" "$out/$1/$2" "$1" "$2" "$3" > /dev/null
  echo "$1 $2 -> $3: K=$4, $rows rows"
}
one V100 fp16 fp32 11
one V100 fp16 fp16 11
for g in A100 A30 Ada L40S; do
  one $g fp16 fp32 19
  one $g fp16 fp16 19
  one $g bf16 fp32 19
  one $g tf32 fp32 11
done
for g in Ada L40S; do
  one $g e4m3 fp32 35
  one $g e5m2 fp32 35
done
for g in H100 H200 B200 RTXPRO6000; do
  one $g fp16 fp32 35
  one $g fp16 fp16 35
  one $g bf16 fp32 35
  one $g tf32 fp32 19
done
for g in H100 H200; do
  one $g e4m3 fp32 67
  one $g e5m2 fp32 67
done
