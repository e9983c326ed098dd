//! Simulation and search over any game through the core traits.

pub mod rollout;
