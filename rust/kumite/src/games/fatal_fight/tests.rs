//! Scenario tests: each sets up a position, acts, and checks the exact outcome. The clause ids
//! (FF-…, FFX-…) are those of `docs/rules/fatal_fight.md`.

use crate::core::conformance::{check_random_games, Conformance};
use crate::games::fatal_fight::{FatalFight, FatalFightOptions};

fn game(players: u8) -> FatalFight {
    FatalFight::new(FatalFightOptions { players, ..Default::default() }).unwrap()
}

#[test]
fn conformance_smoke() {
    check_random_games(&game(2), Conformance { games: 200, seed: 0, deep_games: 20 }).unwrap();
}
