//! `Net` (a policy-value network evaluated in Rust) and `selfplay` (training data from searches
//! guided by one), both with the GIL released.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use kumite::search::net::{Net as RustNet, MAX_NET_BYTES};
use kumite::search::{BatchEvaluator, SelfplayConfig};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{Count, Seed};
use crate::errors::{guard, IntoPyResult};
use crate::game::Game;

/// What a forward pass returns: the priors and the values, `(n, num_actions)` and `(n, players)`.
type Forward<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<f32>>);

/// A policy-value network in the `kumite-net-1` safetensors format (see the agents guide):
/// priors over the actions and one value per seat from the observation of the player to move,
/// evaluated in Rust. Use it as `MCTS(game, evaluator=net)`, in `selfplay`, or as the bots
/// `policy:PATH` and `az:N:PATH`.
#[pyclass(module = "kumite._kumite", name = "Net", frozen)]
pub struct Net {
    pub inner: Arc<RustNet>,
}

#[pymethods]
impl Net {
    /// Reads a network file; a malformed one raises `DeserializationError` saying what is wrong.
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<Net> {
        let size = std::fs::metadata(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?.len();
        if size > MAX_NET_BYTES as u64 {
            return Err(PyValueError::new_err(format!(
                "{}: {size} bytes, above the limit of {MAX_NET_BYTES}",
                path.display()
            )));
        }
        let bytes = std::fs::read(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
        Net::from_bytes(py, &bytes)
    }

    /// The same from the file's bytes.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<Net> {
        let inner = guard(|| RustNet::from_bytes(data).py_err(py))?;
        Ok(Net { inner: Arc::new(inner) })
    }

    /// The file's metadata: `format`, `game`, `obs_len`, `num_actions`, `num_players`, `hidden`,
    /// `blocks`, `fingerprint`, and whatever provenance the trainer recorded.
    #[getter]
    fn metadata(&self) -> HashMap<String, String> {
        self.inner.metadata.clone()
    }

    /// Raises `NetMismatchError` (naming the field) unless the network was made for this game,
    /// with these options and content.
    fn check(&self, py: Python<'_>, game: &Game) -> PyResult<()> {
        guard(|| game.inner.verify_net(&self.inner).py_err(py))
    }

    /// The forward pass: `observations` `(n, obs_len)` and legal `masks` `(n, num_actions)` give
    /// `(priors, values)`: `(n, num_actions)` (a softmax over the legal actions, 0 elsewhere) and
    /// `(n, num_players)` (one value per seat, in -1..1).
    fn evaluate<'py>(
        &self,
        py: Python<'py>,
        observations: PyReadonlyArray2<'py, f32>,
        masks: PyReadonlyArray2<'py, bool>,
    ) -> PyResult<Forward<'py>> {
        let s = &self.inner.shape;
        let n = observations.shape()[0];
        if observations.shape() != [n, s.obs_len] || masks.shape() != [n, s.num_actions] {
            return Err(PyValueError::new_err(format!(
                "expected observations ({n}, {}) and masks ({n}, {}), got {:?} and {:?}",
                s.obs_len,
                s.num_actions,
                observations.shape(),
                masks.shape()
            )));
        }
        let (obs, mask) = (observations.as_slice()?.to_vec(), masks.as_slice()?.to_vec());
        let net = self.inner.clone();
        let (priors, values) = py.detach(|| {
            let mut priors = vec![0.0f32; n * net.shape.num_actions];
            let mut values = vec![0.0f32; n * net.shape.num_players];
            net.forward(&obs, &mask, n, &mut priors, &mut values);
            (priors, values)
        });
        Ok((
            PyArray1::from_vec(py, priors).reshape([n, s.num_actions])?,
            PyArray1::from_vec(py, values).reshape([n, s.num_players])?,
        ))
    }

    fn __repr__(&self) -> String {
        let s = &self.inner.shape;
        format!("Net({}, hidden={}, blocks={}, fingerprint={})", s.game, s.hidden, s.blocks, s.fingerprint)
    }
}

