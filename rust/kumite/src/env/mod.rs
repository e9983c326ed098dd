//! Batched environments for learning: many states stepped per call, in parallel, with
//! automatic reset, writing into buffers the caller owns (numpy arrays in Python).

mod vec_env;

pub use vec_env::{Buffers, Outputs, VecEnv};
