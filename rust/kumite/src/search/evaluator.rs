//! Leaf evaluators for MCTS: a value per player and, optionally, a prior per action.

use crate::core::{Game, Rng, State};
use crate::search::rollout::random_playout_capped;

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
    /// `priors[i * num_actions..][..num_actions]` (only legal actions' entries are read). A
    /// playout from a leaf plays at most `max_playout_steps` actions (see [`playout_value`]).
    fn evaluate(
        &self,
        game: &G,
        leaves: &[G::State],
        rng: &mut Rng,
        max_playout_steps: usize,
        values: &mut [f32],
        priors: &mut [f32],
    );
}

/// The value of one uniformly random playout from `leaf`, cut after `max_steps` actions: the
/// game's returns when it ended; at the cut, the game's `State::heuristic` of the position
/// reached where it has one, else 0 for every player (the cut game has no result). Returns the
/// number of actions the playout played.
pub fn playout_value<G: Game>(game: &G, leaf: &G::State, rng: &mut Rng, max_steps: usize, out: &mut [f32]) -> u32 {
    let mut state = leaf.clone();
    let steps = random_playout_capped(game, &mut state, rng, max_steps);
    if state.is_terminal() {
        state.returns(game, out);
    } else if !state.heuristic(game, out) {
        out.fill(0.0);
    }
    steps
}

/// The value of one uniformly random playout (the default), see [`playout_value`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomRollout;

impl<G: Game> Evaluator<G> for RandomRollout {
    fn evaluate(
        &self,
        game: &G,
        leaves: &[G::State],
        rng: &mut Rng,
        max_playout_steps: usize,
        values: &mut [f32],
        _priors: &mut [f32],
    ) {
        let players = game.num_players();
        for (leaf, out) in leaves.iter().zip(values.chunks_mut(players)) {
            playout_value(game, leaf, rng, max_playout_steps, out);
        }
    }
}

/// Uniform priors over the legal actions with `V`'s leaf values (a random playout's, or the
/// game's heuristic): PUCT (or Gumbel) before there is a network. Self-play's first round uses
/// it, so its games end and its value targets mean something (zero values everywhere would
/// leave the search nothing to prefer, and games that loop until the run's bound).
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformPriors<V>(pub V);

impl<G: Game, V: Evaluator<G>> Evaluator<G> for UniformPriors<V> {
    fn has_priors(&self) -> bool {
        true
    }
    fn evaluate(
        &self,
        game: &G,
        leaves: &[G::State],
        rng: &mut Rng,
        max_playout_steps: usize,
        values: &mut [f32],
        priors: &mut [f32],
    ) {
        self.0.evaluate(game, leaves, rng, max_playout_steps, values, priors);
        let actions = game.num_actions();
        let mut legal = crate::core::ActionList::new();
        for (leaf, row) in leaves.iter().zip(priors.chunks_mut(actions)) {
            if !leaf.is_terminal() {
                leaf.legal_actions(game, &mut legal);
                legal.iter().for_each(|&a| row[usize::from(a)] = 1.0 / legal.len() as f32);
            }
        }
    }
}

/// Which values a search guided by priors (a network's, or uniform ones) gives its leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeafValues {
    /// The evaluator's own (a network's value head); uniform priors play out instead.
    #[default]
    Evaluator,
    /// A random playout's ([`RandomRollout`]).
    Playout,
    /// The game's heuristic ([`Heuristic`]): for games whose random playouts say little, such
    /// as a co-op campaign that random play nearly always loses.
    Heuristic,
}

/// The game's own cheap position estimate (`State::heuristic`), or a random playout for games
/// that have none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl<G: Game> Evaluator<G> for Heuristic {
    fn evaluate(
        &self,
        game: &G,
        leaves: &[G::State],
        rng: &mut Rng,
        max_playout_steps: usize,
        values: &mut [f32],
        _priors: &mut [f32],
    ) {
        let players = game.num_players();
        for (leaf, out) in leaves.iter().zip(values.chunks_mut(players)) {
            if leaf.is_terminal() {
                leaf.returns(game, out);
            } else if !leaf.heuristic(game, out) {
                playout_value(game, leaf, rng, max_playout_steps, out);
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
    fn evaluate(&self, observations: &[f32], players: &[i32], masks: &[bool], values: &mut [f32], priors: &mut [f32]);
}

/// A [`BatchEvaluator`]'s priors with `V`'s leaf values (a random playout's, or the game's
/// heuristic): PUCT guided by what a network learned to play, each leaf valued without the
/// network's value head (a young value head misleads the search, where its policy already
/// helps: `docs/agents.md`, "The recipe").
pub struct NetPriors<B: ?Sized, V>(pub std::sync::Arc<B>, pub V);

impl<G: Game, B: BatchEvaluator + ?Sized, V: Evaluator<G>> Evaluator<G> for NetPriors<B, V> {
    fn batch_size(&self) -> usize {
        self.0.batch_size()
    }
    fn has_priors(&self) -> bool {
        true
    }
    fn evaluate(
        &self,
        game: &G,
        leaves: &[G::State],
        rng: &mut Rng,
        max_playout_steps: usize,
        values: &mut [f32],
        priors: &mut [f32],
    ) {
        ObservationEvaluator(self.0.clone()).evaluate(game, leaves, rng, max_playout_steps, values, priors);
        // The network's values are overwritten: only its priors are kept.
        self.1.evaluate(game, leaves, rng, max_playout_steps, values, priors);
    }
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
    fn evaluate(
        &self,
        game: &G,
        leaves: &[G::State],
        _rng: &mut Rng,
        _max_playout_steps: usize,
        values: &mut [f32],
        priors: &mut [f32],
    ) {
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
