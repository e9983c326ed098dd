//! `State`: one game position, mutable through `apply`. Copies, pickles and JSON round trips all
//! go through the engine's own clone and JSON, so they are exact.

use kumite::core::{Action, GameError};
use kumite::erased::ErasedState;
use numpy::ndarray::{Array, IxDyn};
use numpy::{PyArray1, PyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::{from_json, ActionArg, PlayerArg, Seed};
use crate::errors::{guard, panic_message, InternalError, IntoPyResult};
use crate::game::Game;

#[pyclass(module = "kumite._kumite", name = "State")]
pub struct State {
    game: Py<Game>,
    inner: Box<dyn ErasedState>,
    /// Set when the engine panicked while changing this state: it may be half-changed, so every
    /// later use raises `InternalError` instead of computing on it.
    poisoned: Option<String>,
}

impl State {
    pub fn new(game: Py<Game>, inner: Box<dyn ErasedState>) -> State {
        State { game, inner, poisoned: None }
    }

    pub(crate) fn get(&self) -> PyResult<&dyn ErasedState> {
        match &self.poisoned {
            None => Ok(&*self.inner),
            Some(message) => Err(InternalError::new_err(format!(
                "this state is unusable after an earlier internal error: {message}"
            ))),
        }
    }

    pub(crate) fn erased_game(&self) -> &Game {
        self.game.get()
    }

    /// Runs a change to the state, poisoning it if the engine panics halfway.
    fn mutate<T>(&mut self, f: impl FnOnce(&mut dyn ErasedState) -> PyResult<T>) -> PyResult<T> {
        self.get()?;
        let inner = &mut *self.inner;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(inner))) {
            Ok(result) => result,
            Err(payload) => {
                let message = panic_message(&*payload);
                self.poisoned = Some(message.clone());
                Err(InternalError::new_err(message))
            }
        }
    }

    /// The action id for an argument: its text is parsed against the legal actions; a number
    /// outside the action space is an `IllegalActionError` (never `OverflowError`).
    fn resolve(&self, py: Python<'_>, action: ActionArg) -> PyResult<Action> {
        let state = self.get()?;
        let num_actions = self.erased_game().num_actions();
        let out_of_range = |action: i64| GameError::IllegalAction {
            action,
            text: format!("outside the action space 0..{num_actions}"),
            legal: state.legal_actions(),
        };
        guard(|| match action {
            ActionArg::Id(a) if usize::from(a) < num_actions => Ok(a),
            ActionArg::Id(a) => Err(out_of_range(a.into())).py_err(py),
            ActionArg::OutOfRange(int) => Err(int.error(py, "action", out_of_range(int.value))),
            ActionArg::Text(text) => state.parse_action(&text).py_err(py),
        })
    }

    fn derived(&self, py: Python<'_>, inner: Box<dyn ErasedState>) -> State {
        State::new(self.game.clone_ref(py), inner)
    }
}

#[pymethods]
impl State {
    /// The game this state belongs to.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The player to move, or `None` when the game is over.
    #[getter]
    fn current_player(&self) -> PyResult<Option<usize>> {
        let state = self.get()?;
        guard(|| Ok(state.current_player()))
    }

    /// The players who now choose simultaneously (Senjutsu's face-down selection), in seat
    /// order, starting with the player to move; just the player to move otherwise.
    #[getter]
    fn simultaneous_players(&self) -> PyResult<Vec<usize>> {
        let state = self.get()?;
        guard(|| Ok(state.simultaneous_players()))
    }

    /// The seed given to `new_state`, or `None` for a determinized state.
    #[getter]
    fn seed(&self) -> PyResult<Option<u64>> {
        Ok(self.get()?.seed())
    }

    fn is_terminal(&self) -> PyResult<bool> {
        let state = self.get()?;
        guard(|| Ok(state.current_player().is_none()))
    }

    /// The legal actions, sorted ascending; empty when the game is over.
    fn legal_actions(&self) -> PyResult<Vec<Action>> {
        let state = self.get()?;
        guard(|| Ok(state.legal_actions()))
    }

    /// A `bool` array of shape `(num_actions,)`, true at each legal action.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let state = self.get()?;
        let mut mask = vec![false; self.erased_game().num_actions()];
        guard(|| {
            state.legal_action_mask(&mut mask);
            Ok(())
        })?;
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Plays an action (its number or its text). An illegal action raises `IllegalActionError`
    /// and leaves the state unchanged.
    fn apply(&mut self, py: Python<'_>, action: ActionArg) -> PyResult<()> {
        let action = self.resolve(py, action)?;
        self.mutate(|s| s.apply(action).py_err(py))
    }

    /// Like `apply`, returning what happened as a list of event texts.
    fn apply_with_events(&mut self, py: Python<'_>, action: ActionArg) -> PyResult<Vec<String>> {
        let action = self.resolve(py, action)?;
        self.mutate(|s| s.apply_with_events(action).py_err(py))
    }

