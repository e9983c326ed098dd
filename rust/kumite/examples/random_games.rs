//! Plays uniformly random games of one game (default options) for seeds 0..100 and prints the
//! number of actions: the fixed workload whose instruction count `bench/README.md` compares
//! between commits (`valgrind --tool=cachegrind --cache-sim=no`, independent of the machine's
//! load). With `mcts` it instead searches 1,000 iterations (information-set MCTS, random
//! playouts, one thread) from the position 40 random actions into each of seeds 0..5: the
//! workload of a search, which copies the state at every iteration. A third argument sets the
//! number of seeds (`make icount` runs 0 and the default and takes the difference, so the
//! start-up cancels). It also prints the size of the game's state.
//!
//! `cargo build --release -p kumite --example random_games`, then
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/random_games tekken [play|mcts] [seeds]`.

use kumite::core::{ActionList, Game, NoEvents, Rng, State};
use kumite::search::{Mcts, MctsConfig, RandomRollout};

fn play<G: Game>(game: &G, seeds: u64) -> u64 {
    let mut actions = 0;
    let mut legal = ActionList::new();
    for seed in 0..seeds {
        let mut s = game.new_state(seed);
        let mut rng = Rng::new(seed ^ 0x9e37);
        for _ in 0..game.max_game_length() {
            s.legal_actions(game, &mut legal);
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply_unchecked(game, a, &mut NoEvents);
            actions += 1;
        }
    }
    actions
}

/// The iterations searched (1,000 from each position, five by default).
fn search<G: Game>(game: &G, seeds: u64) -> u64 {
    let mut iterations = 0;
    let mut legal = ActionList::new();
    for seed in 0..seeds {
        let mut s = game.new_state(seed);
        let mut rng = Rng::new(seed ^ 0x9e37);
        let mut history = Vec::new();
        for _ in 0..40 {
            s.legal_actions(game, &mut legal);
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply_unchecked(game, a, &mut NoEvents);
            history.push(a);
        }
        if s.current_player().is_some() {
            let mut mcts =
                Mcts::new(MctsConfig { iterations: 1000, threads: 1, seed, ..MctsConfig::default() }, RandomRollout);
            iterations += mcts.search(game, &s, &history).iterations;
        }
    }
    iterations
}

/// The workload's count, and the size of the game's state (what a search copies).
fn run<G: Game>(game: &G, mcts: bool, seeds: Option<u64>) -> (u64, usize) {
    let count = if mcts { search(game, seeds.unwrap_or(5)) } else { play(game, seeds.unwrap_or(100)) };
    (count, std::mem::size_of::<G::State>())
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "tekken".into());
    let mcts = std::env::args().nth(2).as_deref() == Some("mcts");
    let seeds =
        std::env::args().nth(3).map(|s| s.parse::<u64>().unwrap_or_else(|_| panic!("seeds: a number, not {s:?}")));
    let defaults = serde_json::Map::new();
    let mut actions = None;
    kumite::for_each_game!(G => if which == G::NAME {
        actions = Some(G::from_options(&defaults).map(|g| run(&g, mcts, seeds)));
    });
    let Some(actions) = actions else {
        eprintln!("unknown game {which:?}: one of {}", kumite::erased::NAMES.join(", "));
        std::process::exit(2);
    };
    match actions {
        Ok((n, bytes)) => println!("{which} {n} (state {bytes} bytes)"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