/// Self-play: `games` games in which every seat plays the search guided by `net` (`None`:
/// uniform priors and random playout values, the first round of training) with `simulations` iterations a
/// decision; the first `temperature_moves` decisions of a game are drawn in proportion to the
/// visits. With `gumbel=K` the search's root is Gumbel's (K actions considered): its survivor
/// is played, and `policy` is its improved policy. Returns numpy arrays, one row per decision:
/// `observations`, `masks`, `policy` (the visit distribution, or Gumbel's improved policy), `values` (the game's final returns, per seat; 0 for a truncated game),
/// `player`, `game`, `truncated`; and per game `game_returns`, `game_truncated`, `game_length`;
/// and `simulations` (iterations run in all). The same seed gives the same arrays whatever
/// `threads`. With `leaf_values="playout"` or `"heuristic"` the net's priors (uniform ones
/// without a net) guide the search and random playouts or the game's heuristic value its
/// leaves (the net's value head is not read).
#[pyfunction]
#[pyo3(
    signature = (game, net=None, games=Count(1), simulations=Count(64), seed=Seed(0), threads=None, max_steps=None, temperature_moves=Count(30), exploration=1.25, gumbel=None, leaf_values="evaluator"),
    text_signature = "(game, net=None, games=1, simulations=64, seed=0, threads=None, max_steps=None, temperature_moves=30, exploration=1.25, gumbel=None, leaf_values='evaluator')"
)]
#[allow(clippy::too_many_arguments)]
pub fn selfplay<'py>(
    py: Python<'py>,
    game: &Game,
    net: Option<&Net>,
    games: Count,
    simulations: Count,
    seed: Seed,
    threads: Option<Count>,
    max_steps: Option<Count>,
    temperature_moves: Count,
    exploration: f32,
    gumbel: Option<Count>,
    leaf_values: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let root = crate::search::root_rule(gumbel)?;
    let leaf_values = crate::search::leaf_values(leaf_values)?;
    let simulations = u32::try_from(simulations.0)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| PyValueError::new_err("simulations must be in 1..2**32"))?;
    if games.0 == 0 || games.0 > 1 << 24 {
        return Err(PyValueError::new_err("games must be in 1..=16777216"));
    }
    if threads.as_ref().is_some_and(|t| t.0 == 0) {
        return Err(PyValueError::new_err("threads must be at least 1 (or None for all cores)"));
    }
    if !(exploration >= 0.0 && exploration.is_finite()) {
        return Err(PyValueError::new_err("exploration must be a non-negative number"));
    }
    let evaluator: Option<Arc<dyn BatchEvaluator>> = match net {
        Some(net) => {
            guard(|| game.inner.verify_net(&net.inner).py_err(py))?;
            Some(net.inner.clone())
        }
        None => None,
    };
    let cfg = SelfplayConfig {
        games: games.0,
        simulations,
        seed: seed.0,
        threads: threads.map(|t| t.0),
        max_steps: max_steps.map(|m| m.0),
        temperature_moves: temperature_moves.0,
        exploration,
        root,
        leaf_values,
    };
    let inner = game.inner.clone();
    let data = py.detach(|| guard(|| Ok(inner.selfplay(evaluator, &cfg))))?;
    let (rows, obs_len, actions, players) =
        (data.rows(), inner.observation_shape().iter().product::<usize>(), game.num_actions(), game.num_players());
    let out = PyDict::new(py);
    out.set_item("observations", PyArray1::from_vec(py, data.observations).reshape([rows, obs_len])?)?;
    out.set_item("masks", PyArray1::from_vec(py, data.masks).reshape([rows, actions])?)?;
    out.set_item("policy", PyArray1::from_vec(py, data.policy).reshape([rows, actions])?)?;
    out.set_item("values", PyArray1::from_vec(py, data.values).reshape([rows, players])?)?;
    out.set_item("root_value", PyArray1::from_vec(py, data.root_value))?;
    out.set_item("player", PyArray1::from_vec(py, data.player))?;
    out.set_item("game", PyArray1::from_vec(py, data.game))?;
    out.set_item("truncated", PyArray1::from_vec(py, data.truncated))?;
    let n = data.game_length.len();
    out.set_item("game_returns", PyArray1::from_vec(py, data.game_returns).reshape([n, players])?)?;
    out.set_item("game_truncated", PyArray1::from_vec(py, data.game_truncated))?;
    out.set_item("game_length", PyArray1::from_vec(py, data.game_length))?;
    out.set_item("simulations", data.simulations)?;
    Ok(out)
}
