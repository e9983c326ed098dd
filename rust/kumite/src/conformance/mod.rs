//! The conformance suite every game passes (OpenSpiel's `basic_tests`, pgx's `api_test`):
//! random games checked after every action. Games call [`check_random_games`] from their tests;
//! the Python suite runs the same checks through the bindings.
//!
//! A game runs to [`Game::max_game_length`] actions at most. Past it, a game whose rules bound
//! its length ([`Game::length_bounded_by_rules`]) has a defect; any other game is cut there and
//! counted truncated, after every check (replay and determinism included) ran up to the cut.
//!
//! At every decision a game declares secret ([`State::secrecy`]) the first deep games also check
//! that the secret stays hidden (`secrets.rs`). `seats.rs` measures who wins.

pub mod dead_text;
#[cfg(test)]
pub(crate) mod every_game;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod knowledge;
pub mod scenario;
pub mod seats;
pub mod secrets;

use crate::core::{derive_seed, Action, ActionList, Game, NoEvents, Rng, State};

/// How much to check.
#[derive(Debug, Clone, Copy)]
pub struct Conformance {
    pub games: usize,
    pub seed: u64,
    /// Games `0..deep_games` also get the costly checks at every step: JSON round-trip,
    /// determinization, illegal actions, observations.
    pub deep_games: usize,
}

impl Default for Conformance {
    fn default() -> Self {
        Conformance { games: 10_000, seed: 0, deep_games: 300 }
    }
}

/// Whether the long runs are on: `make soak` sets `KUMITE_SOAK`, `make test` does not.
#[cfg(test)]
pub(crate) fn soak() -> bool {
    std::env::var_os("KUMITE_SOAK").is_some()
}

/// The size a test runs a conformance check at: `full` under `make soak`, a tenth of it (at
/// least one game, one of them deep) in `make test`, so the quick suite keeps a small instance
/// of every check and the soak the full-size runs.
#[cfg(test)]
pub(crate) fn soak_size(full: Conformance) -> Conformance {
    if soak() {
        return full;
    }
    Conformance { games: (full.games / 10).max(1), deep_games: (full.deep_games / 10).max(1), ..full }
}

fn fail(game_index: usize, step: usize, what: impl std::fmt::Display) -> String {
    format!("game {game_index}, step {step}: {what}")
}

/// What a conformance run checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    /// Actions played (and checked) over all games.
    pub actions: u64,
    /// Games cut at `max_game_length` (only for games whose rules may not end them there).
    pub truncated: usize,
    /// Secret decisions ([`State::secrecy`]) whose alternatives were all checked (deep games),
    /// and what their partial reveals showed.
    pub secrets: secrets::Tally,
}

/// Plays random games and checks the core contract after every action. Returns the total number
/// of actions played, or the first violation found.
pub fn check_random_games<G: Game>(game: &G, c: Conformance) -> Result<u64, String> {
    run(game, c).map(|checked| checked.actions)
}

/// Deep games that also check every secret decision (each plays every legal alternative).
pub const SECRET_GAMES: usize = 10;

/// [`check_random_games`], also counting the games cut at the run's bound; the first
/// [`SECRET_GAMES`] deep games check the secret decisions too.
pub fn run<G: Game>(game: &G, c: Conformance) -> Result<Checked, String> {
    check_with(game, c, c.deep_games.min(SECRET_GAMES))
}

/// The secret check alone, in `games` random games (all of them deep).
pub fn check_secrets<G: Game>(game: &G, games: usize, seed: u64) -> Result<Checked, String> {
    check_with(game, Conformance { games, seed, deep_games: games }, games)
}

