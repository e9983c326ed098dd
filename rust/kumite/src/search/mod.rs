//! Simulation and search over any game through the core traits.

pub mod evaluator;
pub mod mcts;
pub mod rollout;

pub use evaluator::{BatchEvaluator, Evaluator, Heuristic, ObservationEvaluator, RandomRollout};
pub use mcts::{Mcts, MctsConfig, SearchStats};
