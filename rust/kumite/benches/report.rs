//! Plain throughput figures for every game, as a markdown table (and optionally JSON for
//! `bench/python_bench.py`). Run with `cargo bench -p kumite --bench report [-- --json PATH]`.
//!
//! Each figure is a wall-clock rate over a run of about `--seconds` (default 1.5 s), so the whole
//! report takes well under a minute; MCTS figures take the median of several passes, so one pass
//! slowed by a hiccup of the machine does not decide them.
//!
//! Every game is measured through its concrete type: the monomorphised loop, `clone`, `size_of`,
//! the per-call split, MCTS, and the `VecEnv` the Python binding wraps (so Python's own overhead
//! on a batch is the Python figure beside this one).

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use kumite::core::{derive_seed, Action, ActionList, Game, NoEvents, Rng, State};
use kumite::env::{Outputs, VecEnv};
use kumite::games::tekken::Tekken;
use kumite::search::evaluator::playout_value;
use kumite::search::rollout::rollout_batch;
use kumite::search::{Evaluator, Heuristic, Mcts, MctsConfig, RandomRollout};

/// Targets from the issues, printed beside the figures: Tekken's brief set all of them; each
/// other game's issue set only the playout rate (2 M steps/s).
struct Targets {
    steps_per_sec: f64,
    /// State size, clone time and playout steps/s inside MCTS on one core (Tekken only).
    state: Option<(usize, f64, f64)>,
}

fn targets(game: &str) -> Targets {
    if game == Tekken::NAME {
        Targets { steps_per_sec: 5.0e6, state: Some((512, 50.0, 5.0e6)) }
    } else {
        Targets { steps_per_sec: 2.0e6, state: None }
    }
}

/// The root-parallel MCTS speed-up on two cores, for every game.
const TARGET_MCTS_SCALING: f64 = 1.8;

/// VecEnv figures: this many environments on one thread, as the target names.
const VEC_ENV_N: usize = 1024;
/// VecEnv targets: steps/s without observations ÷ the interleaved playout floor's (what any
/// batched stepping pays), and the observation's share of a step.
const TARGET_VEC_ENV_RATIO: f64 = 0.8;
const TARGET_OBS_SHARE: f64 = 0.5;

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
            "--seconds" => args.seconds = it.next().and_then(|s| s.parse().ok()).expect("--seconds takes a number"),
            "--profile-playout" => {
                args.profile_playout =
                    Some(it.next().and_then(|s| s.parse().ok()).expect("--profile-playout takes seconds"))
            }
            _ => {}
        }
    }
    args
}

/// Everything measured for one game.
#[derive(Default)]
struct Row {
    game: String,
    steps_per_sec: f64,
    games_per_sec: f64,
    avg_len: f64,
    batch1_games_per_sec: f64,
    batch1_steps_per_sec: f64,
    batch_all_games_per_sec: f64,
    batch_all_steps_per_sec: f64,
    threads: usize,
    clone_ns: f64,
    state_bytes: usize,
    legal_ns: f64,
    apply_ns: f64,
    legal_len_avg: f64,
    vec_env: VecEnvRow,
    mcts: MctsRow,
}

/// The `VecEnv` at `VEC_ENV_N` environments on one thread, beside two floors. Each figure is the
/// median of `VEC_ENV_ROUNDS` rounds; a round measures the playout loop, the interleaved
/// playouts and the env without and with observations back to back, and the ratios are medians
/// of each round's own ratios, so they compare figures taken moments apart (this VM's speed
/// drifts by several per cent between minutes).
#[derive(Default)]
struct VecEnvRow {
    /// Steps/s without and with observations.
    without_obs: f64,
    with_obs: f64,
    /// The same random playouts over `VEC_ENV_N` states taken in turn, one action each: what any
    /// batched stepping pays (each step meets a state that left the cache), with no outputs.
    interleaved: f64,
    /// Without observations ÷ the playout loop, the observation's share of a step, interleaved ÷
    /// playout loop, and without observations ÷ interleaved.
    vs_playout: f64,
    obs_share: f64,
    interleaved_vs_playout: f64,
    /// Interleaving only two states (both stay in L1) ÷ the playout loop: the part of the
    /// interleaving cost that is not memory but the CPU's predictors losing one game's history.
    two_vs_playout: f64,
    vs_interleaved: f64,
    /// Without observations, with a step bound (`max_steps = max_game_length`, which random games
    /// reach rarely if ever, so the work is the same) ÷ without one: the cost of counting steps.
    bounded_vs_unbounded: f64,
    /// Zeroing one observation row of a `VEC_ENV_N`-row buffer, rows in turn: the memory cost
    /// of writing observations at all, before encoding anything.
    obs_fill_ns: f64,
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
    playout_len_1t: f64,
    playout_len_all: f64,
    /// Playout steps inside search per second of search (iterations/s × steps per iteration).
    steps_1t: f64,
    steps_all: f64,
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
    row.steps_per_sec = steps_per_sec;
    row.games_per_sec = games as f64 / took.as_secs_f64();
    row.avg_len = steps as f64 / games as f64;

