//! Batch work that runs entirely in Rust with the GIL released: random rollouts and the
//! conformance suite.

use kumite::conformance::Conformance;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert::{Count, Seed};
use crate::errors::{guard, ConformanceError, InternalError};
use crate::game::Game;

/// Results of `rollout`: `returns` is `float32 (n_games, num_players)`, `lengths` is
/// `int32 (n_games,)`, the number of actions in each game, `truncated` is `bool (n_games,)`:
/// the game was cut at `max_steps` (it has no result; its returns are those at the cut).
#[pyclass(module = "kumite._kumite", name = "RolloutResult", frozen)]
pub struct RolloutResult {
    n_games: usize,
    #[pyo3(get)]
    num_players: usize,
    #[pyo3(get)]
    returns: Py<PyArray2<f32>>,
    #[pyo3(get)]
    lengths: Py<PyArray1<i32>>,
    #[pyo3(get)]
    truncated: Py<PyArray1<bool>>,
}

#[pymethods]
impl RolloutResult {
    /// The results of games played elsewhere (e.g. `kumite.distributed.rollout`'s Ray tasks),
    /// copied: `returns` `float32 (n, players)`, `lengths` `int32 (n,)`, `truncated` `bool (n,)`.
    #[new]
    fn new(
        py: Python<'_>,
        returns: PyReadonlyArray2<'_, f32>,
        lengths: PyReadonlyArray1<'_, i32>,
        truncated: PyReadonlyArray1<'_, bool>,
    ) -> PyResult<Self> {
        let [n, players] = [returns.shape()[0], returns.shape()[1]];
        if lengths.len() != n || truncated.len() != n {
            return Err(PyValueError::new_err(format!(
                "returns has {n} rows, lengths {} and truncated {}: one per game in each",
                lengths.len(),
                truncated.len()
            )));
        }
        Ok(RolloutResult {
            n_games: n,
            num_players: players,
            returns: PyArray2::from_owned_array(py, returns.to_owned_array()).unbind(),
            lengths: PyArray1::from_owned_array(py, lengths.to_owned_array()).unbind(),
            truncated: PyArray1::from_owned_array(py, truncated.to_owned_array()).unbind(),
        })
    }

    fn __len__(&self) -> usize {
        self.n_games
    }

    fn __repr__(&self) -> String {
        format!("<kumite.RolloutResult {} games, {} players>", self.n_games, self.num_players)
    }
}

/// Plays `n_games` uniformly random games from new states on `threads` threads (all cores when
/// `None`), each cut after `max_steps` actions (`None`: the game's `max_game_length`) and then
/// reported `truncated`. Game `i` is seeded from `(seed, i)`, so the results depend on `seed`
/// only. `first` plays games `first..first + n_games` of that sequence instead (to split a batch
/// up).
#[pyfunction]
#[pyo3(
    signature = (game, n_games, seed=Seed(0), threads=None, first=Seed(0), max_steps=None),
    text_signature = "(game, n_games, seed=0, threads=None, first=0, max_steps=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn rollout(
    py: Python<'_>,
    game: &Bound<'_, Game>,
    n_games: Count,
    seed: Seed,
    threads: Option<Count>,
    first: Seed,
    max_steps: Option<Count>,
) -> PyResult<RolloutResult> {
    let game = game.get().inner.clone();
    if threads.as_ref().is_some_and(|t| t.0 == 0) {
        return Err(PyValueError::new_err("threads must be at least 1 (or None for all cores)"));
    }
    let threads = threads.map(|t| t.0);
    let (n, seed) = (n_games.0, seed.0);
    // The engine allocates the results up front, and a failed allocation aborts the process:
    // an absurd `n_games` is a MemoryError instead. The results are held twice at the end (the
    // engine's arrays and numpy's).
    crate::memory::check(
        &format!("storing the results of {n} games"),
        2 * n as u128 * (4 * game.num_players() as u128 + 9),
    )?;
    let (first, max_steps) = (first.0, max_steps.map(|m| m.0));
    let result = py.detach(|| guard(|| Ok(game.rollout_range(first, n, seed, threads, max_steps))))?;
    let players = result.num_players;
    let lengths: Vec<i32> = result.lengths.iter().map(|&l| i32::try_from(l).unwrap_or(i32::MAX)).collect();
    let returns = PyArray1::from_vec(py, result.returns)
        .reshape([n, players])
        .map_err(|e| InternalError::new_err(format!("rollout returns: {e}")))?;
    Ok(RolloutResult {
        n_games: n,
        num_players: players,
        returns: returns.unbind(),
        lengths: PyArray1::from_vec(py, lengths).unbind(),
        truncated: PyArray1::from_vec(py, result.truncated).unbind(),
    })
}

/// Runs the engine's conformance suite on `game`: `games` random games checked after every
/// action, the first `deep_games` with the costly checks too. Returns the number of actions
/// checked; raises `ConformanceError` with the first violation.
#[pyfunction]
#[pyo3(
    signature = (game, games=Count(10_000), seed=Seed(0), deep_games=Count(300)),
    text_signature = "(game, games=10000, seed=0, deep_games=300)"
)]
pub fn conformance(
    py: Python<'_>,
    game: &Bound<'_, Game>,
    games: Count,
    seed: Seed,
    deep_games: Count,
) -> PyResult<u64> {
    let game = game.get().inner.clone();
    let c = Conformance { games: games.0, seed: seed.0, deep_games: deep_games.0 };
    let result = py.detach(|| guard(|| Ok(game.conformance(c))))?;
    result.map_err(|violation| {
        let err = ConformanceError::new_err(format!("{} conformance: {violation}", game.name()));
        let _ = err.value(py).setattr("violation", violation);
        err
    })
}
