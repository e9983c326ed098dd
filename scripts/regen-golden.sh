#!/usr/bin/env bash
# Rewrites the golden playthrough files from the current rules. Review the diff before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
KUMITE_REGEN_GOLDEN=1 cargo test --release -p kumite --test golden
git diff --stat -- rust/kumite/tests/golden
