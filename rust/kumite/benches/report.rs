//! Plain throughput figures for every game, as a markdown table (and optionally JSON for
//! `bench/python_bench.py`). Run with `cargo bench -p kumite --bench report [-- --json PATH]`.
//!
//! Each figure is a wall-clock rate over a run of about `--seconds` (default 1.5 s), so the whole
//! report takes well under a minute. Criterion (`--bench throughput`) gives the same quantities
//! with confidence intervals; this binary gives the one table people read.
//!
//! Games are measured through their concrete type when this file knows it (the monomorphised
//! loop, `clone`, `size_of` and the per-call split); a game added to `kumite::games::NAMES` later
//! is still measured, through the type-erased API (rollouts are monomorphised inside it).

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use kumite::core::dynamic::{ErasedState, EvaluatorChoice};
use kumite::core::{derive_seed, Action, ActionList, Game, NoEvents, Rng, State};
use kumite::games::tekken::Tekken;
use kumite::search::rollout::{random_playout, rollout_batch};
use kumite::search::{Evaluator, Heuristic, Mcts, MctsConfig, RandomRollout};

/// Targets from the design brief, printed beside the figures.
const TARGET_STEPS_PER_SEC: f64 = 5.0e6;
const TARGET_STATE_BYTES: usize = 512;
const TARGET_CLONE_NS: f64 = 50.0;
/// Random-playout steps per second inside MCTS on one core, and the root-parallel speed-up.
const TARGET_SEARCH_STEPS_PER_SEC: f64 = 5.0e6;
const TARGET_MCTS_SCALING: f64 = 1.8;

/// MCTS is timed from this many fixed mid-game states (the state after `MCTS_PLY` random
/// actions, or half the game if it is shorter, of the random games with seeds 0, 1, ...), each
/// searched with this many iterations.
const MCTS_POSITIONS: u64 = 8;
const MCTS_PLY: usize = 100;
const MCTS_ITERATIONS: u32 = 2000;

struct Args {
    json: Option<String>,
    seconds: f64,
    /// Only run the Tekken random-playout loop for this many seconds (for `perf record`).
    profile_playout: Option<f64>,
}

fn parse_args() -> Args {
    // cargo passes `--bench` to harness-less benches; anything unknown is ignored for that reason.
    let mut args = Args { json: None, seconds: 1.5, profile_playout: None };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => args.json = it.next(),
            "--seconds" => {
                args.seconds = it.next().and_then(|s| s.parse().ok()).expect("--seconds takes a number")
            }
            "--profile-playout" => {
                args.profile_playout =
                    Some(it.next().and_then(|s| s.parse().ok()).expect("--profile-playout takes seconds"))
            }
            _ => {}
        }
    }
    args
}

/// Everything measured for one game; `None` where the game was measured through the erased API
/// and the quantity needs the concrete type.
#[derive(Default)]
struct Row {
    game: String,
    steps_per_sec: Option<f64>,
    games_per_sec: Option<f64>,
    avg_len: f64,
    batch1_games_per_sec: f64,
    batch1_steps_per_sec: f64,
    batch_all_games_per_sec: f64,
    batch_all_steps_per_sec: f64,
    threads: usize,
    clone_ns: f64,
    clone_note: &'static str,
    state_bytes: Option<usize>,
    legal_ns: Option<f64>,
    apply_ns: Option<f64>,
    legal_len_avg: Option<f64>,
    mcts: MctsRow,
}

/// MCTS iterations per second (wall clock over whole searches, tree building and dropping
/// included) on one thread and on `threads` root-parallel trees, per evaluator.
#[derive(Default)]
struct MctsRow {
    threads: usize,
    random_1t: f64,
    random_all: f64,
    heuristic_1t: f64,
    heuristic_all: f64,
    /// Random-playout steps per iteration (exact: counted in the same searches, see `Counting`).
    playout_len_1t: Option<f64>,
    playout_len_all: Option<f64>,
    /// Playout steps inside search per second of search (iterations/s × steps per iteration).
    steps_1t: Option<f64>,
    steps_all: Option<f64>,
}

