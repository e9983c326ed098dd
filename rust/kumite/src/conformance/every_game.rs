//! The checks on every game, on the option sets each game names in its metadata
//! (`Game::INFO.conformance`): secrets at every secret decision of random games, the bounded
//! seat-fairness check of each game's seatings, the observation layout and the information
//! contract.

use super::check_secrets;
use super::knowledge::{check_knowledge, Knowledge};
use super::seats::{check_seats, BOUNDED_GAMES};
use crate::core::{Game, KnowledgeRun, Options};
use crate::games::fatal_fight::FatalFight;
use crate::games::senjutsu::Senjutsu;
use crate::games::tekken::Tekken;
use crate::games::ufs::Ufs;

/// The game built from one of its metadata's option sets.
fn build<G: Game>(options: Options) -> G {
    G::from_options(&options.parse()).unwrap_or_else(|e| panic!("{} {}: {e}", G::NAME, options.0))
}

/// The secret decisions met in `games` deep random games.
fn secrets<G: Game>(game: &G, games: usize) -> u64 {
    let start = std::time::Instant::now();
    let secrets = check_secrets(game, games, 11).unwrap_or_else(|e| panic!("{}: {e}", G::NAME)).secrets;
    eprintln!("{}: {secrets:?} ({:.1} s)", G::NAME, start.elapsed().as_secs_f64());
    secrets.decisions
}

/// Each secrets run of `G`'s metadata meets the secret decisions it says.
pub(crate) fn keeps_its_secrets<G: Game>() {
    for run in G::INFO.conformance.secrets {
        let met = secrets(&build::<G>(run.options), run.games);
        match run.more_than {
            Some(n) => assert!(met > n, "{} {}: {met} secret decisions, not more than {n}", G::NAME, run.options.0),
            None => assert_eq!(met, 0, "{} {}: a game without secrets met some", G::NAME, run.options.0),
        }
    }
}

#[test]
fn every_game_keeps_its_secrets() {
    crate::for_each_game!(G => keeps_its_secrets::<G>());
}

/// The bounded seat-fairness check of `G`'s default seatings, or none for a game that says it
/// has none (a cooperative game).
pub(crate) fn fair<G: Game>() {
    let game = build::<G>(Options("{}"));
    let Some(seed) = G::INFO.conformance.seats_seed else {
        assert!(game.seatings().is_empty(), "{} has seatings but no seat check", G::NAME);
        return;
    };
    let start = std::time::Instant::now();
    let rows = check_seats(&game, BOUNDED_GAMES, seed).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
    eprintln!("{} ({:.1} s): {rows:#?}", G::NAME, start.elapsed().as_secs_f64());
}

#[test]
fn tekken_seats_are_fair() {
    fair::<Tekken>();
}

#[test]
fn senjutsu_seats_are_fair() {
    fair::<Senjutsu>();
}

#[test]
fn ufs_seats_are_fair() {
    fair::<Ufs>();
}

#[test]
fn fatal_fight_is_cooperative_and_has_no_seating() {
    fair::<FatalFight>();
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
    crate::for_each_game!(G => for &options in G::INFO.conformance.layouts {
        covers_the_observation(&build::<G>(options));
    });
}

/// The information contract ([`super::knowledge`]) on each option set of `G`'s metadata, timed;
/// every failing option set is reported.
pub(crate) fn knows<G: Game>() {
    let mut failures = Vec::new();
    for run in G::INFO.conformance.knowledge {
        let game = build::<G>(run.options);
        let start = std::time::Instant::now();
        let result = check_knowledge(&game, budget(run));
        eprintln!("{} {}: {result:?} ({:.1} s)", G::NAME, game.options_json(), start.elapsed().as_secs_f64());
        failures.extend(result.err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn budget(run: &KnowledgeRun) -> Knowledge {
    let d = Knowledge::default();
    Knowledge {
        seed: run.seed,
        random_games: run.random_games.unwrap_or(d.random_games),
        mcts_games: run.mcts_games.unwrap_or(d.mcts_games),
        stride: run.stride.unwrap_or(d.stride),
        ..d
    }
}

#[test]
fn tekken_tells_each_seat_what_the_table_shows() {
    knows::<Tekken>();
}

#[test]
fn senjutsu_tells_each_seat_what_the_table_shows() {
    knows::<Senjutsu>();
}

#[test]
fn fatal_fight_tells_each_seat_what_the_table_shows() {
    knows::<FatalFight>();
}

#[test]
fn ufs_tells_each_seat_what_the_table_shows() {
    knows::<Ufs>();
}

/// What a game says about itself holds of the game: its name, its utility and seats at the
/// default options, default bots that parse, balance tables over content kinds it lists, and
/// option sets that load.
pub(crate) fn says_what_it_is<G: Game>() {
    use crate::core::BalanceTable::*;
    let info = G::INFO;
    let game = build::<G>(Options("{}"));
    assert_eq!(game.utility(), info.utility, "{}", G::NAME);
    assert!((info.min_players..=info.max_players).contains(&game.num_players()), "{}", G::NAME);
    assert!(!info.default_bots.is_empty(), "{}", G::NAME);
    for spec in info.default_bots {
        crate::search::BotSpec::parse(spec).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
    }
    let listing = game.content_listing();
    for table in info.balance.tables {
        let kind = match *table {
            Matrix { content, fixed, .. } => {
                fixed.parse();
                content
            }
            Party { content, fixed, .. } => {
                fixed.parse();
                content
            }
            Seats { content, .. } | Pairs { content, .. } => content,
        };
        assert!(listing.get(kind).is_some_and(|v| v.is_array()), "{}: no content kind {kind:?}", G::NAME);
    }
    assert_eq!(info.balance.cooperative, info.balance.campaign.is_some(), "{}", G::NAME);
    let c = info.conformance;
    for options in c
        .secrets
        .iter()
        .map(|r| r.options)
        .chain(c.layouts.iter().copied())
        .chain(c.knowledge.iter().map(|r| r.options))
    {
        build::<G>(options);
    }
}

#[test]
fn every_game_says_what_it_is() {
    crate::for_each_game!(G => says_what_it_is::<G>());
}
