//! `VecEnv`: many games stepped per call in Rust with the GIL released, results written into
//! numpy arrays the object owns and reuses (the arrays a step returns are overwritten by the
//! next `reset` or `step`: copy what you keep).

use std::sync::Mutex;

use kumite::core::{Action, GameError};
use kumite::env::Buffers;
use kumite::erased::ErasedVecEnv;
use numpy::ndarray::{Array1, Array2, ArrayD, IxDyn};
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::convert::{Count, Seed};
use crate::errors::{guard, to_py};
use crate::game::Game;
use crate::state::State;

/// `actions` as action ids, or `IllegalActionError` (with `.env`) for one outside the space.
fn action_ids(py: Python<'_>, actions: &[i64], num_actions: i64) -> PyResult<Vec<Action>> {
    let mut ids = Vec::with_capacity(actions.len());
    for (i, &a) in actions.iter().enumerate() {
        if !(0..num_actions).contains(&a) {
            let err = to_py(
                py,
                GameError::IllegalAction {
                    action: a,
                    text: format!("outside the action space 0..{num_actions}"),
                    legal: Vec::new(),
                },
            );
            err.value(py).setattr("env", i)?;
            return Err(err);
        }
        ids.push(a as Action);
    }
    Ok(ids)
}

/// What `reset` and `step` return: views of the environment's own buffers.
#[pyclass(module = "kumite._kumite", name = "Batch", frozen)]
pub struct Batch {
    /// `float32 (num_envs, *observation_shape)`, each row seen by that game's player to move;
    /// `None` when the environment was made with `observations=False`.
    #[pyo3(get)]
    observations: Option<Py<PyArrayDyn<f32>>>,
    /// `float32 (num_envs, num_players)`: the game's returns on the step it ended, else 0.
    #[pyo3(get)]
    rewards: Py<PyArray2<f32>>,
    /// `bool (num_envs,)`: the game ended on this step (and the row now shows a new game).
    #[pyo3(get)]
    terminated: Py<PyArray1<bool>>,
    /// `bool (num_envs,)`: the game was cut at `max_steps` on this step, not ended by its rules
    /// (and the row now shows a new game).
    #[pyo3(get)]
    truncated: Py<PyArray1<bool>>,
    /// `bool (num_envs, num_actions)`, read-only.
    #[pyo3(get)]
    legal_mask: Py<PyArray2<bool>>,
    /// `int32 (num_envs,)`.
    #[pyo3(get)]
    current_player: Py<PyArray1<i32>>,
}

/// `num_envs` games of `game`, stepped together; see `docs/envs.md`.
#[pyclass(module = "kumite._kumite", name = "VecEnv")]
pub struct VecEnv {
    game: Py<Game>,
    env: Mutex<Box<dyn ErasedVecEnv>>,
    observations: Option<Py<PyArrayDyn<f32>>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    legal_mask: Py<PyArray2<bool>>,
    current_player: Py<PyArray1<i32>>,
    max_steps: Option<usize>,
}

impl VecEnv {
    fn batch(&self, py: Python<'_>) -> Batch {
        Batch {
            observations: self.observations.as_ref().map(|o| o.clone_ref(py)),
            rewards: self.rewards.clone_ref(py),
            terminated: self.terminated.clone_ref(py),
            truncated: self.truncated.clone_ref(py),
            legal_mask: self.legal_mask.clone_ref(py),
            current_player: self.current_player.clone_ref(py),
        }
    }

    /// The environments, for one caller at a time. A second thread is refused rather than made
    /// to wait: it holds the GIL, which the stepping thread needs back to return, so waiting
    /// would deadlock the interpreter.
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Box<dyn ErasedVecEnv>>> {
        self.env.try_lock().map_err(|e| match e {
            std::sync::TryLockError::WouldBlock => PyRuntimeError::new_err(
                "this VecEnv is being used by another thread: a VecEnv steps one call at a time",
            ),
            std::sync::TryLockError::Poisoned(_) => {
                PyValueError::new_err("this VecEnv is unusable after an internal error")
            }
        })
    }