/// Runs `f` (which returns a work count) repeatedly until `seconds` have passed; work per second.
fn rate(seconds: f64, mut f: impl FnMut() -> u64) -> (f64, u64, Duration) {
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let mut work = 0u64;
    while start.elapsed() < budget {
        work += f();
    }
    let took = start.elapsed();
    (work as f64 / took.as_secs_f64(), work, took)
}

/// The rollout batch size: enough games that one batch takes about `seconds` on one thread.
fn batch_size(games_per_sec: f64, seconds: f64) -> usize {
    ((games_per_sec * seconds) as usize).clamp(64, 5_000_000)
}

fn rollout_rates<F>(seconds: f64, single_games_per_sec: f64, roll: F) -> (f64, f64, f64, f64)
where
    F: Fn(usize, u64, Option<usize>) -> Vec<u32>,
{
    // Warm the global pool and caches, then size the batch from the single-thread rate.
    roll(64, 1, None);
    let n = batch_size(single_games_per_sec, seconds);
    let time = |threads: Option<usize>| {
        let t = Instant::now();
        let lengths = black_box(roll(n, 7, threads));
        let secs = t.elapsed().as_secs_f64();
        let steps: u64 = lengths.iter().map(|&l| u64::from(l)).sum();
        (n as f64 / secs, steps as f64 / secs)
    };
    let (g1, s1) = time(Some(1));
    let (ga, sa) = time(None);
    (g1, s1, ga, sa)
}

