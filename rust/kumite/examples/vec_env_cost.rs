//! What writing observations costs a `VecEnv` (1,024 environments, one thread, default options,
//! actions from `sample_actions`), two ways:
//!
//! - `vec_env_cost [games…]`: steps/s with and without observations beside the one-state random
//!   playout loop, and the time to zero one row of a 1,024-row observation buffer (rows in
//!   turn); upper quartiles of 16 rounds of 0.1 s each, the four taken back to back. *with obs
//!   ÷ playout* is the ratio issue 55 sets at 0.3 or more.
//! - `vec_env_cost count GAME obs|plain STEPS`: just `STEPS` steps of the env, for cachegrind
//!   (`valgrind --tool=cachegrind --cache-sim=no`): the `obs` run's instructions less the
//!   `plain` run's, over the rows stepped, are an observation's instructions, whatever the load.
//!
//! `cargo run --release -p kumite --example vec_env_cost` (bench/README.md, "Changes to hot paths").
use std::hint::black_box;
use std::time::{Duration, Instant};

use kumite::core::{derive_seed, ActionList, Game, NoEvents, Rng, State};
use kumite::env::{Outputs, VecEnv};

const N: usize = 1024;
const ROUNDS: usize = 16;
const ROUND_SECONDS: f64 = 0.1;

/// Steps/s of the one-state random-playout loop (as the report's first column) for `seconds`.
fn playout<G: Game>(game: &G, seconds: f64) -> f64 {
    let (mut seed, mut steps) = (0u64, 0u64);
    let mut legal = ActionList::new();
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        let mut state = game.new_state(seed);
        let mut rng = Rng::new(derive_seed(seed, u64::MAX));
        seed += 1;
        while !state.is_terminal() {
            state.legal_actions(game, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            state.apply_unchecked(game, a, &mut NoEvents);
            steps += 1;
        }
        black_box(&state);
    }
    steps as f64 / start.elapsed().as_secs_f64()
}

/// `VecEnv` steps/s for `seconds`, timing `step` only (as the report does).
fn vec_env<G: Game>(game: &G, observations: bool, seconds: f64) -> f64 {
    let mut env = VecEnv::new(game, N, 0, Some(1));
    let mut out = Outputs::new(game, N, observations);
    env.reset(game, None, out.buffers());
    let mut actions = vec![0; N];
    let (mut steps, mut stepping) = (0u64, Duration::ZERO);
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        env.sample_actions(&mut actions);
        let t = Instant::now();
        env.step(game, &actions, out.buffers()).expect("sampled actions are legal");
        stepping += t.elapsed();
        steps += N as u64;
    }
    steps as f64 / stepping.as_secs_f64()
}

/// The upper quartile of `xs`: on a shared machine a rate is lowered by what else runs, never
/// raised, so the faster rounds are the ones to read.
fn upper_quartile(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() * 3 / 4]
}

/// Rows zeroed per second, rows of `len` floats of an `N`-row buffer in turn, for `seconds`: the
/// memory's share of writing observations at all.
fn zero_fill(len: usize, seconds: f64) -> f64 {
    let mut buffer = vec![1.0f32; N * len];
    let (mut rows, start) = (0u64, Instant::now());
    while start.elapsed().as_secs_f64() < seconds {
        for row in buffer.chunks_mut(len) {
            black_box(row).fill(0.0);
        }
        rows += N as u64;
    }
    rows as f64 / start.elapsed().as_secs_f64()
}

fn time<G: Game>(game: &G) {
    let len = game.observation_len();
    let rounds: Vec<[f64; 4]> = (0..ROUNDS)
        .map(|_| {
            [
                playout(game, ROUND_SECONDS),
                vec_env(game, false, ROUND_SECONDS),
                vec_env(game, true, ROUND_SECONDS),
                zero_fill(len, ROUND_SECONDS / 2.0),
            ]
        })
        .collect();
    let of = |f: fn(&[f64; 4]) -> f64| upper_quartile(rounds.iter().map(f).collect());
    println!(
        "| {} | {} | {:.2} M | {:.2} M | {:.2} M | {:.2} | {:.0} | {:.0} |",
        G::NAME,
        game.observation_len(),
        of(|r| r[0]) / 1e6,
        of(|r| r[1]) / 1e6,
        of(|r| r[2]) / 1e6,
        of(|r| r[2] / r[0]),
        1e9 / of(|r| r[2]) - 1e9 / of(|r| r[1]),
        1e9 / of(|r| r[3]),
    );
}

/// `steps` steps of the env; returns the rows stepped.
fn count<G: Game>(game: &G, observations: bool, steps: usize) -> usize {
    let mut env = VecEnv::new(game, N, 0, Some(1));
    let mut out = Outputs::new(game, N, observations);
    env.reset(game, None, out.buffers());
    let mut actions = vec![0; N];
    for _ in 0..steps {
        env.sample_actions(&mut actions);
        env.step(game, &actions, out.buffers()).expect("sampled actions are legal");
    }
    black_box(&out.observations);
    steps * N
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let defaults = serde_json::Map::new();
    if args.first().map(String::as_str) == Some("count") {
        let [_, which, mode, steps] = &args[..] else {
            eprintln!("usage: vec_env_cost count GAME obs|plain STEPS");
            std::process::exit(2);
        };
        let steps: usize = steps.parse().expect("STEPS: a number");
        kumite::for_each_game!(G => if which == G::NAME {
            let game = G::from_options(&defaults).expect("default options load");
            println!("{which} {}", count(&game, mode == "obs", steps));
        });
        return;
    }
    println!(
        "| game | obs floats | playout steps/s | VecEnv without obs | with obs | with obs ÷ playout | obs ns a row | row zero-fill ns |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    kumite::for_each_game!(G => if args.is_empty() || args.iter().any(|a| a == G::NAME) {
        time(&G::from_options(&defaults).expect("default options load"));
    });
}
