//! Simulation and search over any game through the core traits.

pub mod evaluator;
pub mod mcts;
pub mod net;
pub mod rollout;
pub mod selfplay;

pub use evaluator::{
    BatchEvaluator, Evaluator, Heuristic, LeafValues, NetPriors, ObservationEvaluator, RandomRollout, UniformPriors,
};
pub use mcts::{Mcts, MctsConfig, RootRule, SearchStats};
pub use net::Net;
pub use selfplay::{selfplay, SelfplayConfig, SelfplayData};
