//! `Net`: a policy-value network evaluated in Rust, with the GIL released.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use kumite::search::net::{Net as RustNet, NetShape, MAX_NET_BYTES, NET_FORMAT};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

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
    /// The format's name, which every file's `format` metadata holds.
    #[classattr]
    const FORMAT: &'static str = NET_FORMAT;

    /// The format's linear layers for these sizes, in file order (`input`, each block's `fc1` and
    /// `fc2`, `policy`, `value`): `(weight, bias, outputs, inputs)`, the tensors' names and the
    /// weight's shape `[outputs, inputs]` (the bias is `[outputs]`). The one statement of the
    /// names, shared with the reader.
    #[staticmethod]
    fn layout(
        obs_len: usize,
        num_actions: usize,
        num_players: usize,
        hidden: usize,
        blocks: usize,
    ) -> Vec<(String, String, usize, usize)> {
        let shape = NetShape {
            game: String::new(),
            obs_len,
            num_actions,
            num_players,
            hidden,
            blocks,
            fingerprint: String::new(),
        };
        shape.layers().into_iter().map(|l| (l.weight, l.bias, l.outputs, l.inputs)).collect()
    }

    /// The metadata a file for `game` with `hidden` units and `blocks` residual blocks carries,
    /// `format` first: what `check` compares with the game.
    #[staticmethod]
    fn metadata_for<'py>(py: Python<'py>, game: &Game, hidden: usize, blocks: usize) -> PyResult<Bound<'py, PyDict>> {
        let shape = NetShape {
            game: game.inner.name().to_string(),
            obs_len: game.observation_shape.iter().product(),
            num_actions: game.inner.num_actions(),
            num_players: game.inner.num_players(),
            hidden,
            blocks,
            fingerprint: game.inner.fingerprint(),
        };
        let out = PyDict::new(py);
        for (key, value) in shape.metadata() {
            out.set_item(key, value)?;
        }
        Ok(out)
    }

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
