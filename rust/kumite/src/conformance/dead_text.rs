//! The dead-text check: over random and MCTS games, every printed effect of every card in play
//! ([`Game::printed_effects`]) takes effect at least sometimes. A printed effect that never does
//! is text the rules cannot make work (a close-range strike after a push that leaves the
//! opponent out of reach, a condition that cannot hold with the players at the table).

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;
use serde::Serialize;

use crate::conformance::seats;
use crate::core::{derive_seed, ActionList, EffectKey, EffectTally, Game, PrintedEffect, Rng, State};

/// How one printed effect fared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EffectRate {
    #[serde(flatten)]
    pub effect: PrintedEffect,
    /// Times it took effect, over all games.
    pub times: u64,
    /// Games in which it took effect at least once.
    pub games: usize,
}

/// The check's report: every printed effect with its rate, in content order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeadText {
    /// Games played (random and MCTS).
    pub games: usize,
    pub effects: Vec<EffectRate>,
}

impl DeadText {
    /// The printed effects that never took effect.
    pub fn dead(&self) -> Vec<&EffectRate> {
        self.effects.iter().filter(|e| e.times == 0).collect()
    }

    /// Adds another run's counts (another seating or content choice): effects are matched by
    /// their key, new ones appended.
    pub fn merge(&mut self, other: DeadText) {
        self.games += other.games;
        for e in other.effects {
            match self.effects.iter_mut().find(|m| m.effect.key == e.effect.key) {
                Some(m) => {
                    m.times += e.times;
                    m.games += e.games;
                }
                None => self.effects.push(e),
            }
        }
    }

    /// The `n` rarest printed effects, one line each: games in which each took effect.
    pub fn rarest(&self, n: usize) -> String {
        let mut by_rate: Vec<&EffectRate> = self.effects.iter().collect();
        by_rate.sort_by_key(|e| e.games);
        by_rate
            .iter()
            .take(n)
            .map(|e| {
                format!(
                    "{} #{} \"{}\": {} of {} games\n",
                    e.effect.key.card, e.effect.key.index, e.effect.text, e.games, self.games
                )
            })
            .collect()
    }

    /// `Err` naming every printed effect that never took effect.
    pub fn all_took_effect(&self) -> Result<(), String> {
        let dead = self.dead();
        if dead.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = dead
            .iter()
            .map(|e| format!("{} #{} \"{}\"", e.effect.key.card, e.effect.key.index, e.effect.text))
            .collect();
        Err(format!("{} printed effects never took effect in {} games: {}", dead.len(), self.games, names.join("; ")))
    }
}

/// Plays `random_games` uniformly random games and `mcts_games` games of MCTS (`iterations` a
/// move, every seat) from `seed`, counting what took effect. `Err` when the game reports an
/// effect it does not print (a key the rules and the listing disagree on).
pub fn dead_text<G: Game>(
    game: &G,
    random_games: usize,
    mcts_games: usize,
    iterations: u32,
    seed: u64,
) -> Result<DeadText, String> {
    let printed = game.printed_effects();
    let per_game: Vec<HashMap<EffectKey, u64>> = (0..random_games + mcts_games)
        .into_par_iter()
        .map(|g| {
            let seed = derive_seed(seed, g as u64);
            if g < random_games {
                random_game(game, seed)
            } else {
                let mut tally = EffectTally::default();
                seats::mcts_game(game, seed, iterations, &mut tally);
                tally.counts
            }
        })
        .collect();
    let known: HashSet<&EffectKey> = printed.iter().map(|p| &p.key).collect();
    if let Some(stray) = per_game.iter().flat_map(|m| m.keys()).find(|k| !known.contains(k)) {
        return Err(format!("{} reported an effect it does not print: {} #{}", G::NAME, stray.card, stray.index));
    }
    let effects = printed
        .into_iter()
        .map(|effect| {
            let counts = per_game.iter().filter_map(|m| m.get(&effect.key));
            let (times, games) = counts.fold((0, 0), |(t, g), &n| (t + n, g + 1));
            EffectRate { effect, times, games }
        })
        .collect();
    Ok(DeadText { games: per_game.len(), effects })
}

fn random_game<G: Game>(game: &G, seed: u64) -> HashMap<EffectKey, u64> {
    let mut tally = EffectTally::default();
    let mut state = game.new_state(seed);
    let mut rng = Rng::new(derive_seed(seed, 1));
    let mut legal = ActionList::new();
    for _ in 0..game.max_game_length() {
        state.legal_actions(game, &mut legal);
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.below(legal.len() as u32) as usize];
        state.apply_unchecked(game, a, &mut tally);
    }
    tally.counts
}

/// [`dead_text`] over several games (seatings, content choices), merged: together they should
/// put every shipped card in play.
pub fn dead_text_over<G: Game>(
    games: &[G],
    random_games: usize,
    mcts_games: usize,
    iterations: u32,
    seed: u64,
) -> Result<DeadText, String> {
    let mut all = DeadText { games: 0, effects: Vec::new() };
    for (i, game) in games.iter().enumerate() {
        all.merge(dead_text(game, random_games, mcts_games, iterations, derive_seed(seed, i as u64))?);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::fixtures::coin_toss::Coin;

    #[test]
    fn an_effect_that_never_happens_is_named_with_its_card_and_text() {
        let coin = Coin { players: 2, ..Coin::default() };
        let report = dead_text(&coin, 50, 2, 8, 1).unwrap();
        assert_eq!(report.games, 52);
        let rates: Vec<(u64, usize)> = report.effects.iter().map(|e| (e.times, e.games)).collect();
        // Every game has two calls, each heads or tails.
        assert_eq!(rates[0].0 + rates[1].0, 104);
        assert!(rates[0].1 > 0 && rates[1].1 > 0 && rates[2] == (0, 0), "{rates:?}");
        let err = report.all_took_effect().unwrap_err();
        assert!(
            err.contains("1 printed effects never took effect in 52 games: coin #2 \"lands on its edge\""),
            "{err}"
        );
    }

    #[test]
    fn merged_runs_add_up_and_a_run_that_reaches_an_effect_revives_it() {
        let coin = Coin { players: 2, ..Coin::default() };
        let mut report = dead_text(&coin, 10, 0, 8, 1).unwrap();
        let mut other = report.clone();
        other.effects[2].times = 1;
        other.effects[2].games = 1;
        report.merge(other);
        assert_eq!(report.games, 20);
        assert_eq!(report.effects[0].times + report.effects[1].times, 40);
        assert!(report.all_took_effect().is_ok());
    }
}
