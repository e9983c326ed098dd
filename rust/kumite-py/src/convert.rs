//! Conversions at the boundary: Python values to JSON options, JSON back to Python, and the
//! integer arguments (actions, players, seeds) whose out-of-range values must become kumite
//! errors rather than `OverflowError`.

use kumite::core::{Action, GameError};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

use crate::errors::{to_py, with_real_int};

/// Deeper than any real option value; stops a self-containing list from recursing forever.
const MAX_DEPTH: usize = 32;

/// A Python value as JSON: `None`, bools, ints, finite floats, strings, `os.PathLike`, lists,
/// tuples and dicts with string keys. `option` names the option in the error.
pub fn to_json(value: &Bound<'_, PyAny>, option: &str, depth: usize) -> Result<Value, GameError> {
    let bad = |reason: String| GameError::option(option, reason);
    if depth > MAX_DEPTH {
        return Err(bad(format!("nested more than {MAX_DEPTH} levels deep")));
    }
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(i) = value.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = value.extract::<u64>() {
            return Ok(Value::from(u));
        }
        return Err(bad(format!("the integer {value} is out of range")));
    }
    if let Ok(f) = value.cast::<PyFloat>() {
        return Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| bad(format!("{value} is not a finite number")));
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Value::String(s.to_string_lossy().into_owned()));
    }
    if let Ok(list) = value.cast::<PyList>() {
        return list.iter().map(|v| to_json(&v, option, depth + 1)).collect::<Result<_, _>>().map(Value::Array);
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        return tuple.iter().map(|v| to_json(&v, option, depth + 1)).collect::<Result<_, _>>().map(Value::Array);
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let mut map = Map::new();
        for (k, v) in dict.iter() {
            let Ok(key) = k.cast::<PyString>() else {
                return Err(bad(format!("dict keys must be strings, not {}", type_name(&k))));
            };
            map.insert(key.to_string_lossy().into_owned(), to_json(&v, option, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    if value.hasattr("__fspath__").unwrap_or(false) {
        if let Ok(path) = value.call_method0("__fspath__") {
            if let Ok(s) = path.cast::<PyString>() {
                return Ok(Value::String(s.to_string_lossy().into_owned()));
            }
        }
    }
    Err(bad(format!("a value of type {} cannot be an option", type_name(value))))
}

/// Keyword options as a JSON object.
pub fn options_to_json(options: Option<&Bound<'_, PyDict>>) -> Result<Map<String, Value>, GameError> {
    let mut map = Map::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let key: String = k.extract().map_err(|_| GameError::option("?", "option names must be strings"))?;
            let value = to_json(&v, &key, 0)?;
            map.insert(key, value);
        }
    }
    Ok(map)
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into())
}

/// JSON as Python objects, through the standard library's `json.loads`.
pub fn from_json<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let loads = LOADS.get_or_try_init(py, || py.import("json")?.getattr("loads").map(Bound::unbind))?;
    loads.bind(py).call1((value.to_string(),))
}

/// An integer argument that may be far out of range. Beyond `i64`, `value` is a stand-in of the
/// right sign (`i64::MIN` or `i64::MAX`) and `real` holds the caller's integer, for the error.
pub struct WideInt {
    pub value: i64,
    pub real: Option<Py<PyAny>>,
}

impl WideInt {
    /// The engine error made from `value`, with the real integer put back into `field`.
    pub fn error(&self, py: Python<'_>, field: &str, error: GameError) -> PyErr {
        let err = to_py(py, error);
        match &self.real {
            Some(real) => with_real_int(py, err, field, self.value, real.bind(py)),
            None => err,
        }
    }
}

/// Anything that is not an integer (per `__index__`; floats are refused) is a `TypeError`.
fn wide_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<WideInt> {
    // `True` is an int to Python, but `apply(True)` taken as action 1 is a caller's mistake.
    if obj.is_instance_of::<PyFloat>() || obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{what} must be an int, not {}", type_name(obj))));
    }
    match obj.extract::<i64>() {
        Ok(value) => Ok(WideInt { value, real: None }),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            let negative = obj.lt(0).unwrap_or(false);
            let value = if negative { i64::MIN } else { i64::MAX };
            Ok(WideInt { value, real: Some(obj.clone().unbind()) })
        }
        Err(_) => Err(PyTypeError::new_err(format!("{what} must be an int, not {}", type_name(obj)))),
    }
}

