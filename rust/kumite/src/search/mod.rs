//! Simulation and search over any game through the core traits.

pub mod bot_spec;
pub mod evaluator;
mod kernels;
pub mod mcts;
pub mod net;
pub mod rollout;
pub mod selfplay;

pub use bot_spec::{BotSpec, BotSpecError, AZ_EXPLORATION, GRAMMAR};
pub use evaluator::{
    BatchEvaluator, Evaluator, EvaluatorChoice, Heuristic, LeafValues, MixWeight, ObservationEvaluator, RandomRollout,
    UniformPriors,
};
pub use mcts::{Mcts, MctsConfig, RootRule, SearchStats};
pub use net::Net;
pub use selfplay::{selfplay, Opponent, SelfplayConfig, SelfplayData};