    let (g1, s1, ga, sa) =
        rollout_rates(seconds, row.games_per_sec, |n, s, t| rollout_batch(game, n, s, t, None).lengths);
    row.batch1_games_per_sec = g1;
    row.batch1_steps_per_sec = s1;
    row.batch_all_games_per_sec = ga;
    row.batch_all_steps_per_sec = sa;
    row.threads = rayon::current_num_threads();

    // Per-call costs over positions from real games (so branch behaviour is realistic).
    let positions = sample_positions(game, 200);
    row.legal_len_avg = {
        let mut total = 0usize;
        for (s, _) in &positions {
            s.legal_actions(game, &mut legal);
            total += legal.len();
        }
        total as f64 / positions.len() as f64
    };
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
    row.legal_ns = per_pass(&mut || {
        for (s, _) in &positions {
            black_box(s).legal_actions(game, &mut legal);
            black_box(&legal);
        }
    });
    let clone_apply_ns = per_pass(&mut || {
        for (s, a) in &positions {
            let mut s = black_box(s).clone();
            s.apply_unchecked(game, black_box(*a), &mut NoEvents);
            black_box(&s);
        }
    });
    row.apply_ns = (clone_apply_ns - clone_pass_ns).max(0.0);

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
    row.state_bytes = std::mem::size_of::<G::State>();
    row.vec_env = vec_env_row(game, seconds);
    row.mcts = mcts_typed(game, seconds);
    row
}

const VEC_ENV_ROUNDS: usize = 5;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn vec_env_row<G: Game>(game: &G, seconds: f64) -> VecEnvRow {
    let each = seconds / VEC_ENV_ROUNDS as f64;
    let rounds: Vec<[f64; 6]> = (0..VEC_ENV_ROUNDS)
        .map(|_| {
            [
                playout_loop(game, each).0,
                interleaved_playouts(game, VEC_ENV_N, each),
                vec_env_rate(game, false, None, each),
                vec_env_rate(game, true, None, each),
                interleaved_playouts(game, 2, each),
                vec_env_rate(game, false, Some(game.max_game_length()), each),
            ]
        })
        .collect();
    let of = |f: fn(&[f64; 6]) -> f64| median(rounds.iter().map(f).collect());
    VecEnvRow {
        without_obs: of(|r| r[2]),
        with_obs: of(|r| r[3]),
        interleaved: of(|r| r[1]),
        vs_playout: of(|r| r[2] / r[0]),
        obs_share: of(|r| (1.0 - r[3] / r[2]).max(0.0)),
        interleaved_vs_playout: of(|r| r[1] / r[0]),
        two_vs_playout: of(|r| r[4] / r[0]),
        vs_interleaved: of(|r| r[2] / r[1]),
        bounded_vs_unbounded: of(|r| r[5] / r[2]),
        obs_fill_ns: obs_fill_ns(game.observation_len(), seconds / 2.0),
    }
}

