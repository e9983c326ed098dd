# Developer and CI entry points. Everything runs from a venv at .venv built from pinned
# requirements: requirements.txt (build and runtime: all `make demo` needs) and
# requirements-dev.txt (the test toolchain, added by `make test`); nothing needs installing by
# hand (a fresh clone passes `make test`).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.runtime-stamp
DEV_STAMP := $(VENV)/.dev-stamp
CARGO  ?= cargo
# pytest-xdist: the tests on every core, a module to a worker, so a module-scoped fixture (the docs
# site, the browser, the C builds) is made once; on one core pytest took half of `make test`.
PYTEST_ARGS ?= -q -n auto --dist loadscope

.PHONY: all venv build docs wheel wheel-check browser ffi ffi-ci c-example lint test test-rust test-python test-toy soak hostile stubtest typecheck demo bench bench-peers bench-server icount fuzz fuzz-tools clean seat-tables balance-docs agents agents-docs stats

all: build

venv: $(DEV_STAMP)

# Each set is installed again only when its file changes.
$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $@

# The extension, optimised, installed into the venv as an editable package.
build: $(STAMP)
	@# An interpreter-specific build from before the abi3 wheel would shadow the abi3 one.
	rm -f python/kumite/_kumite.cpython-*.so
	VIRTUAL_ENV=$(abspath $(VENV)) $(BIN)/maturin develop --release --quiet

# The wheel a user installs: one abi3 wheel for every CPython >= 3.9, stripped, in target/wheels.
wheel: $(STAMP)
	rm -rf target/wheels
	$(BIN)/maturin build --release --quiet --out target/wheels

# Installs that wheel into fresh venvs outside the repository (every CPython 3.9+ found here) and
# plays every game from it, so a packaging break cannot land.
wheel-check: wheel
	bash scripts/wheel-check.sh target/wheels

# Optimised (the `ci` profile: release without fat LTO) so the engine's full-size conformance
# runs are fast and the build is not the longest part of the run.
test-rust:
	$(CARGO) test --profile ci --workspace

# The hand-written stubs must match the compiled module.
stubtest: build $(DEV_STAMP)
	$(BIN)/python -m mypy.stubtest kumite._kumite

# The package, its stubs and the tests type-check against the stubs.
typecheck: build $(DEV_STAMP)
	$(BIN)/python -m mypy --strict python/kumite
	$(BIN)/python -m mypy tests

# Headless Chromium and chromedriver for tests/test_viewer.py (Debian packages), installed only
# when missing; as root directly, otherwise through sudo.
browser:
	@if command -v chromedriver >/dev/null && { command -v chromium >/dev/null || command -v chromium-browser >/dev/null; }; then :; else \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium chromium-driver; fi

# tests/test_ffi.py also compiles the C example and C/C++ programs against include/kumite.h and
# runs them (under valgrind too), linked with the C library of the `ci` profile.
test-python: build $(DEV_STAMP) ffi-ci browser
	KUMITE_FFI_LIBDIR=$(abspath target/ci) $(BIN)/python -m pytest $(PYTEST_ARGS) tests

# The toy game (rust/kumite/src/games/toy/): the engine's unit tests compile it in, so `make
# test` runs its Rust tests; this builds the extension with the `toy` feature (off in every build
# users get) into a copy of the package in target/toy/ (the venv's own build is left alone) and
# runs tests/test_toy_game.py against it. Not part of `make test`: the extension's build with the
# feature takes minutes that would take `make test` past its budget.
test-toy: $(DEV_STAMP)
	$(CARGO) clippy -p kumite --features toy -- -D warnings
	$(CARGO) build --profile ci -p kumite-py --features toy
	rm -rf target/toy && mkdir -p target/toy && cp -r python/kumite target/toy/
	rm -f target/toy/kumite/_kumite*.so && cp target/ci/lib_kumite.so target/toy/kumite/_kumite.abi3.so
	PYTHONPATH=$(abspath target/toy) $(BIN)/python -m pytest $(PYTEST_ARGS) -p no:cacheprovider tests/test_toy_game.py

# Formatting and lints: rustfmt (rustfmt.toml: 120 columns), clippy with every warning an error,
# rustdoc with every warning an error (a stale link or module header fails), and ruff
# (pyproject.toml: the rules chosen, and why two are left out where they are).
lint: $(DEV_STAMP)
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps
	$(BIN)/ruff check python tests scripts bench examples

test: lint build test-rust stubtest typecheck test-python docs wheel-check

# The long runs `make test` leaves out: the Rust conformance runs at full size (`make test` runs
# a tenth of each, `conformance::soak_size`) and pytest's `slow` mark.
soak: build $(DEV_STAMP)
	KUMITE_SOAK=1 $(CARGO) test --profile ci --workspace
	$(BIN)/python -m pytest $(PYTEST_ARGS) -m slow tests

