"""Regenerates the tables and pictures of docs/balance.md (``make balance-docs``): each run below
is ``kumite balance`` with the arguments shown; its markdown replaces what stands between the
run's ``<!-- balance:NAME:begin -->`` and ``<!-- balance:NAME:end -->`` markers; the files the
command wrote (balance.md, .json, .png) stay in docs/balance/NAME/. Runs may be named on the
command line (default: all of them)."""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import shlex
import sys
import time

from kumite import balance
from kumite.cli import main as kumite_main

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "balance.md"

# name: the command's arguments after `kumite balance`.
RUNS = {
    "tekken": "tekken --games 100",
    "senjutsu": "senjutsu --games 100",
    # The seed's UFS lets both players pass forever (docs/rules/ufs.md, "Game length"), and
    # searches sometimes do: 5,000 actions is some 40 times a game's mean length.
    "ufs": "ufs --games 100 --max-steps 5000",
    # The default tables, and beside them the seed's change list undone (the draft before: no
    # opening shop, no gold at the start, saving for 3 actions) as one variant. A campaign the
    # search cannot finish stands before a boss for thousands of rounds (the seed has no stage
    # timer, FFX-11); at the game's own bound (17,576 actions; 14,376 before the order-free shop) those cost most of the run, and
    # few of them end before it (docs/balance.md, Fatal Fight, "The bound").
    "fatal_fight": "fatal_fight --games 100 --max-steps 5000 --variant opening_shop=false "
                   "--variant start_gold=0 --variant save_actions=3",
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", nargs="*", default=[], help=f"runs to make: {', '.join(RUNS)} (default all)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--render-only", action="store_true",
                        help="play nothing: splice the reports already in docs/balance/NAME/ into the page again")
    args = parser.parse_args()
    unknown = [r for r in args.runs if r not in RUNS]
    if unknown:
        raise SystemExit(f"no run {unknown[0]!r}: the runs are {', '.join(RUNS)}")
    os.chdir(ROOT)  # the commands recorded in the reports name paths inside the repository
    for name in args.runs or list(RUNS):
        begin, end = f"<!-- balance:{name}:begin -->", f"<!-- balance:{name}:end -->"
        if begin not in DOC.read_text():  # before the run, which may take an hour
            raise SystemExit(f"{DOC} has no {begin} marker")
        out = f"docs/balance/{name}"
        argv = ["balance", *shlex.split(RUNS[name]), "--out", out, "--quiet"]
        if args.workers:
            argv += ["--workers", str(args.workers)]
        start = time.time()
        if not args.render_only and kumite_main(argv) != 0:
            return 1
        result = json.loads(pathlib.Path(out, "balance.json").read_text())
        if args.render_only:
            balance.write(result, out)  # the md and the picture again, from the JSON
        report = balance.report.markdown(result)
        # The report's own title goes; headings move one level down, under the game's section.
        body = re.sub(r"^# .*\n\n", "", report)
        body = re.sub(r"^(#+) ", lambda m: "#" + m.group(1) + " ", body, flags=re.M)
        picture = f"![kumite balance {name}](balance/{name}/balance.png)\n\n"
        block = f"{begin}\n{picture}{body}{end}"
        # The page is read after the run: it may have been edited while the games played.
        text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: block, DOC.read_text(), flags=re.S)
        DOC.write_text(text)
        print(f"{name}: {time.time() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
