//! What a seat's information costs: `determinize`, `observation` and `information_state_string`
//! per call (every seat of 200 mid-game positions of each game, default options), and a clone
//! for scale; medians of five 0.4-second rounds. Run with
//! `cargo run --release -p kumite --example info_cost` (bench/README.md, "Changes to hot paths").
use std::hint::black_box;
use std::time::Instant;

use kumite::core::{derive_seed, ActionList, Game, NoEvents, Rng, State};
use kumite::games::fatal_fight::FatalFight;
use kumite::games::senjutsu::Senjutsu;
use kumite::games::tekken::Tekken;
use kumite::games::ufs::Ufs;

fn positions<G: Game>(game: &G, n: usize) -> Vec<G::State> {
    let mut out = Vec::new();
    let mut legal = ActionList::new();
    let mut i = 0u64;
    while out.len() < n {
        let mut s = game.new_state(derive_seed(7, i));
        let mut rng = Rng::new(derive_seed(8, i));
        let depth = 5 + rng.below(60);
        for _ in 0..depth {
            if s.is_terminal() {
                break;
            }
            s.legal_actions(game, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply_unchecked(game, a, &mut NoEvents);
        }
        if !s.is_terminal() {
            out.push(s);
        }
        i += 1;
    }
    out
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn time<F: FnMut() -> usize>(mut f: F) -> f64 {
    let mut rounds = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let mut calls = 0;
        while t.elapsed().as_secs_f64() < 0.4 {
            calls += f();
        }
        rounds.push(t.elapsed().as_secs_f64() * 1e9 / calls as f64);
    }
    median(rounds)
}

fn report<G: Game>(game: &G) {
    let states = positions(game, 200);
    let np = game.num_players();
    let mut obs = vec![0.0f32; game.observation_len()];
    let mut k = 0u64;
    let det = time(|| {
        for s in &states {
            k += 1;
            for p in 0..np {
                black_box(s.determinize(game, p, k));
            }
        }
        states.len() * np
    });
    let ob = time(|| {
        for s in &states {
            for p in 0..np {
                s.observation(game, p, &mut obs);
                black_box(&obs);
            }
        }
        states.len() * np
    });
    let st = time(|| {
        for s in &states {
            for p in 0..np {
                black_box(s.information_state_string(game, p));
            }
        }
        states.len() * np
    });
    let cl = time(|| {
        for s in &states {
            black_box(s.clone());
        }
        states.len()
    });
    println!(
        "{:12} obs_len {:5}  determinize {:8.0} ns  observation {:7.0} ns  info string {:8.0} ns  clone {:6.0} ns",
        G::NAME,
        game.observation_len(),
        det,
        ob,
        st,
        cl
    );
}

fn main() {
    let m = serde_json::Map::new();
    report(&Tekken::from_options(&m).unwrap());
    report(&Senjutsu::from_options(&m).unwrap());
    report(&FatalFight::from_options(&m).unwrap());
    report(&Ufs::from_options(&m).unwrap());
}
