//! `BotSpec`: the engine's bot grammar ([`kumite::search::BotSpec`]) for Python, which builds
//! every bot from it (`kumite.make_bot`).

use kumite::search::{BotSpec as RustSpec, GRAMMAR};
use pyo3::prelude::*;

use crate::errors::BotSpecError;

/// A bot spec read once: `random`, `mcts:N[:heuristic]`, `policy[:PATH]`, `az:N[:PATH]`,
/// `azp:N[:PATH]`, `azh:N[:PATH]`, `azm:N:LAMBDA[:PATH]` or `module:attr`. `str(spec)` writes it back.
#[pyclass(module = "kumite._kumite", name = "BotSpec", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BotSpec {
    pub inner: RustSpec,
}

pub fn bad_spec(error: kumite::search::BotSpecError) -> PyErr {
    BotSpecError::new_err(error.to_string())
}

#[pymethods]
impl BotSpec {
    /// Every form, as the error messages list them.
    #[classattr]
    const GRAMMAR: &'static str = GRAMMAR;

    /// PUCT's `c` in the searches the network kinds name.
    #[classattr]
    const AZ_EXPLORATION: f32 = kumite::search::AZ_EXPLORATION;

    /// Reads a spec; a bad one raises `BotSpecError` (a `ValueError`) naming what is wrong and
    /// every form accepted.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<BotSpec> {
        RustSpec::parse(text).map(|inner| BotSpec { inner }).map_err(bad_spec)
    }

    /// `random`, `mcts`, `policy`, `az`, `azp`, `azh`, `azm` or `custom` (`module:attr`).
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind()
    }

    /// The search's iterations per move (`None` for a bot that does not search).
    #[getter]
    fn iterations(&self) -> Option<u32> {
        self.inner.iterations()
    }

    /// `azm`'s λ, the random playouts' share of a leaf's value (`None` for the other kinds).
    #[getter]
    fn leaf_mix(&self) -> Option<f32> {
        self.inner.leaf_mix()
    }

    /// Whether the bot is made from a network (`policy`, `az`, `azp`, `azh`, `azm`).
    #[getter]
    fn uses_net(&self) -> bool {
        self.inner.uses_net()
    }

    /// The network file named (`None`: the game's shipped network, or none).
    #[getter]
    fn net(&self) -> Option<&str> {
        self.inner.net_path()
    }

    /// A `module:attr` bot's module and attribute (`None` for the others).
    #[getter]
    fn module(&self) -> Option<&str> {
        match &self.inner {
            RustSpec::Custom { module, .. } => Some(module),
            _ => None,
        }
    }

    #[getter]
    fn attr(&self) -> Option<&str> {
        match &self.inner {
            RustSpec::Custom { attr, .. } => Some(attr),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("BotSpec.parse({:?})", self.inner.to_string())
    }
}
