//! The one place where engine errors become Python exceptions. Every `GameError` variant maps to
//! its own exception type, carrying the variant's fields as attributes; Rust panics become
//! `InternalError` instead of pyo3's `PanicException` (a `BaseException` that `except Exception`
//! would not catch).

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use kumite::core::GameError;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::BoundObject;

create_exception!(kumite, KumiteError, PyValueError, "Base class of every error kumite raises.");
create_exception!(
    kumite,
    NetMismatchError,
    KumiteError,
    "A network made for another game, observation layout, action space, player count or content: `field` names what differs, `expected` is the game's, `found` the network's."
);
create_exception!(
    kumite,
    IllegalActionError,
    KumiteError,
    "An action that is not legal here (or no legal action has that text). The state is unchanged."
);
create_exception!(kumite, InvalidOptionError, KumiteError, "A game option with a bad name, type or value.");
create_exception!(kumite, UnknownGameError, KumiteError, "No game has that name.");
create_exception!(
    kumite,
    DeserializationError,
    KumiteError,
    "A JSON state or game record that cannot be read or replayed."
);
create_exception!(kumite, CardDataError, KumiteError, "Card or content files with problems.");
create_exception!(
    kumite,
    BotSpecError,
    KumiteError,
    "A bot spec that does not read, or names a bot that cannot be made here: the message says what is wrong and lists every form."
);
create_exception!(kumite, InvalidPlayerError, KumiteError, "A player index outside 0..num_players.");
create_exception!(
    kumite,
    ConformanceError,
    KumiteError,
    "The conformance suite found a violation of the game contract (an engine bug)."
);
create_exception!(
    kumite,
    InternalError,
    KumiteError,
    "A bug inside kumite (a Rust panic). The state it happened in is unusable afterwards."
);

/// Builds an exception of type `T` with `message` and sets `fields` as attributes.
fn with_fields<'py, T: pyo3::PyTypeInfo>(
    py: Python<'py>,
    message: String,
    fields: Vec<(&str, Bound<'py, PyAny>)>,
) -> PyErr {
    let err = PyErr::from_type(py.get_type::<T>(), message);
    let value = err.value(py);
    for (name, field) in fields {
        if let Err(e) = value.setattr(name, field) {
            return e;
        }
    }
    err
}

fn any<'py, T>(py: Python<'py>, value: T) -> Bound<'py, PyAny>
where
    T: IntoPyObject<'py>,
{
    match value.into_pyobject(py) {
        Ok(v) => v.into_any().into_bound(),
        Err(_) => py.None().into_bound(py),
    }
}

/// Maps an engine error to its Python exception. Exhaustive: a new variant fails to compile here.
pub fn to_py(py: Python<'_>, error: GameError) -> PyErr {
    let message = error.to_string();
    match error {
        GameError::UnknownGame { name, known } => {
            let known: Vec<&str> = known.split(", ").filter(|s| !s.is_empty()).collect();
            with_fields::<UnknownGameError>(py, message, vec![("name", any(py, name)), ("known", any(py, known))])
        }
        GameError::InvalidOption { option, reason } => with_fields::<InvalidOptionError>(
            py,
            message,
            vec![("option", any(py, option)), ("reason", any(py, reason))],
        ),
        GameError::IllegalAction { action, text, legal } => with_fields::<IllegalActionError>(
            py,
            message,
            vec![("action", any(py, action)), ("text", any(py, text)), ("legal", any(py, legal))],
        ),
        // A text that names no legal action: no action number exists, `legal` holds the texts.
        GameError::UnknownActionText { text, legal } => with_fields::<IllegalActionError>(
            py,
            message,
            vec![("action", py.None().into_bound(py)), ("text", any(py, text)), ("legal", any(py, legal))],
        ),
        GameError::InvalidPlayer { player, num_players } => with_fields::<InvalidPlayerError>(
            py,
            message,
            vec![("player", any(py, player)), ("num_players", any(py, num_players))],
        ),
        GameError::Deserialization { reason, problems } => with_fields::<DeserializationError>(
            py,
            message,
            vec![("reason", any(py, reason)), ("problems", any(py, problems))],
        ),
        GameError::NetMismatch { field, expected, found } => with_fields::<NetMismatchError>(
            py,
            message,
            vec![("field", any(py, field)), ("expected", any(py, expected)), ("found", any(py, found))],
        ),
        GameError::CardData { problems } => {
            let list: Vec<Bound<'_, PyAny>> = problems
                .iter()
                .map(|p| {
                    let d = PyDict::new(py);
                    for (k, v) in [("file", &p.file), ("card", &p.card), ("field", &p.field), ("reason", &p.reason)] {
                        let _ = d.set_item(k, v);
                    }
                    d.into_any()
                })
                .collect();
            with_fields::<CardDataError>(py, message, vec![("problems", any(py, list))])
        }
    }
}

/// Engine errors hold integers as `i64`; an argument beyond that range is reported with a
/// stand-in (`i64::MIN` or `i64::MAX`), which this swaps back for the caller's real value in the
/// exception's field and message.
pub fn with_real_int(py: Python<'_>, err: PyErr, field: &str, stand_in: i64, real: &Bound<'_, PyAny>) -> PyErr {
    let value = err.value(py);
    let real_text = real.str().map(|s| s.to_string()).unwrap_or_default();
    let message = value.str().map(|s| s.to_string()).unwrap_or_default();
    let fixed = message.replacen(&stand_in.to_string(), &real_text, 1);
    if value.setattr(field, real).is_err() || value.setattr("args", (fixed,)).is_err() {
        return err;
    }
    err
}

/// `Result<T, GameError>` → `PyResult<T>`.
pub trait IntoPyResult<T> {
    fn py_err(self, py: Python<'_>) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, GameError> {
    fn py_err(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|e| to_py(py, e))
    }
}

pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    let what = if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with no message".to_string()
    };
    format!("internal error in kumite (please report it): {what}")
}

/// Runs `f`, turning a Rust panic into `InternalError`. Every entry point goes through this (or
/// through `State::mutate`, which also marks the state unusable).
pub fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => Err(InternalError::new_err(panic_message(&*payload))),
    }
}
