//! Leaf evaluators for MCTS: a value per player and, optionally, a prior per action.

use crate::core::{Game, Rng, State};
use crate::search::rollout::random_playout;

/// Evaluates leaves in batches (a batch of one for the built-in evaluators; learned evaluators
/// called from Python take many at once).
pub trait Evaluator<G: Game>: Send + Sync {
    /// How many leaves the search collects (with virtual loss) before one `evaluate` call.
    fn batch_size(&self) -> usize {
        1
    }
    /// Whether `evaluate` writes priors; with priors the search selects by PUCT, without by UCB1.
    fn has_priors(&self) -> bool {
        false
    }
    /// For each leaf `i`: `values[i * players..][..players]` and, when `has_priors`,
    /// `priors[i * num_actions..][..num_actions]` (only legal actions' entries are read).
    fn evaluate(&self, game: &G, leaves: &[G::State], rng: &mut Rng, values: &mut [f32], priors: &mut [f32]);
}

/// The returns of one uniformly random playout (the default).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomRollout;

impl<G: Game> Evaluator<G> for RandomRollout {
    fn evaluate(&self, game: &G, leaves: &[G::State], rng: &mut Rng, values: &mut [f32], _priors: &mut [f32]) {
        let players = game.num_players();
        for (leaf, out) in leaves.iter().zip(values.chunks_mut(players)) {
            let mut state = leaf.clone();
            random_playout(game, &mut state, rng);
            state.returns(game, out);
        }
    }
}

/// The game's own cheap position estimate (`State::heuristic`), or a random playout for games
/// that have none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl<G: Game> Evaluator<G> for Heuristic {
    fn evaluate(&self, game: &G, leaves: &[G::State], rng: &mut Rng, values: &mut [f32], priors: &mut [f32]) {
        let players = game.num_players();
        for (i, (leaf, out)) in leaves.iter().zip(values.chunks_mut(players)).enumerate() {
            if leaf.is_terminal() {
                leaf.returns(game, out);
            } else if !leaf.heuristic(game, out) {
                RandomRollout.evaluate(game, std::slice::from_ref(leaf), rng, out, &mut priors[i..i]);
            }
        }
    }
}

/// A game-agnostic batch evaluator (a learned network, typically behind a binding): it sees
/// each leaf as the observation of the player to move, that player, and the legal-action mask.
pub trait BatchEvaluator: Send + Sync {
    fn batch_size(&self) -> usize;
    /// `observations` is `(n, obs_len)`, `players` `(n,)`, `masks` `(n, num_actions)`, all
    /// row-major; write `values` `(n, num_players)` and `priors` `(n, num_actions)`.
    fn evaluate(
        &self,
        observations: &[f32],
        players: &[i32],
        masks: &[bool],
        values: &mut [f32],
        priors: &mut [f32],
    );
}

/// Feeds leaves to a [`BatchEvaluator`] as observations; terminal leaves never reach it.
pub struct ObservationEvaluator<B: ?Sized>(pub std::sync::Arc<B>);

impl<G: Game, B: BatchEvaluator + ?Sized> Evaluator<G> for ObservationEvaluator<B> {
    fn batch_size(&self) -> usize {
        self.0.batch_size()
    }
    fn has_priors(&self) -> bool {
        true
    }
    fn evaluate(&self, game: &G, leaves: &[G::State], _rng: &mut Rng, values: &mut [f32], priors: &mut [f32]) {
        let (obs_len, actions, players) = (game.observation_len(), game.num_actions(), game.num_players());
        let live: Vec<usize> = (0..leaves.len()).filter(|&i| !leaves[i].is_terminal()).collect();
        if live.is_empty() {
            return;
        }
        let mut observations = vec![0.0f32; live.len() * obs_len];
        let mut movers = vec![0i32; live.len()];
        let mut masks = vec![false; live.len() * actions];
        let mut legal = crate::core::ActionList::new();
        for (k, &i) in live.iter().enumerate() {
            let mover = leaves[i].current_player().expect("live leaf");
            movers[k] = mover as i32;
            leaves[i].observation(game, mover, &mut observations[k * obs_len..(k + 1) * obs_len]);
            leaves[i].legal_actions(game, &mut legal);
            for &a in &legal {
                masks[k * actions + usize::from(a)] = true;
            }
        }
        let mut live_values = vec![0.0f32; live.len() * players];
        let mut live_priors = vec![0.0f32; live.len() * actions];
        self.0.evaluate(&observations, &movers, &masks, &mut live_values, &mut live_priors);
        for (k, &i) in live.iter().enumerate() {
            values[i * players..(i + 1) * players].copy_from_slice(&live_values[k * players..(k + 1) * players]);
            priors[i * actions..(i + 1) * actions].copy_from_slice(&live_priors[k * actions..(k + 1) * actions]);
        }
    }
}
