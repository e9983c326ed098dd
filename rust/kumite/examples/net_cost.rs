//! What the shipped networks cost on one thread: self-play simulations per second (4 games of at
//! most 400 actions, 32 simulations a move, the median of three runs), the share of non-zero
//! inputs in the observations those games recorded, and the forward pass per leaf over those
//! observations in batches of 1, 8 and 16 (the median of five 0.3-second rounds). Run with
//! `cargo run --release -p kumite --example net_cost [DENSITY ...]` (bench/README.md, "The
//! network's forward pass": each density adds a line timing inputs of that share of non-zeros).
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use kumite::core::Game;
use kumite::games::fatal_fight::FatalFight;
use kumite::games::senjutsu::Senjutsu;
use kumite::games::tekken::Tekken;
use kumite::games::ufs::Ufs;
use kumite::search::net::{LayerPath, Net, NetPaths, Simd};
use kumite::search::selfplay::{selfplay, SelfplayConfig};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn report<G: Game>(game: &G) {
    let path = format!("{}/../../python/kumite/nets/{}.safetensors", env!("CARGO_MANIFEST_DIR"), G::NAME);
    let net = Net::from_bytes(&std::fs::read(&path).expect("a shipped network")).expect("a valid network");
    net.verify_for(game).expect("the network of today's game");
    let cfg =
        SelfplayConfig { games: 4, simulations: 32, threads: Some(1), max_steps: Some(400), ..Default::default() };
    let shared: Arc<Net> = Arc::new(net.clone());
    let mut rates = Vec::new();
    let mut data = None;
    for _ in 0..3 {
        let t = Instant::now();
        let d = selfplay(game, Some(shared.clone()), &cfg);
        rates.push(d.simulations as f64 / t.elapsed().as_secs_f64());
        data = Some(d);
    }
    let data = data.expect("three runs");
    let (obs_len, actions, players) = (game.observation_len(), game.num_actions(), game.num_players());
    let nonzero = data.observations.iter().filter(|&&x| x != 0.0).count();
    let ones = data.observations.iter().filter(|&&x| x == 1.0).count();
    let rows = data.rows();
    print!(
        "{:12} obs_len {:5} rows {:5}: non-zero {:5.1} a row ({:.1} %, {:.0} % of them 1.0); self-play {:7.0} simulations/s",
        G::NAME,
        obs_len,
        rows,
        nonzero as f64 / rows as f64,
        100.0 * nonzero as f64 / data.observations.len() as f64,
        100.0 * ones as f64 / nonzero.max(1) as f64,
        median(rates)
    );
    println!();
    let rows_of =
        |n: usize, start: usize| (start * obs_len..(start + n) * obs_len, start * actions..(start + n) * actions);
    let paths = [("sparse", LayerPath::Sparse), ("dense", LayerPath::Dense), ("auto", LayerPath::Auto)];
    for (simd_name, simd) in [("avx2", Simd::avx2()), ("portable", Some(Simd::PORTABLE))] {
        let Some(simd) = simd else { continue };
        for (path_name, layers) in paths {
            let mut net = net.clone();
            net.set_paths(NetPaths { simd, layers });
            print!("  {simd_name:8} {path_name:6}");
            for n in [1usize, 8, 16] {
                let us = per_leaf(&net, n, rows, &|s| rows_of(n, s), &data.observations, &data.masks, actions, players);
                print!(" batch {n:2}: {us:6.2} µs a leaf;");
            }
            println!();
        }
    }
    // Inputs of the densities named on the command line (uniform in (0, 1] where non-zero): where
    // the sparse path stops paying, per batch size.
    let mut rng = kumite::core::Rng::new(1);
    for density in std::env::args().skip(1).filter_map(|a| a.parse::<f64>().ok()) {
        let obs: Vec<f32> =
            (0..16 * obs_len)
                .map(|_| {
                    if (rng.below(1000) as f64) < density * 1000.0 {
                        (rng.below(1000) + 1) as f32 / 1000.0
                    } else {
                        0.0
                    }
                })
                .collect();
        let masks = vec![true; 16 * actions];
        print!("  density {density:.2}:");
        for n in [1usize, 8, 16] {
            for (path_name, layers) in &paths[..2] {
                let mut net = net.clone();
                net.set_paths(NetPaths { layers: *layers, ..NetPaths::best() });
                let us = per_leaf(&net, n, 16, &|s| rows_of(n, s), &obs, &masks, actions, players);
                print!(" batch {n:2} {path_name} {us:6.2};");
            }
        }
        println!(" µs a leaf");
    }
}

/// The forward pass's time per leaf over `rows` rows taken `n` at a time (`range(start)` the
/// observation and mask ranges of the batch from row `start`).
#[allow(clippy::too_many_arguments)]
fn per_leaf(
    net: &Net,
    n: usize,
    rows: usize,
    range: &dyn Fn(usize) -> (std::ops::Range<usize>, std::ops::Range<usize>),
    observations: &[f32],
    masks: &[bool],
    actions: usize,
    players: usize,
) -> f64 {
    let (mut priors, mut values) = (vec![0.0f32; n * actions], vec![0.0f32; n * players]);
    let mut rounds = Vec::new();
    for _ in 0..5 {
        let (t, mut leaves, mut start) = (Instant::now(), 0usize, 0usize);
        while t.elapsed().as_secs_f64() < 0.3 {
            if start + n > rows {
                start = 0;
            }
            let (o, m) = range(start);
            net.forward(black_box(&observations[o]), &masks[m], n, &mut priors, &mut values);
            black_box((&priors, &values));
            leaves += n;
            start += n;
        }
        rounds.push(t.elapsed().as_secs_f64() * 1e6 / leaves as f64);
    }
    median(rounds)
}

fn main() {
    let m = serde_json::Map::new();
    report(&Tekken::from_options(&m).unwrap());
    report(&Senjutsu::from_options(&m).unwrap());
    report(&FatalFight::from_options(&m).unwrap());
    report(&Ufs::from_options(&m).unwrap());
}
