//! The toy game is picked up from its folder and its registry line alone: the registry loads it
//! by name and tells its metadata, the conformance suite's every-game checks run on it, and
//! self-play plays it. (`tests/test_toy_game.py` shows the same for the CLI, the balance lab and
//! the adapters.)

use serde_json::Map;

use crate::conformance::every_game::{fair, keeps_its_secrets, knows, says_what_it_is};
use crate::conformance::{check_random_games, Conformance};
use crate::core::{ActionList, Game, State};
use crate::erased;
use crate::games::toy::{Toy, ToyOptions};
use crate::search::SelfplayConfig;

#[test]
fn the_registry_loads_it_and_tells_what_it_is() {
    assert!(erased::NAMES.contains(&"toy"));
    let game = erased::load("toy", &Map::new()).unwrap();
    assert_eq!((game.name(), game.num_players()), ("toy", 2));
    let info = erased::info("toy").unwrap();
    assert_eq!((info.display_name, info.default_bots), ("Toy Stones", &["mcts:20"][..]));
    assert_eq!(game.info().name, "toy");
}

#[test]
fn the_conformance_suite_checks_it() {
    let game = Toy::new(ToyOptions::default()).unwrap();
    let actions = check_random_games(&game, Conformance { games: 2_000, seed: 0, deep_games: 50 }).unwrap();
    assert!(actions > 2_000 * 3, "{actions} actions");
    says_what_it_is::<Toy>();
    keeps_its_secrets::<Toy>();
    fair::<Toy>();
    knows::<Toy>();
}

#[test]
fn self_play_plays_it() {
    let game = erased::load("toy", &Map::new()).unwrap();
    let cfg = SelfplayConfig { games: 4, simulations: 16, seed: 1, threads: Some(1), ..SelfplayConfig::default() };
    let data = game.selfplay(None, &cfg);
    assert_eq!(data.game_returns.len(), 4 * 2);
    assert!(data.player.len() >= 4 * 3, "{} positions", data.player.len());
    // The toy game has no heuristic: its games report their returns in its place.
    assert_eq!(data.game_heuristic, data.game_returns);
}

#[test]
fn whoever_takes_the_last_stone_wins() {
    let game = Toy::new(ToyOptions { stones: 3, ..Default::default() }).unwrap();
    let mut s = game.new_state(0);
    State::apply(&mut s, &game, 1).unwrap(); // P0 ("short") takes 2
    let mut legal = ActionList::new();
    State::legal_actions(&s, &game, &mut legal);
    assert_eq!(legal.as_slice(), [0]);
    State::apply(&mut s, &game, 0).unwrap(); // P1 takes the last
    let mut r = [0.0; 2];
    State::returns(&s, &game, &mut r);
    assert_eq!(r, [-1.0, 1.0]);
}
