use std::sync::Arc;

use super::{ErasedGame, ErasedState, Tracked};
use crate::core::{Game, GameError, State};
use crate::search::{BatchEvaluator, BotSpec, BotSpecError, EvaluatorChoice, Mcts, MctsConfig, RootRule, SearchStats};

/// A search over states of one game, keeping its tree between calls when configured to.
pub trait ErasedSearcher: Send {
    fn config(&self) -> &MctsConfig;
    fn search(&mut self, state: &dyn ErasedState) -> Result<SearchStats, GameError>;
}

pub(super) struct Searcher<G: Game> {
    pub(super) game: Arc<G>,
    pub(super) mcts: Mcts<G, EvaluatorChoice>,
}

impl<G: Game> ErasedSearcher for Searcher<G> {
    fn config(&self) -> &MctsConfig {
        &self.mcts.config
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
        Ok(self.mcts.search(&self.game, &tracked.state, &tracked.history))
    }
}

/// The searcher a bot spec names ([`BotSpec::search`]) for `game`, or `Ok(None)` for a bot that
/// does not search; `net` guides the network kinds (the caller checks it fits the game). `root`
/// is the rule at the root, which the grammar leaves to the caller (the trainer's evaluation
/// searches with Gumbel root selection, as its self-play does).
pub fn spec_searcher(
    game: Arc<dyn ErasedGame>,
    spec: &BotSpec,
    seed: u64,
    threads: Option<usize>,
    net: Option<Arc<dyn BatchEvaluator>>,
    root: RootRule,
) -> Result<Option<Box<dyn ErasedSearcher>>, BotSpecError> {
    Ok(spec.search(seed, threads, net)?.map(|(config, choice)| game.searcher(MctsConfig { root, ..config }, choice)))
}
