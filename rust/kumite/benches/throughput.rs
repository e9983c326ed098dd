//! Criterion benchmarks of the engine's hot paths, for every game this file names (Tekken today):
//! random playouts (steps/s on one thread), `rollout_batch` (games/s on one thread and on all
//! cores), `State::clone`, and `legal_actions` / `apply_unchecked` per call.
//!
//! `cargo bench -p kumite --bench throughput` finishes in about two minutes on two cores: samples
//! are few and short, because the figures are stable to a few percent and the point is to track
//! them, not to publish them to three digits (the `report` bench prints the table).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use kumite::core::{derive_seed, Action, ActionList, Game, NoEvents, Rng, State};
use kumite::games::tekken::Tekken;
use kumite::search::rollout::{random_game, random_playout, rollout_batch};

/// Games per measured iteration of the playout benches: long enough to amortise timer overhead.
const PLAYOUT_GAMES: u64 = 20;
/// Games per rollout_batch call: a few hundred per thread so rayon's split is not the cost.
const BATCH_GAMES: usize = 1_000;

/// States met in random games, each with the action the random player took there.
fn positions<G: Game>(game: &G, games: u64) -> Vec<(G::State, Action)> {
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

fn bench_game<G: Game>(c: &mut Criterion, game: &G) {
    let name = G::NAME;
    let mut returns = vec![0.0f32; game.num_players()];

    // Average game length, so playout benches can report steps (elements) per second.
    let probe: u64 = (0..200).map(|s| u64::from(random_game(game, s, game.max_game_length(), &mut returns).0)).sum();
    let avg_len = probe as f64 / 200.0;

    let mut group = c.benchmark_group(format!("{name}/playout"));
    group.throughput(Throughput::Elements((avg_len * PLAYOUT_GAMES as f64) as u64));
    let mut next = 0u64;
    group.bench_function("random_playout_1thread", |b| {
        b.iter(|| {
            let mut steps = 0u32;
            for _ in 0..PLAYOUT_GAMES {
                let mut state = game.new_state(next);
                let mut rng = Rng::new(derive_seed(next, u64::MAX));
                next += 1;
                steps += random_playout(game, &mut state, &mut rng);
            }
            black_box(steps)
        })
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{name}/rollout_batch"));
    group.throughput(Throughput::Elements(BATCH_GAMES as u64));
    group.bench_function("games_1thread", |b| {
        // A pool of one built once: `Some(1)` builds a pool per call, which is measured below.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            pool.install(|| black_box(rollout_batch(game, BATCH_GAMES, seed, None, None)))
        })
    });
    group.bench_function("games_1thread_some1", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            black_box(rollout_batch(game, BATCH_GAMES, seed, Some(1), None))
        })
    });
    group.bench_function(format!("games_all_{}threads", rayon::current_num_threads()), |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            black_box(rollout_batch(game, BATCH_GAMES, seed, None, None))
        })
    });
    group.finish();

    let sample = positions(game, 100);
    let mid = sample[sample.len() / 2].0.clone();
    let mut group = c.benchmark_group(format!("{name}/state"));
    group.bench_function("clone", |b| b.iter(|| black_box(black_box(&mid).clone())));

    // Per-call costs over every position of 100 random games (realistic branch mix).
    group.throughput(Throughput::Elements(sample.len() as u64));
    let mut legal = ActionList::new();
    group.bench_function("legal_actions_per_position", |b| {
        b.iter(|| {
            for (s, _) in &sample {
                black_box(s).legal_actions(game, &mut legal);
                black_box(&legal);
            }
        })
    });
    group.bench_function("clone_plus_apply_per_position", |b| {
        b.iter(|| {
            for (s, a) in &sample {
                let mut s = black_box(s).clone();
                s.apply_unchecked(game, black_box(*a), &mut NoEvents);
                black_box(&s);
            }
        })
    });
    group.bench_function("clone_plus_legal_plus_apply_per_position", |b| {
        b.iter_batched_ref(
            || sample.clone(),
            |owned| {
                for (s, a) in owned.iter_mut() {
                    s.legal_actions(game, &mut legal);
                    black_box(&legal);
                    s.apply_unchecked(game, black_box(*a), &mut NoEvents);
                }
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn throughput(c: &mut Criterion) {
    let tekken = Tekken::from_options(&Default::default()).expect("tekken loads with defaults");
    bench_game(c, &tekken);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = throughput
}
criterion_main!(benches);
