use std::sync::Arc;

use super::{ErasedState, Tracked};
use crate::core::{Game, GameError, State};
use crate::search::{
    BatchEvaluator, Heuristic, Mcts, MctsConfig, NetPriors, ObservationEvaluator, RandomRollout, SearchStats,
};

/// The leaf evaluator of a type-erased search.
#[derive(Clone)]
pub enum EvaluatorChoice {
    RandomRollout,
    Heuristic,
    Batch(Arc<dyn BatchEvaluator>),
    /// The batch evaluator's priors, random playouts' values.
    BatchPriors(Arc<dyn BatchEvaluator>),
    /// The batch evaluator's priors, the game's heuristic values.
    BatchPriorsHeuristic(Arc<dyn BatchEvaluator>),
}

/// A search over states of one game, keeping its tree between calls when configured to.
pub trait ErasedSearcher: Send {
    fn config(&self) -> &MctsConfig;
    fn search(&mut self, state: &dyn ErasedState) -> Result<SearchStats, GameError>;
}

pub(super) enum AnyMcts<G: Game> {
    Random(Mcts<G, RandomRollout>),
    Heuristic(Mcts<G, Heuristic>),
    Batch(Mcts<G, ObservationEvaluator<dyn BatchEvaluator>>),
    BatchPriors(Mcts<G, NetPriors<dyn BatchEvaluator, RandomRollout>>),
    BatchPriorsHeuristic(Mcts<G, NetPriors<dyn BatchEvaluator, Heuristic>>),
}

pub(super) struct Searcher<G: Game> {
    pub(super) game: Arc<G>,
    pub(super) mcts: AnyMcts<G>,
}

impl<G: Game> ErasedSearcher for Searcher<G> {
    fn config(&self) -> &MctsConfig {
        match &self.mcts {
            AnyMcts::Random(m) => &m.config,
            AnyMcts::Heuristic(m) => &m.config,
            AnyMcts::Batch(m) => &m.config,
            AnyMcts::BatchPriors(m) => &m.config,
            AnyMcts::BatchPriorsHeuristic(m) => &m.config,
        }
    }
    fn search(&mut self, state: &dyn ErasedState) -> Result<SearchStats, GameError> {
        let bad = |reason: String| GameError::InvalidOption { option: "state".into(), reason };
        let tracked = state
            .as_any()
            .downcast_ref::<Tracked<G>>()
            .ok_or_else(|| bad(format!("this search is for {:?} states", G::NAME)))?;
        if tracked.state.is_terminal() {
            return Err(bad("the game is over: there is nothing to choose".into()));
        }
        let (game, s, h) = (&*self.game, &tracked.state, tracked.history.as_slice());
        Ok(match &mut self.mcts {
            AnyMcts::Random(m) => m.search(game, s, h),
            AnyMcts::Heuristic(m) => m.search(game, s, h),
            AnyMcts::Batch(m) => m.search(game, s, h),
            AnyMcts::BatchPriors(m) => m.search(game, s, h),
            AnyMcts::BatchPriorsHeuristic(m) => m.search(game, s, h),
        })
    }
}
