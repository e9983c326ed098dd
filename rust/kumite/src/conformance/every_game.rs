//! Both checks on every game with its default content: secrets at every secret decision of
//! random games, and the bounded seat-fairness check of each game's seatings.

use super::check_secrets;
use super::knowledge::{check_knowledge, Knowledge};
use super::seats::{check_seats, BOUNDED_GAMES};
use crate::core::Game;
use crate::games::fatal_fight::{FatalFight, FatalFightOptions};
use crate::games::senjutsu::{Senjutsu, SenjutsuOptions};
use crate::games::tekken::{Tekken, TekkenOptions};
use crate::games::ufs::{Ufs, UfsOptions};

/// The secret decisions met in `games` deep random games.
fn secrets<G: Game>(game: &G, games: usize) -> u64 {
    let start = std::time::Instant::now();
    let secrets = check_secrets(game, games, 11).unwrap_or_else(|e| panic!("{}: {e}", G::NAME)).secrets;
    eprintln!("{}: {secrets:?} ({:.1} s)", G::NAME, start.elapsed().as_secs_f64());
    secrets.decisions
}

#[test]
fn every_game_keeps_its_secrets() {
    // Tekken: face-down cards, stance changes, rage choices; Senjutsu: selections and
    // over-the-limit discards; Fatal Fight: face-down payments; UFS has no hidden choice.
    assert!(secrets(&Tekken::new(TekkenOptions::default()).unwrap(), 15) > 100);
    assert!(secrets(&Tekken::new(TekkenOptions { hand_size: 5, ..Default::default() }).unwrap(), 6) > 50);
    assert!(secrets(&Senjutsu::new(SenjutsuOptions::default()).unwrap(), 10) > 100);
    for (players, teams) in [(3, None), (4, Some(vec![0, 1, 0, 1]))] {
        let g = Senjutsu::new(SenjutsuOptions { players, teams, ..Default::default() }).unwrap();
        assert!(secrets(&g, 3) > 50);
    }
    assert!(secrets(&FatalFight::new(FatalFightOptions::default()).unwrap(), 10) > 0);
    assert_eq!(secrets(&Ufs::new(UfsOptions::default()).unwrap(), 5), 0);
}

fn fair<G: Game>(game: &G, seed: u64) {
    let start = std::time::Instant::now();
    let rows = check_seats(game, BOUNDED_GAMES, seed).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
    eprintln!("{} ({:.1} s): {rows:#?}", G::NAME, start.elapsed().as_secs_f64());
}

#[test]
fn tekken_seats_are_fair() {
    fair(&Tekken::new(TekkenOptions::default()).unwrap(), 1);
}

#[test]
fn senjutsu_seats_are_fair() {
    fair(&Senjutsu::new(SenjutsuOptions::default()).unwrap(), 2);
}

#[test]
fn ufs_seats_are_fair() {
    fair(&Ufs::new(UfsOptions::default()).unwrap(), 3);
}

#[test]
fn fatal_fight_is_cooperative_and_has_no_seating() {
    assert!(FatalFight::new(FatalFightOptions::default()).unwrap().seatings().is_empty());
}

/// The layout the documentation prints covers the observation exactly: named blocks, in order,
/// from 0 to its length, none empty.
fn covers_the_observation<G: Game>(game: &G) {
    let layout = game.observation_layout();
    assert!(!layout.is_empty(), "{}: no sections", G::NAME);
    let mut at = 0;
    for s in &layout {
        assert_eq!(s.start, at, "{}: {:?} does not start where the last ended", G::NAME, s.name);
        assert!(s.size > 0 && !s.name.is_empty(), "{}: empty section {s:?}", G::NAME);
        at += s.size;
    }
    assert_eq!(at, game.observation_len(), "{}: the sections do not reach the end", G::NAME);
}

#[test]
fn every_observation_layout_covers_the_vector() {
    covers_the_observation(&Tekken::new(TekkenOptions::default()).unwrap());
    covers_the_observation(&Ufs::new(UfsOptions::default()).unwrap());
    for players in 1..=4 {
        covers_the_observation(&FatalFight::new(FatalFightOptions { players, ..Default::default() }).unwrap());
    }
    for players in 2..=4 {
        covers_the_observation(&Senjutsu::new(SenjutsuOptions { players, ..Default::default() }).unwrap());
    }
}

/// The information contract ([`super::knowledge`]) on each game, timed; every failing option
/// set is reported.
fn knows<G: Game>(games: &[(G, Knowledge)]) {
    let mut failures = Vec::new();
    for (game, k) in games {
        let start = std::time::Instant::now();
        let result = check_knowledge(game, *k);
        eprintln!("{} {}: {result:?} ({:.1} s)", G::NAME, game.options_json(), start.elapsed().as_secs_f64());
        failures.extend(result.err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn tekken_tells_each_seat_what_the_table_shows() {
    knows(&[
        (Tekken::new(TekkenOptions::default()).unwrap(), Knowledge::default()),
        (
            Tekken::new(TekkenOptions { hand_size: 5, ..Default::default() }).unwrap(),
            Knowledge { seed: 1, ..Knowledge::default() },
        ),
    ]);
}

#[test]
fn senjutsu_tells_each_seat_what_the_table_shows() {
    let games: Vec<_> = [(2, None), (3, None), (4, Some(vec![0, 1, 0, 1]))]
        .into_iter()
        .map(|(players, teams)| {
            let g = Senjutsu::new(SenjutsuOptions { players, teams, ..Default::default() }).unwrap();
            let fewer = if players > 2 {
                Knowledge { random_games: 3, mcts_games: 0, stride: 5, ..Knowledge::default() }
            } else {
                Knowledge::default()
            };
            (g, Knowledge { seed: players as u64, ..fewer })
        })
        .collect();
    knows(&games);
}

#[test]
fn fatal_fight_tells_each_seat_what_the_table_shows() {
    let games: Vec<_> = (1..=4)
        .map(|players| {
            let g = FatalFight::new(FatalFightOptions { players, ..Default::default() }).unwrap();
            let mcts_games = usize::from(players <= 2);
            (g, Knowledge { seed: players as u64, random_games: 3, mcts_games, stride: 5, ..Knowledge::default() })
        })
        .collect();
    knows(&games);
}

#[test]
fn ufs_tells_each_seat_what_the_table_shows() {
    knows(&[(
        Ufs::new(UfsOptions::default()).unwrap(),
        Knowledge { random_games: 3, mcts_games: 0, ..Knowledge::default() },
    )]);
}