# The hostile-input round: the mutated-state test (rust/kumite/tests/hostile_states.rs) round
# after round with fresh seeds for HOSTILE_SECONDS each of its six game configurations (30
# minutes at 300), every accepted mutant played to its end; then the Python hostile-input tests
# with HOSTILE_SCALE times their examples.
HOSTILE_SECONDS ?= 300
HOSTILE_SCALE ?= 20
hostile: build $(DEV_STAMP)
	KUMITE_HOSTILE_SECONDS=$(HOSTILE_SECONDS) $(CARGO) test --profile ci -p kumite --test hostile_states -- --nocapture --test-threads=1
	KUMITE_HOSTILE_SCALE=$(HOSTILE_SCALE) $(BIN)/python -m pytest $(PYTEST_ARGS) tests/test_hostile.py

# The C ABI: target/release/libkumite_ffi.{so,a}, header include/kumite.h (docs/embedding.md).
ffi:
	$(CARGO) build --release -p kumite-ffi

# The same library in the `ci` profile, for the tests.
ffi-ci:
	$(CARGO) build --profile ci -p kumite-ffi

# Builds and runs examples/c/play.c: MCTS against a random player, one full game.
c-example: ffi
	$(MAKE) -C examples/c run

# The documentation site (docs/conf.py: Sphinx, MyST Markdown, Furo, sphinx-autoapi) into
# docs/_build; warnings are errors, so a broken link or a missing reference fails the build.
# The per-game pages are generated from the engine at the start of the build.
docs: build $(DEV_STAMP)
	$(BIN)/python -m sphinx -W --keep-going -q -b html docs docs/_build
	@echo "docs/_build/index.html"

demo: build
	$(BIN)/python examples/demo.py

bench: build $(DEV_STAMP)
	bash bench/run.sh

# Instructions per action of random games for every game, and per search iteration with
# ICOUNT_ARGS=--mcts (scripts/icount.py, cachegrind): machine-independent, seconds to run.
icount:
	@command -v valgrind >/dev/null || { echo "make icount needs valgrind (Debian: apt-get install valgrind)"; exit 1; }
	python3 scripts/icount.py $(ICOUNT_ARGS)

# Measurements of the games rather than of speed (rust/kumite/benches/stats.rs): random games'
# lengths and results, Fatal Fight's largest piles (fatal_fight_capacity), Senjutsu's preset
# pairings (senjutsu_presets); STATS names some (default: random).
stats:
	$(CARGO) bench -p kumite --bench stats -- $(STATS)

# The play server under 16 loopback clients for 60 s (bench/server_load.py).
bench-server: build
	$(BIN)/python bench/server_load.py --clients 16 --seconds 60

bench-peers: build $(DEV_STAMP)
	bash bench/peers.sh

# The seat tables of docs/rules/<game>.md (scripts/seat_tables.py): every seating of each game,
# 2,000 random games and 100 MCTS-against-MCTS games; run it after content changes (it is long).
seat-tables: build
	$(BIN)/python scripts/seat_tables.py

# The tables and pictures of docs/balance.md (scripts/balance_docs.py): each game's balance
# tables with the lab's default bots, 100 games a cell, and Fatal Fight's draft changes as a
# variant; long (see docs/balance.md for the time each took).
balance-docs: build $(DEV_STAMP)
	$(BIN)/python scripts/balance_docs.py

# The networks shipped in python/kumite/nets (scripts/agents.py): each game's AlphaZero run of
# AGENT_MINUTES (default 120, the most a baseline may take on 2 cores), GAMES to pick some,
# AGENT_THREADS to share the cores between runs, AGENT_OPTIONS="players=3" for a network of
# other game options (Fatal Fight's party sizes; named python/kumite/nets/fatal_fight.players-3…).
agents: build $(DEV_STAMP)
	$(BIN)/python scripts/agents.py $(GAMES)

# docs/agents.md's strength tables and pictures (scripts/agents_docs.py): hours on 2 cores.
agents-docs: build $(DEV_STAMP)
	$(BIN)/python scripts/agents_docs.py $(GAMES)

# Fuzzing the loaders (docs/states.md): each target in fuzz/ runs for FUZZ_SECONDS from a seed
# corpus of real states, records and content files. cargo-fuzz needs nightly flags, which the
# stable toolchain accepts with RUSTC_BOOTSTRAP=1. Debug assertions are on, so a counter that
# would wrap is a crash too.
CARGO_FUZZ_VERSION := 0.13.1
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= state_play record content content_lists
FUZZ_FLAGS ?= -s none -a
FUZZ_ENV := RUSTC_BOOTSTRAP=1

fuzz-tools:
	@$(CARGO) fuzz --version 2>/dev/null | grep -q "$(CARGO_FUZZ_VERSION)" || \
	  $(CARGO) install cargo-fuzz --version =$(CARGO_FUZZ_VERSION) --locked

fuzz: fuzz-tools
	cd fuzz && $(CARGO) run --release --quiet --example make_corpus
	cd fuzz && for t in $(FUZZ_TARGETS); do \
	  $(FUZZ_ENV) $(CARGO) fuzz run $(FUZZ_FLAGS) $$t corpus/$$t -- -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 || exit 1; \
	done

clean:
	rm -rf $(VENV) target python/kumite/*.so .pytest_cache .mypy_cache .hypothesis