fn check_with<G: Game>(game: &G, c: Conformance, secret_games: usize) -> Result<Checked, String> {
    let mut total = 0u64;
    let mut truncated = 0;
    let mut secrets = secrets::Tally::default();
    let bounded = game.length_bounded_by_rules();
    let players = game.num_players();
    let obs_len = game.observation_len();
    let mut legal = ActionList::new();
    let mut ret = vec![0.0f32; players];
    let (mut obs_a, mut obs_b) = (vec![0.0f32; obs_len], vec![0.0f32; obs_len]);
    for g in 0..c.games {
        let seed = derive_seed(c.seed, g as u64);
        let deep = g < c.deep_games;
        let mut rng = Rng::new(derive_seed(seed, 1));
        let mut state = game.new_state(seed);
        let mut history: Vec<Action> = Vec::new();
        // The mover's information state must determine its legal actions.
        let mut seen: std::collections::HashMap<String, ActionList> = std::collections::HashMap::new();
        let mut step = 0;
        loop {
            game.check_state(&state).map_err(|e| fail(g, step, format!("invariant broken: {e}")))?;
            state.legal_actions(game, &mut legal);
            let current = state.current_player();
            if current.is_none() != legal.is_empty() {
                return Err(fail(g, step, "terminal exactly when there is no legal action"));
            }
            if !legal.windows(2).all(|w| w[0] < w[1]) {
                return Err(fail(g, step, format!("legal actions not sorted and unique: {legal:?}")));
            }
            if legal.iter().any(|&a| usize::from(a) >= game.num_actions()) {
                return Err(fail(g, step, "legal action outside the action space"));
            }
            if current.is_some_and(|p| p >= players) {
                return Err(fail(g, step, "current player out of range"));
            }
            if deep {
                deep_checks(game, &state, &legal, seed, &mut obs_a, &mut obs_b).map_err(|e| fail(g, step, e))?;
                if g < secret_games {
                    secrets
                        .add(secrets::check_secret_decision(game, &state, &legal, seed).map_err(|e| fail(g, step, e))?);
                }
                if let Some(p) = current {
                    let info = state.information_state_string(game, p);
                    if seen.entry(info).or_insert_with(|| legal.clone()) != &legal {
                        return Err(fail(g, step, "one information state with two different sets of legal actions"));
                    }
                }
            }
            let Some(_) = current else { break };
            if step >= game.max_game_length() {
                if bounded {
                    return Err(fail(g, step, "game longer than max_game_length, which its rules are said to bound"));
                }
                truncated += 1;
                break;
            }
            let action = legal[rng.below(legal.len() as u32) as usize];
            state.apply_unchecked(game, action, &mut NoEvents);
            history.push(action);
            step += 1;
        }
        state.returns(game, &mut ret);
        if ret.iter().any(|r| !r.is_finite()) {
            return Err(fail(g, step, format!("returns not finite: {ret:?}")));
        }
        let (low, high) = game.return_bounds();
        if ret.iter().any(|&r| r < low || r > high) {
            return Err(fail(g, step, format!("returns {ret:?} outside return_bounds {low}..={high}")));
        }
        if !game.utility().holds(&ret) {
            return Err(fail(g, step, format!("returns {ret:?} are not {:?}", game.utility())));
        }
        let mut replay = game.new_state(seed);
        for &a in &history {
            replay.apply(game, a).map_err(|e| fail(g, step, format!("replay rejected: {e}")))?;
        }
        if replay != state {
            return Err(fail(g, step, "same seed and actions gave a different state"));
        }
        total += step as u64;
    }
    if secrets.unseen as f64 > secrets::UNSEEN_REVEALS * secrets.reveals as f64 {
        return Err(format!(
            "reveal missing: {} of {} pairs of secret picks that show different things looked alike to the players they are hidden from",
            secrets.unseen, secrets.reveals
        ));
    }
    Ok(Checked { actions: total, truncated, secrets })
}