/// States met in random games, each with the action the random player took there.
fn sample_positions<G: Game>(game: &G, games: u64) -> Vec<(G::State, Action)> {
    let mut out = Vec::new();
    let mut legal = ActionList::new();
    for seed in 0..games {
        let mut state = game.new_state(seed);
        let mut rng = Rng::new(derive_seed(seed, 1));
        while !state.is_terminal() {
            state.legal_actions(game, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            out.push((state.clone(), a));
            state.apply_unchecked(game, a, &mut NoEvents);
        }
    }
    out
}

/// The monomorphised random-playout loop on this thread: (steps/s, steps, games, time).
fn playout_loop<G: Game>(game: &G, seconds: f64) -> (f64, u64, u64, Duration) {
    let mut seed = 0u64;
    let mut games = 0u64;
    let mut legal = ActionList::new();
    let (steps_per_sec, steps, took) = rate(seconds, || {
        let mut state = game.new_state(seed);
        let mut rng = Rng::new(derive_seed(seed, u64::MAX));
        seed += 1;
        games += 1;
        let mut n = 0u64;
        while !state.is_terminal() {
            state.legal_actions(game, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            state.apply_unchecked(game, a, &mut NoEvents);
            n += 1;
        }
        black_box(&state);
        n
    });
    (steps_per_sec, steps, games, took)
}

fn measure_typed<G: Game>(game: &G, seconds: f64) -> Row {
    let mut row = Row { game: G::NAME.to_string(), ..Row::default() };
    let (steps_per_sec, steps, games, took) = playout_loop(game, seconds);
    let mut legal = ActionList::new();
    row.steps_per_sec = Some(steps_per_sec);
    row.games_per_sec = Some(games as f64 / took.as_secs_f64());
    row.avg_len = steps as f64 / games as f64;

    let (g1, s1, ga, sa) = rollout_rates(seconds, row.games_per_sec.unwrap(), |n, s, t| {
        rollout_batch(game, n, s, t).lengths
    });
    row.batch1_games_per_sec = g1;
    row.batch1_steps_per_sec = s1;
    row.batch_all_games_per_sec = ga;
    row.batch_all_steps_per_sec = sa;
    row.threads = rayon::current_num_threads();

    // Per-call costs over positions from real games (so branch behaviour is realistic).
    let positions = sample_positions(game, 200);
    row.legal_len_avg = Some({
        let mut total = 0usize;
        for (s, _) in &positions {
            s.legal_actions(game, &mut legal);
            total += legal.len();
        }
        total as f64 / positions.len() as f64
    });
    let per_pass = |f: &mut dyn FnMut()| {
        let reps = rate(seconds / 3.0, || {
            f();
            positions.len() as u64
        });
        1e9 / reps.0
    };
    let clone_pass_ns = per_pass(&mut || {
        for (s, _) in &positions {
            black_box(black_box(s).clone());
        }
    });
    row.legal_ns = Some(per_pass(&mut || {
        for (s, _) in &positions {
            black_box(s).legal_actions(game, &mut legal);
            black_box(&legal);
        }
    }));
    let clone_apply_ns = per_pass(&mut || {
        for (s, a) in &positions {
            let mut s = black_box(s).clone();
            s.apply_unchecked(game, black_box(*a), &mut NoEvents);
            black_box(&s);
        }
    });
    row.apply_ns = Some((clone_apply_ns - clone_pass_ns).max(0.0));

    // Clone of one mid-game state, many times: the figure search code pays per node.
    let (mid, _) = &positions[positions.len() / 2];
    let iters = 1_000_000u64;
    let (clones_per_sec, _, _) = rate(seconds / 2.0, || {
        for _ in 0..iters {
            black_box(black_box(mid).clone());
        }
        iters
    });
    row.clone_ns = 1e9 / clones_per_sec;
    row.clone_note = "State::clone";
    row.state_bytes = Some(std::mem::size_of::<G::State>());
    row.mcts = mcts_typed(game, seconds);
    row
}

/// `RandomRollout` that also counts the playout steps. It draws from the search's stream exactly
/// as `RandomRollout` does (both call `random_playout`), so a search with it is the same search,
/// node for node, as one with `RandomRollout`; the bench checks that.
#[derive(Clone, Default)]
struct Counting(Arc<AtomicU64>);

impl<G: Game> Evaluator<G> for Counting {
    fn evaluate(&self, game: &G, leaves: &[G::State], rng: &mut Rng, values: &mut [f32], _priors: &mut [f32]) {
        let players = game.num_players();
        for (leaf, out) in leaves.iter().zip(values.chunks_mut(players)) {
            let mut state = leaf.clone();
            let steps = random_playout(game, &mut state, rng);
            self.0.fetch_add(u64::from(steps), Ordering::Relaxed);
            state.returns(game, out);
        }
    }
}

fn mcts_config(position: usize, threads: usize) -> MctsConfig {
    MctsConfig { iterations: MCTS_ITERATIONS, threads, seed: position as u64, ..Default::default() }
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Times whole passes of `pass` (one search per position; returns the iterations) for about
/// `seconds`, after one warm-up pass that also sizes the run: (iterations/s, seconds per pass).
fn mcts_rate(seconds: f64, mut pass: impl FnMut() -> u64) -> (f64, f64) {
    let t = Instant::now();
    black_box(pass());
    let passes = ((seconds / t.elapsed().as_secs_f64()).ceil() as u64).clamp(1, 10_000);
    let t = Instant::now();
    let iterations: u64 = (0..passes).map(|_| pass()).sum();
    let secs = t.elapsed().as_secs_f64();
    (iterations as f64 / secs, secs / passes as f64)
}

/// One search per position: the iterations run and each search's (best, visits).
fn typed_pass<G: Game, E: Evaluator<G> + Clone>(
    game: &G,
    positions: &[(G::State, Vec<Action>)],
    threads: usize,
    evaluator: &E,
) -> (u64, Vec<(Action, Vec<u32>)>) {
    let mut iterations = 0;
    let mut picks = Vec::with_capacity(positions.len());
    for (i, (state, history)) in positions.iter().enumerate() {
        let stats = Mcts::new(mcts_config(i, threads), evaluator.clone()).search(game, state, history);
        iterations += stats.iterations;
        picks.push((stats.best, stats.visits));
    }
    (iterations, black_box(picks))
}

fn mcts_typed<G: Game>(game: &G, seconds: f64) -> MctsRow {
    let mut positions = Vec::new();
    let mut legal = ActionList::new();
    for seed in 0..MCTS_POSITIONS {
        // The whole random game first, then the state after min(MCTS_PLY, half of it) actions.
        let mut state = game.new_state(seed);
        let mut rng = Rng::new(derive_seed(seed, 2));
        let mut history = Vec::new();
        while !state.is_terminal() {
            state.legal_actions(game, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            state.apply_unchecked(game, a, &mut NoEvents);
            history.push(a);
        }
        history.truncate(MCTS_PLY.min(history.len() / 2));
        let mut state = game.new_state(seed);
        for &a in &history {
            state.apply_unchecked(game, a, &mut NoEvents);
        }
        if !state.is_terminal() {
            positions.push((state, history));
        }
    }
    let all = all_cores();
    let mut row = MctsRow { threads: all, ..MctsRow::default() };
    let budget = seconds / 2.0;
    let (r1, pass1) = mcts_rate(budget, || typed_pass(game, &positions, 1, &RandomRollout).0);
    let (ra, pass_all) = mcts_rate(budget, || typed_pass(game, &positions, all, &RandomRollout).0);
    row.random_1t = r1;
    row.random_all = ra;
    row.heuristic_1t = mcts_rate(budget, || typed_pass(game, &positions, 1, &Heuristic).0).0;
    row.heuristic_all = mcts_rate(budget, || typed_pass(game, &positions, all, &Heuristic).0).0;
    // The same passes again with the counting evaluator: exact steps per pass, and a check that
    // the counted search is the timed one.
    let count = |threads: usize, secs_per_pass: f64| {
        let counter = Counting::default();
        let (iterations, picks) = typed_pass(game, &positions, threads, &counter);
        let (_, timed_picks) = typed_pass(game, &positions, threads, &RandomRollout);
        assert_eq!(picks, timed_picks, "the counting evaluator must replay the timed search");
        let steps = counter.0.load(Ordering::Relaxed) as f64;
        (steps / iterations as f64, steps / secs_per_pass)
    };
    let (len1, steps1) = count(1, pass1);
    let (len_all, steps_all) = count(all, pass_all);
    row.playout_len_1t = Some(len1);
    row.steps_1t = Some(steps1);
    row.playout_len_all = Some(len_all);
    row.steps_all = Some(steps_all);
    row
}

/// Iterations/s through the erased searcher (monomorphised inside); playout steps need the
/// concrete type and are not reported.
fn mcts_erased(game: &Arc<dyn kumite::core::dynamic::ErasedGame>, seconds: f64) -> MctsRow {
    let mut positions: Vec<Box<dyn ErasedState>> = Vec::new();
    for seed in 0..MCTS_POSITIONS {
        let mut state = game.clone().new_state(seed);
        let mut rng = Rng::new(derive_seed(seed, 2));
        let mut history = Vec::new();
        while state.current_player().is_some() {
            let legal = state.legal_actions();
            let a = legal[rng.below(legal.len() as u32) as usize];
            state.apply(a).expect("a legal action applies");
            history.push(a);
        }
        let mut state = game.clone().new_state(seed);
        for &a in &history[..MCTS_PLY.min(history.len() / 2)] {
            state.apply(a).expect("the same actions replay");
        }
        if state.current_player().is_some() {
            positions.push(state);
        }
    }
    let pass = |threads: usize, choice: &EvaluatorChoice| {
        let mut iterations = 0;
        for (i, state) in positions.iter().enumerate() {
            let stats = game.clone().searcher(mcts_config(i, threads), choice.clone()).search(&**state);
            iterations += black_box(stats.expect("the searcher takes its own game's states")).iterations;
        }
        iterations
    };
    let all = all_cores();
    let budget = seconds / 2.0;
    MctsRow {
        threads: all,
        random_1t: mcts_rate(budget, || pass(1, &EvaluatorChoice::RandomRollout)).0,
        random_all: mcts_rate(budget, || pass(all, &EvaluatorChoice::RandomRollout)).0,
        heuristic_1t: mcts_rate(budget, || pass(1, &EvaluatorChoice::Heuristic)).0,
        heuristic_all: mcts_rate(budget, || pass(all, &EvaluatorChoice::Heuristic)).0,
        ..MctsRow::default()
    }
}

/// For games this file does not name: rollouts (monomorphised inside the erased layer) and the
/// boxed clone. The random loop runs through `Vec`-returning erased calls, so it is not reported
/// as the engine's steps/s.
fn measure_erased(name: &str, seconds: f64) -> Row {
    let game = kumite::games::load(name, &Default::default()).expect("the game loads with defaults");
    let mut row = Row { game: name.to_string(), ..Row::default() };
    let probe = game.rollout(256, 0, Some(1));
    let t = Instant::now();
    let probe2 = game.rollout(256, 1, Some(1));
    let single = 256.0 / t.elapsed().as_secs_f64();
    let total: u64 = probe.lengths.iter().chain(&probe2.lengths).map(|&l| u64::from(l)).sum();
    row.avg_len = total as f64 / 512.0;
    let (g1, s1, ga, sa) = rollout_rates(seconds, single, |n, s, t| game.rollout(n, s, t).lengths);
    row.batch1_games_per_sec = g1;
    row.batch1_steps_per_sec = s1;
    row.batch_all_games_per_sec = ga;
    row.batch_all_steps_per_sec = sa;
    row.threads = rayon::current_num_threads();
    let mut state = game.clone().new_state(0);
    for _ in 0..(row.avg_len as usize / 2) {
        match state.legal_actions().first() {
            Some(&a) => state.apply(a).expect("a legal action applies"),
            None => break,
        }
    }
    let iters = 100_000u64;
    let (clones_per_sec, _, _) = rate(seconds / 2.0, || {
        for _ in 0..iters {
            black_box(black_box(&state).clone_box());
        }
        iters
    });
    row.clone_ns = 1e9 / clones_per_sec;
    row.clone_note = "erased clone_box (Box + history Vec)";
    row.mcts = mcts_erased(&game, seconds);
    row
}

/// Busy jiffies of the whole machine and of this process (Linux only), to tell how much CPU
/// other processes took during the run: on a shared machine the figures are worth little then.
fn busy_jiffies() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let cpu: Vec<u64> = stat.lines().next()?.split_whitespace().skip(1).filter_map(|x| x.parse().ok()).collect();
    // user nice system idle iowait irq softirq steal
    let busy = cpu.get(..3)?.iter().sum::<u64>() + cpu.get(5..8)?.iter().sum::<u64>();
    let own = std::fs::read_to_string("/proc/self/stat").ok()?;
    let f: Vec<&str> = own.rsplit_once(')')?.1.split_whitespace().collect();
    let mine = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some((busy, mine))
}

/// Cores' worth of CPU other processes used since `start` (assumes 100 clock ticks a second,
/// the value on every Linux build we run on).
fn foreign_cores(start: Option<(u64, u64)>, since: Instant) -> Option<f64> {
    let (b0, m0) = start?;
    let (b1, m1) = busy_jiffies()?;
    let foreign = (b1 - b0).saturating_sub(m1 - m0);
    Some(foreign as f64 / 100.0 / since.elapsed().as_secs_f64())
}

fn fmt_rate(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "**missed**"
    }
}

fn opt<T>(x: Option<T>, f: impl Fn(T) -> String) -> String {
    x.map(f).unwrap_or_else(|| "n/a".into())
}

fn print_markdown(rows: &[Row]) {
    println!("| game | random playout steps/s (1 thread) | games/s (1 thread) | avg game length | rollout_batch games/s, 1 thread | rollout_batch games/s, all ({}) threads | scaling | rollout_batch steps/s, all threads | clone ns | state bytes | legal_actions ns | apply ns | avg legal actions |",
        rows.first().map_or(0, |r| r.threads));
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {} | {} | {} | {:.1} | {} | {} | {:.2}x | {} | {:.1} | {} | {} | {} | {} |",
            r.game,
            opt(r.steps_per_sec, fmt_rate),
            opt(r.games_per_sec, fmt_rate),
            r.avg_len,
            fmt_rate(r.batch1_games_per_sec),
            fmt_rate(r.batch_all_games_per_sec),
            r.batch_all_games_per_sec / r.batch1_games_per_sec,
            fmt_rate(r.batch_all_steps_per_sec),
            r.clone_ns,
            opt(r.state_bytes, |b| b.to_string()),
            opt(r.legal_ns, |x| format!("{x:.1}")),
            opt(r.apply_ns, |x| format!("{x:.1}")),
            opt(r.legal_len_avg, |x| format!("{x:.1}")),
        );
    }
    println!();
    let all = rows.first().map_or(0, |r| r.mcts.threads);
    println!(
        "MCTS from {MCTS_POSITIONS} fixed mid-game states (after min({MCTS_PLY}, half the game) random actions), {MCTS_ITERATIONS} iterations a search, \
         information-set MCTS (default config); all = {all} root-parallel trees."
    );
    println!();
    println!("| game | MCTS it/s, random rollout, 1 thread | random rollout, all ({all}) | scaling | MCTS it/s, Heuristic, 1 thread | Heuristic, all ({all}) | scaling | playout steps per iteration | rollout steps/s inside search, 1 thread | rollout steps/s inside search, all ({all}) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        let m = &r.mcts;
        println!(
            "| {} | {} | {} | {:.2}x | {} | {} | {:.2}x | {} | {} | {} |",
            r.game,
            fmt_rate(m.random_1t),
            fmt_rate(m.random_all),
            m.random_all / m.random_1t,
            fmt_rate(m.heuristic_1t),
            fmt_rate(m.heuristic_all),
            m.heuristic_all / m.heuristic_1t,
            opt(m.playout_len_1t, |x| format!("{x:.1}")),
            opt(m.steps_1t, fmt_rate),
            opt(m.steps_all, fmt_rate),
        );
    }
    println!();
    println!("| game | target | measured | verdict |");
    println!("|---|---|---:|---|");
    for r in rows {
        if let Some(s) = r.steps_per_sec {
            println!(
                "| {} | >= {} steps/s on one core | {} | {} |",
                r.game,
                fmt_rate(TARGET_STEPS_PER_SEC),
                fmt_rate(s),
                verdict(s >= TARGET_STEPS_PER_SEC)
            );
        }
        if let Some(b) = r.state_bytes {
            println!(
                "| {} | state <= {TARGET_STATE_BYTES} bytes | {b} | {} |",
                r.game,
                verdict(b <= TARGET_STATE_BYTES)
            );
        }
        println!(
            "| {} | clone <= {TARGET_CLONE_NS:.0} ns | {:.1} ({}) | {} |",
            r.game,
            r.clone_ns,
            r.clone_note,
            verdict(r.clone_ns <= TARGET_CLONE_NS)
        );
        let m = &r.mcts;
        if let Some(steps) = m.steps_1t {
            println!(
                "| {} | >= {} rollout steps/s inside MCTS on one core | {} | {} |",
                r.game,
                fmt_rate(TARGET_SEARCH_STEPS_PER_SEC),
                fmt_rate(steps),
                verdict(steps >= TARGET_SEARCH_STEPS_PER_SEC)
            );
        }
        if m.threads == 2 {
            for (label, one, all) in
                [("random rollout", m.random_1t, m.random_all), ("Heuristic", m.heuristic_1t, m.heuristic_all)]
            {
                println!(
                    "| {} | MCTS ({label}) scaling >= {TARGET_MCTS_SCALING:.1}x on 2 cores | {:.2}x | {} |",
                    r.game,
                    all / one,
                    verdict(all / one >= TARGET_MCTS_SCALING)
                );
            }
        }
    }
}