/// `VecEnv` steps/s at `VEC_ENV_N` environments on this thread, actions from `sample_actions`
/// (uniform legal, as the playout loop picks), timing `step` only, as `bench/vec_env_bench.py`
/// does through Python; `max_steps` as `VecEnv::with_max_steps`.
fn vec_env_rate<G: Game>(game: &G, observations: bool, max_steps: Option<usize>, seconds: f64) -> f64 {
    let n = VEC_ENV_N;
    let mut env = VecEnv::new(game, n, 0, Some(1)).with_max_steps(max_steps);
    let mut out = Outputs::new(game, n, observations);
    env.reset(game, None, out.buffers());
    let mut actions = vec![0; n];
    let (mut steps, mut stepping) = (0u64, Duration::ZERO);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        env.sample_actions(&mut actions);
        let t = Instant::now();
        env.step(game, &actions, out.buffers()).expect("sampled actions are legal");
        stepping += t.elapsed();
        steps += n as u64;
    }
    steps as f64 / stepping.as_secs_f64()
}

/// Random playouts over `n` states taken in turn (a finished game restarts from the next seed):
/// steps/s. The clock is read once per `VEC_ENV_N` steps whatever `n`.
fn interleaved_playouts<G: Game>(game: &G, n: usize, seconds: f64) -> f64 {
    let mut states: Vec<G::State> = (0..n as u64).map(|seed| game.new_state(seed)).collect();
    let mut next_seed = n as u64;
    let mut rng = Rng::new(derive_seed(0, u64::MAX));
    let mut legal = ActionList::new();
    let sweeps = VEC_ENV_N.div_ceil(n);
    rate(seconds, || {
        for _ in 0..sweeps {
            for state in &mut states {
                state.legal_actions(game, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                state.apply_unchecked(game, a, &mut NoEvents);
                if state.is_terminal() {
                    *state = game.new_state(next_seed);
                    next_seed += 1;
                }
            }
        }
        black_box(&states);
        (sweeps * n) as u64
    })
    .0
}

/// Nanoseconds to zero one `len`-float row of a `VEC_ENV_N`-row buffer, rows in turn.
fn obs_fill_ns(len: usize, seconds: f64) -> f64 {
    let mut buffer = vec![1.0f32; VEC_ENV_N * len];
    let (rows_per_sec, ..) = rate(seconds, || {
        for row in buffer.chunks_mut(len) {
            black_box(row).fill(0.0);
        }
        VEC_ENV_N as u64
    });
    1e9 / rows_per_sec
}

/// `RandomRollout` that also counts the playout steps. Both score a leaf by `playout_value`, so a
/// search with it is the same search, node for node, as one with `RandomRollout`; the bench
/// checks that.
#[derive(Clone, Default)]
struct Counting(Arc<AtomicU64>);

impl<G: Game> Evaluator<G> for Counting {
    fn evaluate(
        &self,
        game: &G,
        leaves: &[G::State],
        rng: &mut Rng,
        max_playout_steps: usize,
        values: &mut [f32],
        _priors: &mut [f32],
    ) {
        let players = game.num_players();
        for (leaf, out) in leaves.iter().zip(values.chunks_mut(players)) {
            let steps = playout_value(game, leaf, rng, max_playout_steps, out);
            self.0.fetch_add(u64::from(steps), Ordering::Relaxed);
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
/// `seconds` (at least three), after one warm-up pass that also sizes the run: (iterations/s,
/// seconds per pass) of the median pass, so one pass slowed by a hiccup of this shared VM does
/// not decide the figure.
fn mcts_rate(seconds: f64, mut pass: impl FnMut() -> u64) -> (f64, f64) {
    let t = Instant::now();
    black_box(pass());
    let passes = ((seconds / t.elapsed().as_secs_f64()).ceil() as usize).clamp(3, 10_000);
    let mut timed: Vec<(f64, u64)> = (0..passes)
        .map(|_| {
            let t = Instant::now();
            let iterations = pass();
            (t.elapsed().as_secs_f64(), iterations)
        })
        .collect();
    timed.sort_by(|a, b| (a.1 as f64 / a.0).total_cmp(&(b.1 as f64 / b.0)));
    let (secs, iterations) = timed[passes / 2];
    (iterations as f64 / secs, secs)
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
    row.playout_len_1t = len1;
    row.steps_1t = steps1;
    row.playout_len_all = len_all;
    row.steps_all = steps_all;
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

fn print_markdown(rows: &[Row]) {
    println!("| game | random playout steps/s (1 thread) | games/s (1 thread) | avg game length | rollout_batch games/s, 1 thread | rollout_batch games/s, all ({}) threads | scaling | rollout_batch steps/s, all threads | clone ns | state bytes | legal_actions ns | apply ns | avg legal actions |",
        rows.first().map_or(0, |r| r.threads));
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {} | {} | {} | {:.1} | {} | {} | {:.2}x | {} | {:.1} | {} | {:.1} | {:.1} | {:.1} |",
            r.game,
            fmt_rate(r.steps_per_sec),
            fmt_rate(r.games_per_sec),
            r.avg_len,
            fmt_rate(r.batch1_games_per_sec),
            fmt_rate(r.batch_all_games_per_sec),
            r.batch_all_games_per_sec / r.batch1_games_per_sec,
            fmt_rate(r.batch_all_steps_per_sec),
            r.clone_ns,
            r.state_bytes,
            r.legal_ns,
            r.apply_ns,
            r.legal_len_avg,
        );
    }
    println!();
    println!(
        "VecEnv, {VEC_ENV_N} environments on one thread, actions from `sample_actions`, time inside `step` only \
         (the Rust side of `bench/vec_env_bench.py`)."
    );
    println!();
    println!(
        "Floors: *interleaved playout* plays the same random games over {VEC_ENV_N} states in turn with no outputs \
         (what stepping a batch costs before the env does anything); *over 2 states* interleaves just two, which both \
         stay in L1, so what it loses is the CPU's predictors' per-game history, not memory; *row zero-fill* is zeroing \
         one observation row of a {VEC_ENV_N}-row buffer, and its share is the observation share a step would have if \
         encoding cost nothing else. *with a step bound* steps the env without observations and `max_steps = \
         max_game_length` (which random games reach rarely if ever, so the same work), against the same env without a bound."
    );
    println!();
    println!("| game | VecEnv steps/s without obs | with obs | without obs ÷ random playout | obs share of a step | interleaved playout ÷ random playout | over 2 states ÷ random playout | without obs ÷ interleaved playout | row zero-fill ns | zero-fill share of a step | with a step bound ÷ without |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        let v = &r.vec_env;
        let step_ns = 1e9 / v.without_obs;
        println!(
            "| {} | {} | {} | {:.0}% | {:.0}% | {:.0}% | {:.0}% | {:.0}% | {:.1} | {:.0}% | {:.0}% |",
            r.game,
            fmt_rate(v.without_obs),
            fmt_rate(v.with_obs),
            100.0 * v.vs_playout,
            100.0 * v.obs_share,
            100.0 * v.interleaved_vs_playout,
            100.0 * v.two_vs_playout,
            100.0 * v.vs_interleaved,
            v.obs_fill_ns,
            100.0 * v.obs_fill_ns / (step_ns + v.obs_fill_ns),
            100.0 * v.bounded_vs_unbounded,
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
            "| {} | {} | {} | {:.2}x | {} | {} | {:.2}x | {:.1} | {} | {} |",
            r.game,
            fmt_rate(m.random_1t),
            fmt_rate(m.random_all),
            m.random_all / m.random_1t,
            fmt_rate(m.heuristic_1t),
            fmt_rate(m.heuristic_all),
            m.heuristic_all / m.heuristic_1t,
            m.playout_len_1t,
            fmt_rate(m.steps_1t),
            fmt_rate(m.steps_all),
        );
    }
    println!();
    println!("| game | target | measured | verdict |");
    println!("|---|---|---:|---|");
    for r in rows {
        let t = targets(&r.game);
        let line = |target: String, measured: String, ok: bool| {
            println!("| {} | {target} | {measured} | {} |", r.game, verdict(ok));
        };
        line(
            format!(">= {} steps/s on one core", fmt_rate(t.steps_per_sec)),
            fmt_rate(r.steps_per_sec),
            r.steps_per_sec >= t.steps_per_sec,
        );
        if let Some((bytes, clone_ns, search_steps)) = t.state {
            line(format!("state <= {bytes} bytes"), r.state_bytes.to_string(), r.state_bytes <= bytes);
            line(format!("clone <= {clone_ns:.0} ns"), format!("{:.1}", r.clone_ns), r.clone_ns <= clone_ns);
            line(
                format!(">= {} rollout steps/s inside MCTS on one core", fmt_rate(search_steps)),
                fmt_rate(r.mcts.steps_1t),
                r.mcts.steps_1t >= search_steps,
            );
        }
        line(
            format!(
                "VecEnv (N = {VEC_ENV_N}, 1 thread) without obs >= {:.0}% of the interleaved playout",
                100.0 * TARGET_VEC_ENV_RATIO
            ),
            format!("{:.0}%", 100.0 * r.vec_env.vs_interleaved),
            r.vec_env.vs_interleaved >= TARGET_VEC_ENV_RATIO,
        );
        line(
            format!("VecEnv observation <= {:.0}% of a step", 100.0 * TARGET_OBS_SHARE),
            format!("{:.0}%", 100.0 * r.vec_env.obs_share),
            r.vec_env.obs_share <= TARGET_OBS_SHARE,
        );
        let m = &r.mcts;
        if m.threads == 2 {
            for (label, one, all) in
                [("random rollout", m.random_1t, m.random_all), ("Heuristic", m.heuristic_1t, m.heuristic_all)]
            {
                line(
                    format!("MCTS ({label}) scaling >= {TARGET_MCTS_SCALING:.1}x on 2 cores"),
                    format!("{:.2}x", all / one),
                    all / one >= TARGET_MCTS_SCALING,
                );
            }
        }
    }
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
                    "\"threads\": {}, \"clone_ns\": {:.3}, \"state_bytes\": {}, \"legal_actions_ns\": {:.3}, ",
                    "\"apply_ns\": {:.3}, \"vec_env_n\": {}, \"vec_env_without_obs_steps_per_sec\": {:.3}, ",
                    "\"vec_env_with_obs_steps_per_sec\": {:.3}, \"interleaved_steps_per_sec\": {:.3}, \"obs_fill_ns\": {:.3}, ",
                    "\"vec_env_vs_playout\": {:.4}, \"vec_env_obs_share\": {:.4}, \"interleaved_vs_playout\": {:.4}, \"interleaved_2_vs_playout\": {:.4}, \"mcts\": {{\"iterations_per_search\": {}, \"positions\": {}, \"threads\": {}, ",
                    "\"random_1t_iterations_per_sec\": {:.3}, \"random_all_iterations_per_sec\": {:.3}, ",
                    "\"heuristic_1t_iterations_per_sec\": {:.3}, \"heuristic_all_iterations_per_sec\": {:.3}, ",
                    "\"playout_steps_per_iteration_1t\": {:.3}, \"playout_steps_per_iteration_all\": {:.3}, ",
                    "\"search_rollout_steps_per_sec_1t\": {:.3}, \"search_rollout_steps_per_sec_all\": {:.3}}}}}"
                ),
                r.game,
                r.steps_per_sec,
                r.games_per_sec,
                r.avg_len,
                r.batch1_games_per_sec,
                r.batch1_steps_per_sec,
                r.batch_all_games_per_sec,
                r.batch_all_steps_per_sec,
                r.threads,
                r.clone_ns,
                r.state_bytes,
                r.legal_ns,
                r.apply_ns,
                VEC_ENV_N,
                r.vec_env.without_obs,
                r.vec_env.with_obs,
                r.vec_env.interleaved,
                r.vec_env.obs_fill_ns,
                r.vec_env.vs_playout,
                r.vec_env.obs_share,
                r.vec_env.interleaved_vs_playout,
                r.vec_env.two_vs_playout,
                MCTS_ITERATIONS,
                MCTS_POSITIONS,
                r.mcts.threads,
                r.mcts.random_1t,
                r.mcts.random_all,
                r.mcts.heuristic_1t,
                r.mcts.heuristic_all,
                r.mcts.playout_len_1t,
                r.mcts.playout_len_all,
                r.mcts.steps_1t,
                r.mcts.steps_all,
            )
        })
        .collect();
    format!(
        "{{\"seconds_per_figure\": {seconds}, \"foreign_cores\": {}, \"games\": [\n  {}\n]}}\n",
        foreign.map_or("null".into(), |f| format!("{f:.3}")),
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
    kumite::for_each_game!(G => {
        eprintln!("measuring {} ...", G::NAME);
        let game = G::from_options(&Default::default()).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
        rows.push(measure_typed(&game, args.seconds));
    });
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