/// An action argument: a number (checked against `0..num_actions` by the caller) or its text.
pub enum ActionArg {
    /// In `0..=u16::MAX`.
    Id(Action),
    /// Any other integer.
    OutOfRange(WideInt),
    Text(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for ActionArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(ActionArg::Text(s.to_string_lossy().into_owned()));
        }
        let int = wide_int(&obj, "an action")?;
        Ok(match (int.real.is_none(), Action::try_from(int.value)) {
            (true, Ok(a)) => ActionArg::Id(a),
            _ => ActionArg::OutOfRange(int),
        })
    }
}

/// A player argument, checked against the number of players by `check`.
pub struct PlayerArg(WideInt);

impl<'a, 'py> FromPyObject<'a, 'py> for PlayerArg {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        wide_int(&obj, "a player").map(PlayerArg)
    }
}

impl PlayerArg {
    /// The player index, or `InvalidPlayerError`.
    pub fn check(&self, py: Python<'_>, num_players: usize) -> PyResult<usize> {
        match usize::try_from(self.0.value) {
            Ok(p) if p < num_players && self.0.real.is_none() => Ok(p),
            _ => Err(self.0.error(py, "player", GameError::InvalidPlayer { player: self.0.value, num_players })),
        }
    }
}

/// A seed: any integer in `0..2**64`, else `ValueError`.
pub struct Seed(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyFloat>() || obj.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!("a seed must be an int, not {}", type_name(&obj))));
        }
        match obj.extract::<u64>() {
            Ok(v) => Ok(Seed(v)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Err(PyValueError::new_err(format!("a seed must be in 0..2**64, not {}", &*obj)))
            }
            Err(_) => Err(PyTypeError::new_err(format!("a seed must be an int, not {}", type_name(&obj)))),
        }
    }
}

/// A count (games, threads): a non-negative integer, else `ValueError`.
pub struct Count(pub usize);

impl<'a, 'py> FromPyObject<'a, 'py> for Count {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let int = wide_int(&obj, "a count")?;
        match (int.real.is_none(), usize::try_from(int.value)) {
            (true, Ok(n)) => Ok(Count(n)),
            _ => Err(PyValueError::new_err(format!("a count must be in 0..2**63, not {}", &*obj))),
        }
    }
}

/// Search iterations: an integer in 1 .. 2**32 - 1, else `ValueError` saying so (a count's
/// general range would not say why 0 is refused).
pub struct Iterations(pub u32);

impl<'a, 'py> FromPyObject<'a, 'py> for Iterations {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let int = wide_int(&obj, "iterations")?;
        match (int.real.is_none(), u32::try_from(int.value)) {
            (true, Ok(n)) if n > 0 => Ok(Iterations(n)),
            _ => Err(PyValueError::new_err(format!("iterations must be in 1 .. 2**32 - 1, not {}", &*obj))),
        }
    }
}

/// JSON text given as `str` or `bytes`; bytes that are not UTF-8 are a deserialization error.
pub struct JsonText(pub Result<String, GameError>);

impl<'a, 'py> FromPyObject<'a, 'py> for JsonText {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if let Ok(s) = obj.cast::<PyString>() {
            return Ok(JsonText(
                s.to_cow()
                    .map(|c| c.into_owned())
                    .map_err(|e| GameError::deserialization(format!("the text is not valid Unicode: {e}"))),
            ));
        }
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(JsonText(
                String::from_utf8(b.as_bytes().to_vec())
                    .map_err(|e| GameError::deserialization(format!("the bytes are not UTF-8: {e}"))),
            ));
        }
        Err(PyTypeError::new_err(format!("expected JSON as str or bytes, not {}", type_name(&obj))))
    }
}
