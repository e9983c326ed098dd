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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LeafValues {
    /// The evaluator's own (a network's value head); uniform priors play out instead.
    #[default]
    Evaluator,
    /// A random playout's ([`RandomRollout`]).
    Playout,
    /// The game's heuristic ([`Heuristic`]): for games whose random playouts say little, such
    /// as a co-op campaign that random play nearly always loses.
    Heuristic,
    /// `(1 − λ)·` the evaluator's value `+ λ·` a random playout's from the same leaf, per
    /// player: AlphaGo's mix (Silver et al. 2016, λ = 0.5), for a value head not yet good.
    /// Uniform priors have no value of their own: there it is a playout's.
    Mix(MixWeight),
}

/// λ, a random playout's share of a mixed leaf value ([`LeafValues::Mix`]): in (0, 1], so never
/// NaN, which makes it `Eq` and `Hash` by its bits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MixWeight(f32);

impl MixWeight {
    /// λ in (0, 1]; the error says so.
    pub fn new(lambda: f32) -> Result<MixWeight, String> {
        if lambda > 0.0 && lambda <= 1.0 {
            Ok(MixWeight(lambda))
        } else {
            Err(format!("λ (the playouts' share of a leaf's value) must be above 0 and at most 1, not {lambda}"))
        }
    }
    pub fn get(self) -> f32 {
        self.0
    }
}

impl Eq for MixWeight {}

impl std::hash::Hash for MixWeight {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state);
    }
}

impl std::fmt::Display for MixWeight {
    /// The shortest decimal that reads back as the same λ.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for LeafValues {
    type Err = String;
    /// `evaluator`, `playout` or `heuristic`, as the bindings' `leaf_values` arguments read.
    fn from_str(name: &str) -> Result<LeafValues, String> {
        match name {
            "evaluator" => Ok(LeafValues::Evaluator),
            "playout" => Ok(LeafValues::Playout),
            "heuristic" => Ok(LeafValues::Heuristic),
            other => Err(format!("leaf_values must be 'evaluator', 'playout' or 'heuristic', not {other:?}")),
        }
    }
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
        observe_and_evaluate(&*self.0, game, leaves, values, priors);
    }
}

fn observe_and_evaluate<G: Game, B: BatchEvaluator + ?Sized>(
    evaluator: &B,
    game: &G,
    leaves: &[G::State],
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
    evaluator.evaluate(&observations, &movers, &masks, &mut live_values, &mut live_priors);
    for (k, &i) in live.iter().enumerate() {
        values[i * players..(i + 1) * players].copy_from_slice(&live_values[k * players..(k + 1) * players]);
        priors[i * actions..(i + 1) * actions].copy_from_slice(&live_priors[k * actions..(k + 1) * actions]);
    }
}

/// Which priors guide a search and what values its leaves: every combination the project
/// searches with, chosen in this one place (bot specs, self-play and the bindings name one).
#[derive(Clone)]
pub enum EvaluatorChoice {
    /// No priors (UCB1), random playouts' values ([`RandomRollout`]).
    RandomRollout,
    /// No priors (UCB1), the game's heuristic ([`Heuristic`]).
    Heuristic,
    /// Uniform priors ([`UniformPriors`]: PUCT before there is a network), random playouts' or
    /// the heuristic's values (an evaluator's own values are a playout's here).
    Uniform(LeafValues),
    /// A batch evaluator's priors (seen as [`ObservationEvaluator`] sees them), with its own
    /// values or random playouts' or the game's heuristic's: a young network's value head
    /// misleads the search where its policy already helps (`docs/agents.md`, "The recipe").
    Batch(std::sync::Arc<dyn BatchEvaluator>, LeafValues),
}