    /// Runs `f` on the buffers with the GIL released.
    fn with_buffers<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn ErasedVecEnv, Buffers<'_>) -> T + Send,
    ) -> PyResult<T> {
        let mut env = self.lock()?;
        let (obs, rewards, terminated, truncated, mask, player) = (
            self.observations.as_ref().map(|o| o.bind(py).clone()),
            self.rewards.bind(py),
            self.terminated.bind(py),
            self.truncated.bind(py),
            self.legal_mask.bind(py),
            self.current_player.bind(py),
        );
        // SAFETY: the arrays are this object's own, contiguous, and not resized; Python code
        // that reads them from another thread while a step runs sees a step in progress, as
        // documented.
        let buffers = unsafe {
            Buffers {
                observations: match &obs {
                    Some(o) => o.as_slice_mut()?,
                    None => &mut [],
                },
                rewards: rewards.as_slice_mut()?,
                terminated: terminated.as_slice_mut()?,
                truncated: truncated.as_slice_mut()?,
                legal_mask: mask.as_slice_mut()?,
                current_player: player.as_slice_mut()?,
            }
        };
        let env: &mut dyn ErasedVecEnv = &mut **env;
        py.detach(|| guard(|| Ok(f(env, buffers))))
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(
        signature = (game, num_envs, seed=Seed(0), threads=None, observations=true, max_steps=None),
        text_signature = "(game, num_envs, seed=0, threads=None, observations=True, max_steps=None)"
    )]
    fn new(
        py: Python<'_>,
        game: Py<Game>,
        num_envs: Count,
        seed: Seed,
        threads: Option<Count>,
        observations: bool,
        max_steps: Option<Count>,
    ) -> PyResult<VecEnv> {
        let n = num_envs.0;
        if n == 0 || n > 1 << 24 {
            return Err(PyValueError::new_err("num_envs must be in 1..=16777216"));
        }
        if threads.as_ref().is_some_and(|t| t.0 == 0) {
            return Err(PyValueError::new_err("threads must be at least 1 (or None for all cores)"));
        }
        let max_steps = max_steps.map(|m| m.0);
        if max_steps == Some(0) {
            return Err(PyValueError::new_err("max_steps must be at least 1 (or None for no bound)"));
        }
        let g = game.get();
        let (players, actions) = (g.num_players(), g.num_actions());
        let obs_len: usize = if observations { g.observation_shape.iter().product() } else { 0 };
        // Per row: the state and its bookkeeping in Rust (episode count, legal bit set, step
        // count), then the numpy rows: observation, mask, rewards, flags, player.
        let row = g.inner.state_size() + 16 + actions.div_ceil(64) * 8 + 4 * obs_len + actions + 4 * players + 6;
        crate::memory::check(&format!("a VecEnv of {n} {} environments", g.name()), n as u128 * row as u128)?;
        let mut obs_shape = vec![n];
        obs_shape.extend(&g.observation_shape);
        let inner = g.inner.clone();
        let env = py.detach(|| guard(|| Ok(inner.vec_env(n, seed.0, threads.map(|t| t.0), max_steps))))?;
        // The mask is updated in place, only where it changes: Python may read it, not write it.
        let legal_mask = PyArray2::from_owned_array(py, Array2::from_elem((n, actions), false));
        let readonly = pyo3::types::PyDict::new(py);
        readonly.set_item("write", false)?;
        legal_mask.call_method("setflags", (), Some(&readonly))?;
        Ok(VecEnv {
            observations: observations
                .then(|| PyArrayDyn::from_owned_array(py, ArrayD::zeros(IxDyn(&obs_shape))).unbind()),
            rewards: PyArray2::from_owned_array(py, Array2::zeros((n, players))).unbind(),
            terminated: PyArray1::from_owned_array(py, Array1::from_elem(n, false)).unbind(),
            truncated: PyArray1::from_owned_array(py, Array1::from_elem(n, false)).unbind(),
            legal_mask: legal_mask.unbind(),
            max_steps,
            current_player: PyArray1::from_owned_array(py, Array1::zeros(n)).unbind(),
            env: Mutex::new(env),
            game,
        })
    }

    #[getter]
    fn num_envs(&self) -> PyResult<usize> {
        Ok(self.lock()?.num_envs())
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The step bound per game (`None`: games run until their rules end them).
    #[getter]
    fn max_steps(&self) -> Option<usize> {
        self.max_steps
    }

    /// Starts every environment on a new game; a `seed` restarts the seed sequence.
    #[pyo3(signature = (seed=None))]
    fn reset(&self, py: Python<'_>, seed: Option<Seed>) -> PyResult<Batch> {
        self.with_buffers(py, |env, out| env.reset(seed.map(|s| s.0), out))?;
        Ok(self.batch(py))
    }

    /// Applies one action per environment (any integer array-like of length `num_envs`).
    /// An illegal action raises `IllegalActionError` (with `.env`, the environment's index) and
    /// steps nothing.
    fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Batch> {
        let num_actions = self.game.get().num_actions() as i64;
        let ids = match actions.cast::<PyArray1<i64>>() {
            // The common case (what `sample_actions` and `argmax` return): read in place.
            Ok(a) if a.is_c_contiguous() => action_ids(py, a.readonly().as_slice()?, num_actions)?,
            _ => {
                let numpy = py.import("numpy")?;
                let a = numpy.call_method1("ascontiguousarray", (actions, "int64"))?;
                let a = a
                    .cast_into::<PyArray1<i64>>()
                    .map_err(|_| PyValueError::new_err("actions must be a 1-d array of integers"))?;
                action_ids(py, a.readonly().as_slice()?, num_actions)?
            }
        };
        let result = self.with_buffers(py, |env, out| env.step(&ids, out))?;
        match result {
            Ok(()) => Ok(self.batch(py)),
            Err((i, e)) => {
                let err = to_py(py, e);
                err.value(py).setattr("env", i)?;
                Err(err)
            }
        }
    }

    /// A uniformly random legal action per environment (`int64 (num_envs,)`), drawn in Rust
    /// from the environment's own stream (restarted by `reset(seed)`).
    fn sample_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut env = self.lock()?;
        let env: &mut dyn ErasedVecEnv = &mut **env;
        let mut out = vec![0 as Action; env.num_envs()];
        py.detach(|| {
            guard(|| {
                env.sample_actions(&mut out);
                Ok(())
            })
        })?;
        Ok(PyArray1::from_iter(py, out.into_iter().map(i64::from)))
    }

    /// A copy of environment `i`'s current state (for rendering or inspection).
    fn state(&self, py: Python<'_>, i: usize) -> PyResult<State> {
        let env = self.lock()?;
        if i >= env.num_envs() {
            return Err(PyValueError::new_err(format!("environment {i} of {}", env.num_envs())));
        }
        let inner = guard(|| Ok(env.state(i)))?;
        Ok(State::new(self.game.clone_ref(py), inner))
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("<kumite.VecEnv {} × {}>", self.num_envs()?, self.game.get().name()))
    }
}