fn deep_checks<G: Game>(
    game: &G,
    state: &G::State,
    legal: &ActionList,
    seed: u64,
    obs_a: &mut [f32],
    obs_b: &mut [f32],
) -> Result<(), String> {
    if state.clone() != *state {
        return Err("clone differs from the original".into());
    }
    let back = game.state_from_json(&state.to_json()).map_err(|e| format!("JSON round-trip rejected: {e}"))?;
    if back != *state {
        return Err("JSON round-trip changed the state".into());
    }
    // Every legal action reads differently, so actions can be given by their text.
    let mut texts: Vec<String> = legal.iter().map(|&a| state.action_to_string(game, a)).collect();
    texts.sort();
    if let Some(w) = texts.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("two legal actions read {:?}", w[0]));
    }
    // An illegal action is rejected and changes nothing.
    let illegal = (0..game.num_actions() as Action).find(|a| legal.binary_search(a).is_err());
    if let Some(a) = illegal {
        let mut copy = state.clone();
        if copy.apply(game, a).is_ok() || copy != *state {
            return Err(format!("illegal action {a} accepted or changed the state"));
        }
    }
    let out_of_range = game.num_actions() as Action;
    let mut copy = state.clone();
    if copy.apply(game, out_of_range).is_ok() || copy != *state {
        return Err("out-of-range action accepted".into());
    }
    for player in 0..game.num_players() {
        state.observation(game, player, obs_a);
        // Also rules out NaN and infinities (the bounds are finite).
        let (low, high) = game.observation_bounds();
        if let Some(i) = obs_a.iter().position(|x| !(low..=high).contains(x)) {
            return Err(format!(
                "observation of player {player}: index {i} is {}, outside the bounds {low}..={high}",
                obs_a[i]
            ));
        }
        let info = state.information_state_string(game, player);
        // Everything hidden from `player` resampled: what it observes must not change.
        let other = state.determinize(game, player, derive_seed(seed, 7 + player as u64));
        game.check_state(&other).map_err(|e| format!("determinized state invalid: {e}"))?;
        other.observation(game, player, obs_b);
        if obs_a != obs_b {
            let i = obs_a.iter().zip(obs_b.iter()).position(|(x, y)| x != y).unwrap_or(0);
            return Err(format!("player {player}'s observation changed with hidden information (index {i})"));
        }
        if other.information_state_string(game, player) != info {
            return Err(format!("player {player}'s information state changed with hidden information"));
        }
        if other.view(game, Some(player)) != state.view(game, Some(player)) {
            return Err(format!("player {player}'s view changed with hidden information"));
        }
        // No peeking: the same seed must give the same determinization from any state of the
        // information set, so search built on it cannot depend on hidden information.
        let again = other.determinize(game, player, derive_seed(seed, 7 + player as u64));
        let direct = state.determinize(game, player, derive_seed(seed, 7 + player as u64));
        if again != direct {
            return Err(format!("determinize for player {player} depends on information hidden from it"));
        }
        // The search's in-place form draws the same world over whatever its slot held.
        let mut into = game.new_state(seed ^ 1);
        state.determinize_into(game, player, derive_seed(seed, 7 + player as u64), &mut into);
        if into != direct {
            return Err(format!("determinize_into for player {player} differs from determinize"));
        }
        if other.current_player() != state.current_player() {
            return Err("determinization changed the player to move".into());
        }
        let mut other_legal = ActionList::new();
        if state.current_player() == Some(player) {
            other.legal_actions(game, &mut other_legal);
            if other_legal != *legal {
                return Err("determinization changed the mover's legal actions".into());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::fixtures::endless_count::Endless;
    use super::*;
    use crate::core::Utility;

    #[test]
    fn a_game_the_rules_do_not_end_is_cut_and_counted_truncated() {
        let game = Endless { bound: 40, ..Endless::default() };
        let c = Conformance { games: 30, seed: 2, deep_games: 5 };
        assert_eq!(run(&game, c), Ok(Checked { actions: 30 * 40, truncated: 30, secrets: Default::default() }));
        assert_eq!(check_random_games(&game, c), Ok(30 * 40));
    }

    /// Issue 51: "make every search path report a live state with no legal action as an error
    /// naming the game and position, never an index panic". Python and the C ABI report this
    /// message as their internal error.
    #[test]
    fn search_stops_at_a_live_state_with_no_legal_action_naming_game_and_position() {
        use crate::search::rollout::random_playout;
        use crate::search::{Mcts, MctsConfig, RandomRollout};
        use std::panic::{catch_unwind, AssertUnwindSafe};
        let says = |f: &mut dyn FnMut()| {
            let payload = catch_unwind(AssertUnwindSafe(f)).unwrap_err();
            payload.downcast_ref::<String>().cloned().unwrap_or_default()
        };
        let config = MctsConfig { iterations: 8, ..MctsConfig::default() };
        // At the root: the state searched has no legal action.
        let game = Endless { dead_end_at: Some(0), ..Endless::default() };
        let state = game.new_state(1);
        let at_root = says(&mut || {
            Mcts::new(config.clone(), RandomRollout).choose(&game, &state, &[]);
        });
        let position = serde_json::to_string(&state).unwrap();
        assert_eq!(
            at_root,
            format!(
                "endless: a live position offers its player to move (P0) no legal action; the position: {position}"
            )
        );
        // Inside a playout, and inside the search's tree and rollouts.
        let game = Endless { dead_end_at: Some(3), ..Endless::default() };
        let in_playout = says(&mut || {
            random_playout(&game, &mut game.new_state(1), &mut Rng::new(2));
        });
        let in_search = says(&mut || {
            Mcts::new(config.clone(), RandomRollout).choose(&game, &game.new_state(1), &[]);
        });
        for text in [in_playout, in_search] {
            assert!(text.starts_with("endless: a live position offers its player to move (P"), "{text}");
            assert!(text.contains("no legal action; the position: {\"count\":"), "{text}");
        }
    }

    #[test]
    fn a_game_longer_than_the_bound_its_rules_claim_fails() {
        let game = Endless { bound: 40, claims_bound: true, ..Endless::default() };
        let err = run(&game, Conformance { games: 3, seed: 0, deep_games: 1 }).unwrap_err();
        assert!(err.contains("game 0, step 40") && err.contains("longer than max_game_length"), "{err}");
    }

    #[test]
    fn a_secret_kept_passes_and_every_leak_fails() {
        use super::fixtures::hidden_stone::{Hide, Leak};
        let c = Conformance { games: 20, seed: 1, deep_games: 20 };
        let kept = run(&Hide::default(), c).unwrap();
        // The suite checks the secrets of its first SECRET_GAMES deep games; check_secrets of all.
        assert_eq!(kept.secrets, secrets::Tally { decisions: 10, reveals: 10, unseen: 0 });
        assert_eq!(check_secrets(&Hide::default(), 20, 1).unwrap().secrets.decisions, 20);
        for (leak, says) in [
            (
                Leak::Observation,
                "player 1's observation (index 0) tells P0's \"hide under cup 0\" from \"hide under cup 1\"",
            ),
            (Leak::Determinize, "player 1's determinization"),
        ] {
            let err = run(&Hide { leak }, c).unwrap_err();
            assert!(err.starts_with("game 0, step 0: ") && err.contains(says), "{leak:?}: {err}");
        }
        let err = run(&Hide { leak: Leak::ShowsLess }, c).unwrap_err();
        assert!(err.starts_with("reveal missing: 10 of 10 pairs"), "{err}");
    }

    #[test]
    fn returns_must_be_what_the_game_says_its_utility_is() {
        use super::fixtures::coin_toss::Coin;
        let c = Conformance { games: 20, seed: 1, deep_games: 0 };
        // One winner of two, two teams of two: zero-sum; one winner of three: general-sum.
        for (players, teams, utility) in
            [(2, false, Utility::ZeroSum), (4, true, Utility::ZeroSum), (3, false, Utility::GeneralSum)]
        {
            let game = Coin { players, teams, ..Coin::default() };
            assert_eq!(game.utility(), utility);
            run(&game, c).unwrap();
        }
        let err = run(&Coin { players: 3, claims: Some(Utility::ZeroSum), ..Coin::default() }, c).unwrap_err();
        assert!(err.contains("returns [") && err.contains("are not ZeroSum"), "{err}");
        let err = run(&Coin { players: 2, claims: Some(Utility::Identical), ..Coin::default() }, c).unwrap_err();
        assert!(err.contains("are not Identical"), "{err}");
        assert!(Utility::Identical.holds(&[1.5, 1.5, 1.5]) && !Utility::Identical.holds(&[1.0, -1.0]));
        assert!(Utility::ZeroSum.holds(&[1.0, -1.0, 0.0]) && !Utility::ZeroSum.holds(&[1.0, -1.0, -1.0]));
    }

    #[test]
    fn fair_seats_pass_and_a_seat_the_game_favours_fails_unless_a_rule_names_its_edge() {
        use super::fixtures::coin_toss::Coin;
        use super::seats::{check_seats, BOUNDED_GAMES};
        for players in [2, 4] {
            let fair = Coin { players, ..Coin::default() };
            let rows = check_seats(&fair, BOUNDED_GAMES, 3).unwrap();
            assert_eq!(rows.len(), if players == 4 { 2 } else { 1 });
            // Seat 0 wins 60 % of 2-player games, 55 % of 4-player ones.
            let favoured = Coin { players, favour: 0.2, ..Coin::default() };
            let err = check_seats(&favoured, BOUNDED_GAMES, 3).unwrap_err();
            assert!(err.starts_with("seat 0 wins") && err.contains("no rule names an edge"), "{err}");
            let share = if players == 2 { 0.6 } else { 0.4 };
            let declared = Coin { declared: Some(share), ..favoured.clone() };
            check_seats(&declared, BOUNDED_GAMES, 3).unwrap();
            // A declared figure the games do not bear out fails too.
            let wrong = Coin { declared: Some(share + 0.15), ..favoured };
            let err = check_seats(&wrong, BOUNDED_GAMES, 3).unwrap_err();
            assert!(err.contains("the edge of C-1: seat 0 is favoured measured"), "{err}");
        }
    }

    #[test]
    fn the_bounded_tolerance_and_the_wilson_interval() {
        use super::seats::{wilson, z_for, BOUNDED_TESTS, FALSE_ALARM, Z95};
        // The Mills-ratio bound overstates the tail a little: at 1.96 it gives 0.0595 > 0.05.
        let z = z_for(FALSE_ALARM, BOUNDED_TESTS);
        assert!((4.3..4.6).contains(&z), "{z}");
        assert!(z_for(0.05, 1) > Z95 && z_for(0.05, 1) < 2.1);
        // Wilson's interval for 60 of 100 at 95 %: [0.502, 0.691].
        let (lo, hi) = wilson(0.6, 100, Z95);
        assert!((lo - 0.502).abs() < 1e-3 && (hi - 0.691).abs() < 1e-3, "{lo} {hi}");
    }
}