impl EvaluatorChoice {
    /// PUCT guided by `priors` (`None`: uniform ones), `values` valuing the leaves.
    pub fn guided(priors: Option<std::sync::Arc<dyn BatchEvaluator>>, values: LeafValues) -> EvaluatorChoice {
        match priors {
            Some(b) => EvaluatorChoice::Batch(b, values),
            None => EvaluatorChoice::Uniform(values),
        }
    }
}

impl<G: Game> Evaluator<G> for EvaluatorChoice {
    fn batch_size(&self) -> usize {
        match self {
            EvaluatorChoice::Batch(b, _) => b.batch_size(),
            _ => 1,
        }
    }
    fn has_priors(&self) -> bool {
        !matches!(self, EvaluatorChoice::RandomRollout | EvaluatorChoice::Heuristic)
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
        match self {
            EvaluatorChoice::RandomRollout => {
                RandomRollout.evaluate(game, leaves, rng, max_playout_steps, values, priors)
            }
            EvaluatorChoice::Heuristic => Heuristic.evaluate(game, leaves, rng, max_playout_steps, values, priors),
            EvaluatorChoice::Uniform(LeafValues::Heuristic) => {
                UniformPriors(Heuristic).evaluate(game, leaves, rng, max_playout_steps, values, priors)
            }
            EvaluatorChoice::Uniform(_) => {
                UniformPriors(RandomRollout).evaluate(game, leaves, rng, max_playout_steps, values, priors)
            }
            EvaluatorChoice::Batch(b, leaf_values) => {
                observe_and_evaluate(&**b, game, leaves, values, priors);
                // Beside the priors, the network's values are kept or overwritten.
                match leaf_values {
                    LeafValues::Evaluator => {}
                    LeafValues::Playout => RandomRollout.evaluate(game, leaves, rng, max_playout_steps, values, priors),
                    LeafValues::Heuristic => Heuristic.evaluate(game, leaves, rng, max_playout_steps, values, priors),
                    LeafValues::Mix(lambda) => {
                        let mut playout = vec![0.0f32; values.len()];
                        RandomRollout.evaluate(game, leaves, rng, max_playout_steps, &mut playout, priors);
                        let l = lambda.get();
                        // This form, not `v + λ(z − v)`: λ = 1 gives the playout's value exactly.
                        values.iter_mut().zip(&playout).for_each(|(v, z)| *v = (1.0 - l) * *v + l * z);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{
        BatchEvaluator, EvaluatorChoice, Heuristic, LeafValues, MixWeight, ObservationEvaluator, RandomRollout,
        UniformPriors,
    };
    use crate::core::{Game, Rng, State};
    use crate::games::tekken::{Tekken, TekkenOptions};
    use crate::search::net::tests::net_bytes;
    use crate::search::{Evaluator, Mcts, MctsConfig, Net};

    /// Each choice searches exactly as the evaluator it names: the same seed, the same tree.
    #[test]
    fn a_choice_searches_as_the_evaluator_it_names() {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let shape = [game.observation_len(), game.num_actions(), 2, 8, 1];
        let net: Arc<Net> = Arc::new(
            Net::from_bytes(&net_bytes(shape, "tekken", &game.fingerprint(), |k, i| {
                ((i * 5 + k.len()) % 11) as f32 / 30.0 - 0.15
            }))
            .unwrap(),
        );
        let mut state = game.new_state(3);
        for _ in 0..4 {
            let mut legal = crate::core::ActionList::new();
            state.legal_actions(&game, &mut legal);
            state.apply_unchecked(&game, legal[0], &mut crate::core::NoEvents);
        }
        fn search<E: Evaluator<Tekken>>(
            game: &Tekken,
            state: &<Tekken as Game>::State,
            e: E,
        ) -> crate::search::SearchStats {
            let config = MctsConfig { iterations: 60, seed: 11, ..MctsConfig::default() };
            let mut stats = Mcts::new(config, e).search(game, state, &[]);
            stats.seconds = 0.0;
            stats
        }
        let same = |choice: EvaluatorChoice, reference: crate::search::SearchStats| {
            assert_eq!(search(&game, &state, choice), reference);
        };
        same(EvaluatorChoice::RandomRollout, search(&game, &state, RandomRollout));
        same(EvaluatorChoice::Heuristic, search(&game, &state, Heuristic));
        same(EvaluatorChoice::Uniform(LeafValues::Playout), search(&game, &state, UniformPriors(RandomRollout)));
        same(EvaluatorChoice::Uniform(LeafValues::Evaluator), search(&game, &state, UniformPriors(RandomRollout)));
        same(EvaluatorChoice::Uniform(LeafValues::Heuristic), search(&game, &state, UniformPriors(Heuristic)));
        same(
            EvaluatorChoice::Batch(net.clone(), LeafValues::Evaluator),
            search(&game, &state, ObservationEvaluator(net.clone())),
        );
        // λ = 1 is `azp`: all playout, the same tree for the same seed.
        let mix = |lambda| LeafValues::Mix(MixWeight::new(lambda).unwrap());
        same(
            EvaluatorChoice::Batch(net.clone(), mix(1.0)),
            search(&game, &state, EvaluatorChoice::Batch(net.clone(), LeafValues::Playout)),
        );
        // Uniform priors have no value of their own: mixed, theirs is a playout's.
        same(EvaluatorChoice::Uniform(mix(0.5)), search(&game, &state, UniformPriors(RandomRollout)));
    }

    /// A network that values every position `[0.6, -0.2]` and likes action 0.
    struct Constant;

    impl BatchEvaluator for Constant {
        fn batch_size(&self) -> usize {
            4
        }
        fn evaluate(&self, _: &[f32], players: &[i32], _: &[bool], values: &mut [f32], priors: &mut [f32]) {
            values.chunks_mut(2).take(players.len()).for_each(|v| v.copy_from_slice(&[0.6, -0.2]));
            priors.iter_mut().for_each(|p| *p = 1.0);
        }
    }

    /// `(1 − λ)·v_net + λ·z_playout`, per player, the playout drawn as `azp` draws it.
    #[test]
    fn a_mixed_leaf_value_is_the_weighted_mean_of_the_net_and_a_playout() {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let leaves: Vec<_> = (0..4).map(|seed| game.new_state(seed)).collect();
        let (players, actions) = (game.num_players(), game.num_actions());
        let run = |values: LeafValues| {
            let (mut v, mut p) = (vec![0.0f32; 4 * players], vec![0.0f32; 4 * actions]);
            EvaluatorChoice::Batch(Arc::new(Constant), values).evaluate(
                &game,
                &leaves,
                &mut Rng::new(5),
                200,
                &mut v,
                &mut p,
            );
            (v, p)
        };
        let (playout, playout_priors) = run(LeafValues::Playout);
        assert!(playout.iter().any(|&z| z != 0.0), "some playout ends within 200 actions: {playout:?}");
        for lambda in [0.25f32, 0.5, 1.0] {
            let (mixed, priors) = run(LeafValues::Mix(MixWeight::new(lambda).unwrap()));
            assert_eq!(priors, playout_priors, "the network's priors are kept");
            for (i, (m, z)) in mixed.iter().zip(&playout).enumerate() {
                let net = [0.6, -0.2][i % players];
                assert!((m - ((1.0 - lambda) * net + lambda * z)).abs() < 1e-6, "λ {lambda}, value {i}: {m}");
            }
        }
    }

    #[test]
    fn lambda_is_above_0_and_at_most_1() {
        for bad in [0.0, -0.5, 1.000_001, f32::NAN, f32::INFINITY] {
            let err = MixWeight::new(bad).unwrap_err();
            assert!(err.contains("must be above 0 and at most 1"), "{err}");
        }
        assert_eq!(MixWeight::new(0.5).unwrap().to_string(), "0.5");
        assert_eq!(MixWeight::new(1.0).unwrap().get(), 1.0);
    }
}
