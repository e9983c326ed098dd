#!/usr/bin/env bash
# `make bench-peers`: kumite beside OpenSpiel in one run. Installs the pinned open_spiel wheel
# into the venv when it is missing (a manylinux wheel: nothing is compiled).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-$PWD/.venv/bin/python}
OPEN_SPIEL_VERSION=2.0.2
if [ ! -x "$PY" ]; then
    echo "no Python at $PY: run \`make build\` first" >&2
    exit 1
fi
if ! "$PY" -c "import pyspiel" 2>/dev/null; then
    echo "installing open_spiel==$OPEN_SPIEL_VERSION into $(dirname "$(dirname "$PY")") ..." >&2
    "$PY" -m pip install --disable-pip-version-check -q --only-binary=:all: "open_spiel==$OPEN_SPIEL_VERSION"
fi
echo "# kumite vs OpenSpiel — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo
mkdir -p target/bench
"$PY" bench/peers.py --seconds "${BENCH_SECONDS:-3}" --json target/bench/peers.json
