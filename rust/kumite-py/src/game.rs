//! `Game`: an immutable, shareable game configuration. Equal games (same name and options) compare
//! and hash equal; a game pickles as its name and options.

use std::sync::Arc;

use kumite::core::Utility;
use kumite::erased::ErasedGame;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serde_json::{Map, Value};

use crate::convert::{from_json, JsonText, Seed};
use crate::errors::{guard, IntoPyResult};
use crate::state::State;

#[pyclass(module = "kumite._kumite", name = "Game", frozen)]
pub struct Game {
    pub inner: Arc<dyn ErasedGame>,
    // The configuration, read once (a game never changes): getters, equality and hashing are
    // then plain field reads that cannot panic.
    name: &'static str,
    num_players: usize,
    num_actions: usize,
    pub observation_shape: Vec<usize>,
    pub public_observation_len: usize,
    pub private_observation_len: usize,
    observation_bounds: (f32, f32),
    max_game_length: usize,
    length_bounded_by_rules: bool,
    utility: &'static str,
    return_bounds: (f32, f32),
    options: Value,
    options_text: String,
}

impl Game {
    pub fn new(inner: Arc<dyn ErasedGame>) -> PyResult<Game> {
        guard(|| {
            let options = inner.options_json();
            Ok(Game {
                name: inner.name(),
                num_players: inner.num_players(),
                num_actions: inner.num_actions(),
                observation_shape: inner.observation_shape(),
                public_observation_len: inner.public_observation_len(),
                private_observation_len: inner.private_observation_len(),
                observation_bounds: inner.observation_bounds(),
                max_game_length: inner.max_game_length(),
                length_bounded_by_rules: inner.length_bounded_by_rules(),
                utility: match inner.utility() {
                    Utility::ZeroSum => "zero_sum",
                    Utility::Identical => "identical",
                    Utility::GeneralSum => "general_sum",
                },
                return_bounds: inner.return_bounds(),
                options_text: options.to_string(),
                options,
                inner,
            })
        })
    }
}

