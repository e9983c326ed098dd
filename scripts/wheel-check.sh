#!/usr/bin/env bash
# Installs the built wheel into a fresh venv outside the repository, for every CPython 3.9+ on
# this machine, and plays every game from the installed package. Fails on a wheel that is not
# abi3, is larger than it should be, or does not import and play (the content examples too).
set -euo pipefail
wheels=${1:-target/wheels}
shopt -s nullglob
found=("$wheels"/kumite-*.whl)
[ ${#found[@]} -eq 1 ] || { echo "wheel-check: expected one wheel in $wheels, found ${#found[@]}" >&2; exit 1; }
wheel=$(realpath "${found[0]}")
name=$(basename "$wheel")
case "$name" in
  *-cp39-abi3-*) ;;
  *) echo "wheel-check: $name is not an abi3 wheel for CPython 3.9+" >&2; exit 1 ;;
esac
size=$(stat -c %s "$wheel")
# A stripped wheel is about 2.3 MB without its networks; one with debug info was 6.4 MB. The
# shipped networks (0.5 MB for Tekken to 2.4 MB for Senjutsu, whose 2,221 actions and long
# observation make the widest layers) are counted apart, at their size in the wheel.
read -r nets nets_bytes < <(python3 -c "import sys, zipfile; n = [i for i in zipfile.ZipFile(sys.argv[1]).infolist() if i.filename.startswith('kumite/nets/')]; print(len(n), sum(i.compress_size for i in n))" "$wheel")
limit=$((4000000 + nets_bytes))
[ "$size" -lt "$limit" ] || { echo "wheel-check: $name is $size bytes, more than $limit: 4 MB and its $nets networks' $nets_bytes (symbols not stripped?)" >&2; exit 1; }
echo "wheel-check: $name, $size bytes"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"  # nothing of the checkout is importable from here
cat > play.py <<'PY'
import sys
import kumite

assert kumite.__file__ and "site-packages" in kumite.__file__, kumite.__file__
for name in kumite.games():
    game = kumite.load(name)
    state = game.new_state(seed=1)
    bot = kumite.make_bot("random", game, seed=2)
    while not state.is_terminal() and len(state.history()) < game.max_game_length:
        state.apply(bot.choose(state))
    result = kumite.rollout(game, 20, seed=3)
    assert result.returns.shape == (20, game.num_players)
    print(f"  {sys.version.split()[0]} {name}: {len(state.history())} actions, returns {list(state.returns())}")

# The content examples ship inside the package and load from it (docs/content.md).
import kumite.content_examples

examples = {"tekken": {"characters": ["mira", "rook"]}, "fatal_fight": {"characters": ["sol", "dex"]},
            "senjutsu": {"samurai": ["river_monk", "old_master"]}, "ufs": {"decks": ["kara", "brann"]}}
for name, options in examples.items():
    kumite.load(name, content_dir=kumite.content_examples.path(name), **options).new_state(seed=1)

# Every network shipped in the package loads for its game and plays (`policy`, `az:N`).
import pathlib

for net_file in sorted((pathlib.Path(kumite.__file__).parent / "nets").glob("*.safetensors")):
    net = kumite.Net.load(net_file)
    game = kumite.load(net.metadata["game"], **kumite.bots.net_options(net))
    state = game.new_state(seed=1)
    for spec in ("policy", "az:8"):
        state.apply(kumite.make_bot(spec, game, seed=2).choose(state))
    print(f"  network {net_file.name}: {net.metadata['command']}")

# The balance lab and its JSON schema ship too (no matplotlib here: the picture is left out).
from kumite import balance

report = balance.run("tekken", bots=["random"], games=1, workers=1, progress=False)
written = [p.name for p in balance.write(report, "balance-out")]
assert written == ["balance.md", "balance.json"], written
assert report["commit"] is None, report["commit"]
assert (pathlib.Path(balance.__file__).parent / "schema.json").is_file()

# The how-to-play pages ship for the play page and the terminal's help, and the viewer's scripts.
from kumite.howto import howto_text
from kumite.viewer.server import howto_html

for name in kumite.games():
    assert howto_text(name).startswith("# How to play"), name
    assert "What the screen shows" in howto_html(name)
PY
# Interpreters on PATH, and those a pyenv keeps (its shims run only the selected versions).
candidates=(python3.9 python3.10 python3.11 python3.12 python3.13 python3.14)
if command -v pyenv >/dev/null; then
  candidates+=("$(pyenv root)"/versions/3.*/bin/python3)
fi
declare -A seen=()
checked=0
for py in "${candidates[@]}"; do
  version=$("$py" -c 'import sys, venv; print("%d.%d" % sys.version_info[:2]) if sys.version_info >= (3, 9) else None' 2>/dev/null) || continue
  [ -n "$version" ] && [ "$version" != None ] && [ -z "${seen[$version]:-}" ] || continue
  seen[$version]=1
  "$py" -m venv "venv-$version"
  "venv-$version/bin/python" -m pip install --disable-pip-version-check -q "$wheel"
  "venv-$version/bin/python" play.py
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || { echo "wheel-check: no CPython 3.9+ found" >&2; exit 1; }
echo "wheel-check: the wheel installs and plays on $checked Python versions"