fn json_num(x: Option<f64>) -> String {
    x.map_or("null".into(), |v| format!("{v:.3}"))
}

fn to_json(rows: &[Row], seconds: f64, foreign: Option<f64>) -> String {
    let games: Vec<String> = rows
        .iter()
        .map(|r| {
            format!(
                concat!(
                    "{{\"game\": \"{}\", \"steps_per_sec\": {}, \"games_per_sec\": {}, \"avg_len\": {:.3}, ",
                    "\"rollout_1t_games_per_sec\": {:.3}, \"rollout_1t_steps_per_sec\": {:.3}, ",
                    "\"rollout_all_games_per_sec\": {:.3}, \"rollout_all_steps_per_sec\": {:.3}, ",
                    "\"threads\": {}, \"clone_ns\": {:.3}, \"state_bytes\": {}, \"legal_actions_ns\": {}, ",
                    "\"apply_ns\": {}, \"mcts\": {{\"iterations_per_search\": {}, \"positions\": {}, \"threads\": {}, ",
                    "\"random_1t_iterations_per_sec\": {:.3}, \"random_all_iterations_per_sec\": {:.3}, ",
                    "\"heuristic_1t_iterations_per_sec\": {:.3}, \"heuristic_all_iterations_per_sec\": {:.3}, ",
                    "\"playout_steps_per_iteration_1t\": {}, \"playout_steps_per_iteration_all\": {}, ",
                    "\"search_rollout_steps_per_sec_1t\": {}, \"search_rollout_steps_per_sec_all\": {}}}}}"
                ),
                r.game,
                json_num(r.steps_per_sec),
                json_num(r.games_per_sec),
                r.avg_len,
                r.batch1_games_per_sec,
                r.batch1_steps_per_sec,
                r.batch_all_games_per_sec,
                r.batch_all_steps_per_sec,
                r.threads,
                r.clone_ns,
                r.state_bytes.map_or("null".into(), |b| b.to_string()),
                json_num(r.legal_ns),
                json_num(r.apply_ns),
                MCTS_ITERATIONS,
                MCTS_POSITIONS,
                r.mcts.threads,
                r.mcts.random_1t,
                r.mcts.random_all,
                r.mcts.heuristic_1t,
                r.mcts.heuristic_all,
                json_num(r.mcts.playout_len_1t),
                json_num(r.mcts.playout_len_all),
                json_num(r.mcts.steps_1t),
                json_num(r.mcts.steps_all),
            )
        })
        .collect();
    format!(
        "{{\"seconds_per_figure\": {seconds}, \"foreign_cores\": {}, \"games\": [\n  {}\n]}}\n",
        json_num(foreign),
        games.join(",\n  ")
    )
}

