use std::sync::Arc;

use super::{ErasedState, Tracked};
use crate::core::{Action, Game, GameError};
use crate::env::{Buffers, VecEnv};

/// A batch of environments of one game.
pub trait ErasedVecEnv: Send {
    fn num_envs(&self) -> usize;
    fn reset(&mut self, seed: Option<u64>, out: Buffers<'_>);
    /// On an illegal action nothing is stepped; the error comes with the environment's index.
    fn step(&mut self, actions: &[Action], out: Buffers<'_>) -> Result<(), (usize, GameError)>;
    /// See [`VecEnv::sample_actions`].
    fn sample_actions(&mut self, out: &mut [Action]);
    /// A copy of environment `i`'s state (no seed or history: it is mid-batch).
    fn state(&self, i: usize) -> Box<dyn ErasedState>;
}

pub(super) struct TypedVecEnv<G: Game> {
    pub(super) game: Arc<G>,
    pub(super) env: VecEnv<G>,
}

impl<G: Game> ErasedVecEnv for TypedVecEnv<G> {
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }
    fn reset(&mut self, seed: Option<u64>, out: Buffers<'_>) {
        self.env.reset(&self.game, seed, out);
    }
    fn step(&mut self, actions: &[Action], out: Buffers<'_>) -> Result<(), (usize, GameError)> {
        self.env.step(&self.game, actions, out)
    }
    fn sample_actions(&mut self, out: &mut [Action]) {
        self.env.sample_actions(out)
    }
    fn state(&self, i: usize) -> Box<dyn ErasedState> {
        Box::new(Tracked {
            game: self.game.clone(),
            state: self.env.states()[i].clone(),
            seed: None,
            history: Vec::new(),
        })
    }
}