/// A game's metadata as plain Python values.
pub fn info_to_py(py: Python<'_>, info: kumite::core::GameInfo) -> PyResult<Bound<'_, PyAny>> {
    let value = guard(|| Ok(serde_json::to_value(info).expect("metadata serialises")))?;
    from_json(py, &value)
}

/// Loads a game by name with a JSON object of options.
pub fn load_game(py: Python<'_>, name: &str, options: &Map<String, Value>) -> PyResult<Game> {
    let inner = guard(|| kumite::erased::load(name, options).py_err(py))?;
    Game::new(inner)
}

#[pymethods]
impl Game {
    #[getter]
    pub fn name(&self) -> &'static str {
        self.name
    }
    #[getter]
    pub fn num_players(&self) -> usize {
        self.num_players
    }
    #[getter]
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.observation_shape)
    }
    /// `(n,)`: the length of `State.public_observation`, the head of every observation.
    #[getter]
    fn public_observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.public_observation_len])
    }
    /// `(n,)`: the length of `State.private_observation`, the rest of a seat's observation.
    #[getter]
    fn private_observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [self.private_observation_len])
    }
    /// `(low, high)`: every value of every observation lies in `low..=high` (most in 0..=1).
    #[getter]
    fn observation_bounds(&self) -> (f32, f32) {
        self.observation_bounds
    }
    /// The run's bound: after this many actions a rollout, a search playout or an episode cuts
    /// the game short and reports it truncated.
    #[getter]
    fn max_game_length(&self) -> usize {
        self.max_game_length
    }
    /// Whether the rules alone end every game within `max_game_length` actions.
    #[getter]
    fn length_bounded_by_rules(&self) -> bool {
        self.length_bounded_by_rules
    }
    /// How the returns of a finished game relate: `"zero_sum"` (they add up to 0), `"identical"`
    /// (a cooperative game: everyone gets the same) or `"general_sum"`.
    #[getter]
    fn utility(&self) -> &'static str {
        self.utility
    }
    /// `(least, greatest)`: every player's return lies in between.
    #[getter]
    fn return_bounds(&self) -> (f32, f32) {
        self.return_bounds
    }
    /// Every option with its value, defaults included.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &self.options)
    }

    /// What the game says about itself, the same for every option set (`kumite.game_info`).
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        info_to_py(py, self.inner.info())
    }

    /// The content this game was built with (built in and from `content_dir`), by kind
    /// (`characters`, `stages`, `cards`, `decks`, `battlefields`…, as the game has them): lists
    /// of `{"id", "name", "text"}` in content order. The ids are what options and decklists name.
    fn content<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let listing = guard(|| Ok(self.inner.content_listing()))?;
        from_json(py, &listing)
    }

    /// Checks a decklist of card ids against this game's deck rules and its content, as the
    /// `decks` option takes it (`character`: the character or samurai it is built for). Raises
    /// `CardDataError` listing every problem, each naming the card (or "decklist") and the rule;
    /// `InvalidOptionError` for a game without decklists.
    #[pyo3(signature = (cards, sideboard=None, character=None))]
    fn validate_deck(
        &self,
        py: Python<'_>,
        cards: Vec<String>,
        sideboard: Option<Vec<String>>,
        character: Option<String>,
    ) -> PyResult<()> {
        guard(|| self.inner.validate_deck(&cards, &sideboard.unwrap_or_default(), character.as_deref()).py_err(py))
    }

    /// The seatings the seat check measures (`kumite seats`), from the game itself: its
    /// mirrors and its configured pairing, each `{"name", "options", "mirror", "sides", "edge"}`
    /// (`options` to set over this game's own; `sides` empty when each seat is its own side;
    /// `edge` the rule that gives a seat an edge, `{"rule", "random_shares"}`, or `None`).
    fn seatings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = guard(|| Ok(self.inner.seatings()))?;
        from_json(py, &list)
    }

    /// A hash of everything a trained network depends on: the game, its options and content,
    /// its action and observation layout, and its rules' behaviour on a few seeded games. A
    /// network records the fingerprint it was trained on (`Net.check`).
    fn fingerprint(&self) -> PyResult<String> {
        guard(|| Ok(self.inner.fingerprint()))
    }

    /// The observation vector's named blocks in order, read from the code that writes it:
    /// `[{"name", "start", "size"}, …]`, covering `0..observation_shape[0]` without gaps.
    fn observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let layout = guard(|| Ok(self.inner.observation_layout()))?;
        from_json(py, &layout)
    }

    /// The public observation's named blocks, like `observation_layout` (its head).
    fn public_observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let layout = guard(|| Ok(self.inner.public_observation_layout()))?;
        from_json(py, &layout)
    }

    /// The private observation's named blocks, starting at 0 (`observation_layout`'s tail).
    fn private_observation_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let layout = guard(|| Ok(self.inner.private_observation_layout()))?;
        from_json(py, &layout)
    }

    /// A new game from the start, with all chance driven by `seed`.
    #[pyo3(signature = (seed=Seed(0)), text_signature = "(self, /, seed=0)")]
    fn new_state(slf: &Bound<'_, Self>, seed: Seed) -> PyResult<State> {
        let game = slf.get().inner.clone();
        let inner = guard(|| Ok(game.new_state(seed.0)))?;
        Ok(State::new(slf.clone().unbind(), inner))
    }

    /// Reads a state written by `State.to_json` (possibly edited) for this game.
    fn state_from_json(slf: &Bound<'_, Self>, text: JsonText) -> PyResult<State> {
        let py = slf.py();
        let text = text.0.py_err(py)?;
        let game = slf.get().inner.clone();
        let inner = guard(|| game.state_from_json(&text).py_err(py))?;
        Ok(State::new(slf.clone().unbind(), inner))
    }

    // Another type gives `NotImplemented` (pyo3 does that when `other` does not extract).
    fn __eq__(&self, other: &Bound<'_, Game>) -> bool {
        let other = other.get();
        self.name == other.name && self.options == other.options
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        (self.name, &self.options_text).into_pyobject(py)?.hash()
    }

    /// `kumite.load('tekken', heat=True, ...)`: the call that makes an equal game.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut text = format!("kumite.load({}", self.name.into_pyobject(py)?.repr()?);
        if let Some(map) = self.options.as_object() {
            for (key, value) in map {
                text.push_str(&format!(", {key}={}", from_json(py, value)?.repr()?));
            }
        }
        text.push(')');
        Ok(text)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (&'static str, String))> {
        let restore = py.import("kumite._kumite")?.getattr("_load_json")?;
        Ok((restore, (self.name, self.options_text.clone())))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyDict>) -> PyRef<'py, Self> {
        slf
    }
}