fn main() {
    let args = parse_args();
    if let Some(seconds) = args.profile_playout {
        let game = Tekken::from_options(&Default::default()).expect("tekken loads with defaults");
        let (rate, ..) = playout_loop(&game, seconds);
        println!("tekken random playout: {rate:.0} steps/s");
        return;
    }
    let (load_start, t0) = (busy_jiffies(), Instant::now());
    let mut rows = Vec::new();
    for &name in kumite::games::NAMES {
        eprintln!("measuring {name} ...");
        let row = match name {
            Tekken::NAME => {
                let game = Tekken::from_options(&Default::default()).expect("tekken loads with defaults");
                measure_typed(&game, args.seconds)
            }
            other => measure_erased(other, args.seconds),
        };
        rows.push(row);
    }
    print_markdown(&rows);
    let foreign = foreign_cores(load_start, t0);
    if let Some(f) = foreign {
        let note = if f > 0.25 { " (figures unreliable: the machine was busy)" } else { "" };
        println!("\nother processes used {f:.2} cores on average during the run{note}");
    }
    if let Some(path) = &args.json {
        if let Some(dir) = std::path::Path::new(path).parent() {
            std::fs::create_dir_all(dir).ok();
        }
        std::fs::write(path, to_json(&rows, args.seconds, foreign)).expect("the JSON report is writable");
        eprintln!("wrote {path}");
    }
}
