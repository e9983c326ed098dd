//! Scenario tests: each sets up a position, acts, and checks the exact outcome. The clause ids
//! (UF-…, UFX-…) are those of `docs/rules/ufs.md`.

use crate::cards::CardId;
use crate::core::conformance::{check_random_games, Conformance};
use crate::core::{ActionList, Game, GameError, NoEvents, State};
use crate::games::ufs::actions::UfsAction as A;
use crate::games::ufs::state::{Phase, Slot, UfsState};
use crate::games::ufs::{DeckChoice, Ufs, UfsOptions};

fn game() -> Ufs {
    Ufs::new(UfsOptions { first_player: Some(0), ..Default::default() }).unwrap()
}

#[test]
fn conformance_suite_default_options() {
    let g = Ufs::new(UfsOptions::default()).unwrap();
    check_random_games(&g, Conformance::default()).unwrap();
}

/// `cargo test --release -p kumite ufs_random_stats -- --ignored --nocapture`
#[test]
#[ignore]
fn ufs_random_stats() {
    use crate::core::{derive_seed, Rng};
    let g = Ufs::new(UfsOptions::default()).unwrap();
    let (mut steps, mut turns, mut wins, mut draws, mut lib) = (0usize, 0usize, [0usize; 2], 0usize, 0usize);
    let mut legal = ActionList::new();
    let n = 5000;
    let t0 = std::time::Instant::now();
    for i in 0..n {
        let mut s = g.new_state(i);
        let mut rng = Rng::new(derive_seed(i, 1));
        while s.current_player().is_some() {
            s.legal_actions(&g, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply_unchecked(&g, a, &mut NoEvents);
            steps += 1;
        }
        turns += usize::from(s.turn);
        match s.result {
            Some([1, _]) => wins[0] += 1,
            Some([_, 1]) => wins[1] += 1,
            _ => draws += 1,
        }
        if s.sides.iter().all(|x| x.vitality > 0) {
            lib += 1;
        }
    }
    let rate = steps as f64 / t0.elapsed().as_secs_f64();
    println!("{:.2} M steps/s, state {} bytes", rate / 1e6, std::mem::size_of::<UfsState>());
    println!("{:.1} steps/game, {:.1} turns/game, wins {wins:?}, draws {draws}, ended without a KO {lib}; max {}", steps as f64 / n as f64, turns as f64 / n as f64, g.max_game_length());
}
