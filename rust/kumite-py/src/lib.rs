//! The Python extension `kumite._kumite`. Thin by design: it converts types, releases the GIL
//! for batch work and maps engine errors to exceptions; every rule lives in the `kumite` crate.
//! Users import the `kumite` package, which re-exports what is here.

mod batch;
mod bot_spec;
mod convert;
mod errors;
mod fairness;
mod game;
mod memory;
mod net;
mod search;
mod selfplay;
mod state;
mod vec_env;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{options_to_json, JsonText};
use crate::errors::{guard, IntoPyResult};
use crate::game::{load_game, Game};
use crate::state::State;

/// The names `load` accepts.
#[pyfunction]
fn games() -> Vec<&'static str> {
    kumite::erased::NAMES.to_vec()
}

/// What the game `name` says about itself, without loading it: its names, seats, utility,
/// default bots, balance plan, training recipe, board legend and conformance option sets, as
/// plain values. Unknown names raise `UnknownGameError`.
#[pyfunction]
fn game_info<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let info = guard(|| kumite::erased::info(name).py_err(py))?;
    game::info_to_py(py, info)
}

/// A game by name; keyword arguments are its options (tuples become lists). Unknown names raise
/// `UnknownGameError`, bad options `InvalidOptionError`.
#[pyfunction]
#[pyo3(signature = (name, /, **options))]
fn load(py: Python<'_>, name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    let options = options_to_json(options).py_err(py)?;
    load_game(py, name, &options)
}

/// Replays a game record written by `State.to_record`.
#[pyfunction]
fn from_record(py: Python<'_>, text: JsonText) -> PyResult<State> {
    let text = text.0.py_err(py)?;
    let inner = guard(|| kumite::erased::from_record(&text, kumite::erased::load).py_err(py))?;
    let game = Py::new(py, Game::new(inner.game())?)?;
    Ok(State::new(game, inner))
}

/// Unpickles a `Game` (its `__reduce__` points here).
#[pyfunction]
fn _load_json(py: Python<'_>, name: &str, options: &str) -> PyResult<Game> {
    let options: serde_json::Map<String, serde_json::Value> = serde_json::from_str(options)
        .map_err(|e| kumite::core::GameError::deserialization(format!("pickled options: {e}")))
        .py_err(py)?;
    load_game(py, name, &options)
}

/// Panics inside the guard, so tests can check that a Rust panic surfaces as `InternalError`
/// (never pyo3's `PanicException`, a `BaseException`).
#[pyfunction]
fn _panic_for_tests(message: &str) -> PyResult<()> {
    guard(|| panic!("{message}"))
}

#[pymodule]
mod _kumite {
    #[pymodule_export]
    use super::{_load_json, _panic_for_tests, from_record, game_info, games, load};
    #[pymodule_export]
    use crate::batch::{conformance, rollout, RolloutResult};
    #[pymodule_export]
    use crate::bot_spec::BotSpec;
    #[pymodule_export]
    use crate::errors::{
        BotSpecError, CardDataError, ConformanceError, DeserializationError, IllegalActionError, InternalError,
        InvalidOptionError, InvalidPlayerError, KumiteError, NetMismatchError, UnknownGameError,
    };
    #[pymodule_export]
    use crate::fairness::{check_seats, check_secrets, dead_text, seat_shares};
    #[pymodule_export]
    use crate::game::Game;
    #[pymodule_export]
    use crate::net::Net;
    #[pymodule_export]
    use crate::search::{Mcts, SearchResult};
    #[pymodule_export]
    use crate::selfplay::selfplay;
    #[pymodule_export]
    use crate::state::State;
    #[pymodule_export]
    use crate::vec_env::{Batch, VecEnv};

    #[allow(non_upper_case_globals)]
    #[pymodule_export]
    const __version__: &str = env!("CARGO_PKG_VERSION");

    /// The version of the JSON state and game-record formats this build reads and writes.
    #[pymodule_export]
    const FORMAT_VERSION: u32 = kumite::erased::FORMAT_VERSION;
}
