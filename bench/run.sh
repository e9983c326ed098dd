#!/usr/bin/env bash
# `make bench`: the Rust report table, then the Python figures (the loop, rollouts, search,
# VecEnv): one harness per language. Figures land in target/bench/ as JSON beside the printed tables.
#
#   BENCH_SECONDS=3      time budget per Python figure (the Rust report uses --seconds 1.5)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PY:-$ROOT/.venv/bin/python}
OUT=$ROOT/target/bench
SECONDS_PER_FIGURE=${BENCH_SECONDS:-3}
mkdir -p "$OUT"

echo "# kumite benchmarks — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo
echo "## Rust: cargo bench -p kumite --bench report"
echo
cargo bench -q -p kumite --bench report -- --json "$OUT/report.json"

if [ ! -x "$PY" ]; then
    echo "no Python at $PY: run \`make build\` first" >&2
    exit 1
fi
echo
echo "## Python: bench/python_bench.py"
echo
"$PY" bench/python_bench.py --seconds "$SECONDS_PER_FIGURE" --rust-json "$OUT/report.json" --json "$OUT/python.json"

echo
echo "## Python: bench/vec_env_bench.py (1.5 s a figure)"
echo
"$PY" bench/vec_env_bench.py --budget 1.5 --rust-json "$OUT/report.json"