    /// Like `apply`, returning each event as a dict (`kind`, `player`, `text`, and `line`, the
    /// text `apply_with_events` gives), for viewers.
    fn apply_with_event_dicts<'py>(&mut self, py: Python<'py>, action: ActionArg) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let action = self.resolve(py, action)?;
        let events = self.mutate(|s| s.apply_with_event_values(action).py_err(py))?;
        events.iter().map(|e| from_json(py, e)).collect()
    }

    /// What `viewer` may see of the position as drawing data (a dict, `docs/viewer.md`);
    /// `None` is the spectator who sees everything.
    #[pyo3(signature = (viewer=None))]
    fn view<'py>(&self, py: Python<'py>, viewer: Option<PlayerArg>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.get()?;
        let viewer = match viewer {
            Some(p) => Some(p.check(py, self.erased_game().num_players())?),
            None => None,
        };
        let value = guard(|| state.view(viewer).py_err(py))?;
        from_json(py, &value)
    }

    fn action_to_string(&self, py: Python<'_>, action: ActionArg) -> PyResult<String> {
        let state = self.get()?;
        match action {
            ActionArg::Text(text) => guard(|| {
                let action = state.parse_action(&text).py_err(py)?;
                state.action_to_string(action).py_err(py)
            }),
            other => {
                let action = self.resolve(py, other)?;
                guard(|| state.action_to_string(action).py_err(py))
            }
        }
    }

    /// Per-player returns, `float32` of shape `(num_players,)` (all zero before the end).
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let state = self.get()?;
        let returns = guard(|| Ok(state.returns()))?;
        Ok(PyArray1::from_vec(py, returns))
    }

    /// What `player` may know, `float32` of shape `game.observation_shape`.
    fn observation<'py>(&self, py: Python<'py>, player: PlayerArg) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let state = self.get()?;
        let game = self.erased_game();
        let player = player.check(py, game.num_players())?;
        let shape = &game.observation_shape;
        let mut out = vec![0.0f32; shape.iter().product()];
        guard(|| state.observation(player, &mut out).py_err(py))?;
        let array = Array::from_shape_vec(IxDyn(shape), out)
            .map_err(|e| InternalError::new_err(format!("observation shape {shape:?}: {e}")))?;
        Ok(PyArrayDyn::from_owned_array(py, array))
    }

    /// What the table shows every seat alike, `float32` of shape `game.public_observation_shape`:
    /// the head of every seat's observation.
    fn public_observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let state = self.get()?;
        let mut out = vec![0.0f32; self.erased_game().public_observation_len];
        guard(|| {
            state.public_observation(&mut out);
            Ok(())
        })?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// What `player` alone knows, `float32` of shape `game.private_observation_shape`: the
    /// rest of its observation.
    fn private_observation<'py>(&self, py: Python<'py>, player: PlayerArg) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let state = self.get()?;
        let game = self.erased_game();
        let player = player.check(py, game.num_players())?;
        let mut out = vec![0.0f32; game.private_observation_len];
        guard(|| state.private_observation(player, &mut out).py_err(py))?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// The public observation as text, the same for every seat.
    fn public_observation_string(&self) -> PyResult<String> {
        let state = self.get()?;
        guard(|| Ok(state.public_observation_string()))
    }

    /// The private observation of `player` as text; with the public one it determines
    /// `information_state_string(player)`.
    fn private_observation_string(&self, py: Python<'_>, player: PlayerArg) -> PyResult<String> {
        let state = self.get()?;
        let player = player.check(py, self.erased_game().num_players())?;
        guard(|| state.private_observation_string(player).py_err(py))
    }

    fn information_state_string(&self, py: Python<'_>, player: PlayerArg) -> PyResult<String> {
        let state = self.get()?;
        let player = player.check(py, self.erased_game().num_players())?;
        guard(|| state.information_state_string(player).py_err(py))
    }

    /// A new state with everything `observer` cannot see resampled from `seed`, consistent with
    /// what it has seen (for information-set search).
    fn determinize(&self, py: Python<'_>, observer: PlayerArg, seed: Seed) -> PyResult<State> {
        let state = self.get()?;
        let observer = observer.check(py, self.erased_game().num_players())?;
        let inner = guard(|| state.determinize(observer, seed.0).py_err(py))?;
        Ok(self.derived(py, inner))
    }

    /// The actions applied since `new_state` (or since the state in a loaded JSON began).
    fn history(&self) -> PyResult<Vec<Action>> {
        Ok(self.get()?.history().to_vec())
    }

    fn render(&self) -> PyResult<String> {
        let state = self.get()?;
        guard(|| Ok(state.render()))
    }

    /// The state as readable, versioned JSON; `game.state_from_json` reads it back.
    fn to_json(&self) -> PyResult<String> {
        let state = self.get()?;
        guard(|| Ok(state.to_json()))
    }

    /// The game record (game, options, seed, actions) that `kumite.from_record` replays.
    fn to_record(&self, py: Python<'_>) -> PyResult<String> {
        let state = self.get()?;
        guard(|| state.to_record().py_err(py))
    }

    fn clone(&self, py: Python<'_>) -> PyResult<State> {
        let state = self.get()?;
        let inner = guard(|| Ok(state.clone_box()))?;
        Ok(self.derived(py, inner))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<State> {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyDict>) -> PyResult<State> {
        self.clone(py)
    }

    /// Pickles as the game plus the state's JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let json = self.to_json()?;
        let restore = self.game.bind(py).getattr("state_from_json")?;
        Ok((restore, PyTuple::new(py, [json])?))
    }

    // Another type gives `NotImplemented` (pyo3 does that when `other` does not extract).
    fn __eq__(&self, other: PyRef<'_, State>) -> PyResult<bool> {
        let (a, b) = (self.get()?, other.get()?);
        guard(|| Ok(a.equals(b)))
    }

    // States are mutable, so unhashable, like lists.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __str__(&self) -> PyResult<String> {
        self.render()
    }

    fn __repr__(&self) -> String {
        let Ok(state) = self.get() else {
            return "<kumite.State (unusable after an internal error)>".into();
        };
        let moves = state.history().len();
        let who = match guard(|| Ok(state.current_player())) {
            Ok(Some(p)) => format!("player {p} to move"),
            Ok(None) => "terminal".to_string(),
            Err(_) => "?".to_string(),
        };
        format!("<kumite.State {} after {moves} actions, {who}>", self.erased_game().name())
    }
}
