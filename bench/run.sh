#!/usr/bin/env bash
# `make bench`: the Rust report table, criterion (short settings), then the Python figures (the
# loop, rollouts, search, VecEnv) and pytest-benchmark. Figures land in target/bench/ as JSON beside the printed tables.
#
#   BENCH_SECONDS=3      time budget per Python figure (the Rust report uses --seconds 1.5)
#   SKIP_CRITERION=1     skip the criterion run (about two minutes)
#   SKIP_PYTEST=1        skip pytest-benchmark
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

if [ -z "${SKIP_CRITERION:-}" ]; then
    echo
    echo "## Rust: cargo bench -p kumite --bench throughput (criterion, 10 samples x 3 s)"
    echo
    echo '```'
    # Criterion's own lines, less the change-detection chatter of repeated runs.
    cargo bench -q -p kumite --bench throughput -- --quiet 2>&1 \
        | grep -Ev '^(Benchmarking|Found [0-9]+ outliers|  [0-9]+ \((low|high) )|No change|Change within|Performance has|change: *\[|Warning: Unable|^ *$' \
        || true
    echo '```'
fi

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

if [ -z "${SKIP_PYTEST:-}" ]; then
    echo
    echo "## Python: pytest-benchmark (bench/test_bench.py)"
    echo
    "$PY" -m pytest bench/test_bench.py -q -p no:cacheprovider \
        --benchmark-columns=min,median,mean,rounds --benchmark-sort=name \
        --benchmark-json "$OUT/pytest-benchmark.json"
fi
