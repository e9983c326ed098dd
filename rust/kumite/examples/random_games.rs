//! Plays uniformly random games of one game (default options) for seeds 0..100 and prints the
//! number of actions: the fixed workload whose instruction count `bench/README.md` compares
//! between commits (`valgrind --tool=cachegrind --cache-sim=no`, independent of the machine's
//! load).
//!
//! `cargo build --release -p kumite --example random_games`, then
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/random_games tekken`.

use kumite::core::{ActionList, Game, NoEvents, Rng, State};
use kumite::games::{fatal_fight::FatalFight, senjutsu::Senjutsu, tekken::Tekken, ufs::Ufs};

fn play<G: Game>(game: &G) -> u64 {
    let mut actions = 0;
    let mut legal = ActionList::new();
    for seed in 0..100u64 {
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

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "tekken".into());
    let defaults = serde_json::Map::new();
    let actions = match which.as_str() {
        "tekken" => Tekken::from_options(&defaults).map(|g| play(&g)),
        "fatal_fight" => FatalFight::from_options(&defaults).map(|g| play(&g)),
        "senjutsu" => Senjutsu::from_options(&defaults).map(|g| play(&g)),
        "ufs" => Ufs::from_options(&defaults).map(|g| play(&g)),
        other => {
            eprintln!("unknown game {other:?}: tekken, fatal_fight, senjutsu or ufs");
            std::process::exit(2);
        }
    };
    match actions {
        Ok(n) => println!("{which} {n}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
