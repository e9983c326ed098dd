//! `MCTS`: the engine's search driven from Python. The search runs with the GIL released; a
//! Python evaluator is called back (with the GIL) once per batch of leaves.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use kumite::core::Action;
use kumite::erased::{spec_searcher, ErasedSearcher, EvaluatorChoice};
use kumite::search::{BatchEvaluator, LeafValues, MctsConfig, RootRule, SearchStats};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::bot_spec::{bad_spec, BotSpec};
use crate::convert::{Count, Iterations, Seed};
use crate::errors::{guard, IntoPyResult};
use crate::game::Game;
use crate::net::Net;
use crate::state::State;

/// A Python callable `f(observations, players, masks) -> (priors, values)` over numpy batches.
struct PyEvaluator {
    callable: Py<PyAny>,
    batch_size: usize,
    num_players: usize,
    num_actions: usize,
    obs_len: usize,
    /// The first exception the callable raised; the search raises it when it returns.
    error: Mutex<Option<PyErr>>,
}

impl PyEvaluator {
    fn call(
        &self,
        py: Python<'_>,
        observations: &[f32],
        players: &[i32],
        masks: &[bool],
        values: &mut [f32],
        priors: &mut [f32],
    ) -> PyResult<()> {
        let n = players.len();
        let obs = PyArray1::from_slice(py, observations).reshape([n, self.obs_len])?;
        let masks = PyArray1::from_slice(py, masks).reshape([n, self.num_actions])?;
        let result = self.callable.call1(py, (obs, PyArray1::from_slice(py, players), masks))?;
        let (p, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
            result.extract(py).map_err(|_| PyTypeError::new_err("an evaluator returns (priors, values)"))?;
        // Any real dtype is accepted (float64 networks are common); it is converted once here.
        let numpy = py.import("numpy")?;
        let p = numpy.call_method1("ascontiguousarray", (p, "float32"))?;
        let v = numpy.call_method1("ascontiguousarray", (v, "float32"))?;
        let p = p
            .cast_into::<PyArray2<f32>>()
            .map_err(|_| PyTypeError::new_err("evaluator priors must be a 2-d array of shape (n, num_actions)"))?;
        let v = v
            .cast_into::<PyArray2<f32>>()
            .map_err(|_| PyTypeError::new_err("evaluator values must be a 2-d array of shape (n, num_players)"))?;
        if p.shape() != [n, self.num_actions] || v.shape() != [n, self.num_players] {
            return Err(PyValueError::new_err(format!(
                "evaluator returned shapes {:?} and {:?}, expected ({n}, {}) and ({n}, {})",
                p.shape(),
                v.shape(),
                self.num_actions,
                self.num_players
            )));
        }
        let (p, v) = (p.to_vec()?, v.to_vec()?);
        // A NaN or infinite number would poison every value above the leaf; the search stops
        // using this evaluator and raises this error, naming it and where the number was.
        let bad = |what: &str, width: usize, i: usize, x: f32| {
            let name = self.callable.bind(py).repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
            PyValueError::new_err(format!(
                "evaluator {name} returned {what}[{}, {}] = {x}: values and priors must be finite",
                i / width,
                i % width
            ))
        };
        if let Some((i, &x)) = p.iter().enumerate().find(|(_, x)| !x.is_finite()) {
            return Err(bad("priors", self.num_actions, i, x));
        }
        if let Some((i, &x)) = v.iter().enumerate().find(|(_, x)| !x.is_finite()) {
            return Err(bad("values", self.num_players, i, x));
        }
        priors.copy_from_slice(&p);
        values.copy_from_slice(&v);
        Ok(())
    }
}

impl BatchEvaluator for PyEvaluator {
    fn batch_size(&self) -> usize {
        self.batch_size
    }
    fn evaluate(&self, observations: &[f32], players: &[i32], masks: &[bool], values: &mut [f32], priors: &mut [f32]) {
        let failed = self.error.lock().map(|e| e.is_some()).unwrap_or(true);
        if failed {
            return;
        }
        Python::attach(|py| {
            if let Err(e) = self.call(py, observations, players, masks, values, priors) {
                if let Ok(mut slot) = self.error.lock() {
                    slot.get_or_insert(e);
                }
            }
        });
    }
}

/// Search statistics at the root: `actions` searched, their `visits` and mean `values` for the
/// player to move, `iterations`, `seconds`, and the chosen `best` action.
#[pyclass(module = "kumite._kumite", name = "SearchResult", frozen)]
pub struct SearchResult {
    #[pyo3(get)]
    actions: Vec<Action>,
    #[pyo3(get)]
    visits: Py<PyArray1<u32>>,
    #[pyo3(get)]
    values: Py<PyArray1<f32>>,
    #[pyo3(get)]
    iterations: u64,
    #[pyo3(get)]
    seconds: f64,
    #[pyo3(get)]
    best: Action,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!("<kumite.SearchResult best={} after {} iterations in {:.3}s>", self.best, self.iterations, self.seconds)
    }
}

/// Monte Carlo tree search (information-set MCTS by default) as a bot: `choose(state)`.
#[pyclass(module = "kumite._kumite", name = "MCTS")]
pub struct Mcts {
    game: Py<Game>,
    searcher: Mutex<Box<dyn ErasedSearcher>>,
    evaluator: Option<Arc<PyEvaluator>>,
    #[pyo3(get)]
    iterations: u32,
    /// The playout cap (`None`: the game's `max_game_length`).
    #[pyo3(get)]
    max_playout_steps: Option<usize>,
}

impl Mcts {
    fn run(&self, py: Python<'_>, state: &Bound<'_, State>) -> PyResult<SearchStats> {
        let game = self.game.get();
        let state = state.borrow();
        if state.erased_game().name() != game.name() {
            return Err(PyValueError::new_err(format!(
                "this MCTS searches {} states, not {}",
                game.name(),
                state.erased_game().name()
            )));
        }
        let inner = state.get()?;
        let stats = py.detach(|| {
            guard(|| {
                let mut searcher = self.searcher.lock().map_err(|_| PyValueError::new_err("search poisoned"))?;
                Ok(searcher.search(inner))
            })
        })?;
        if let Some(e) = self.evaluator.as_ref().and_then(|ev| ev.error.lock().ok().and_then(|mut e| e.take())) {
            return Err(e);
        }
        stats.py_err(py)
    }
}

/// `gumbel=None` is PUCT at the root; `gumbel=K` Gumbel root selection starting from `K`
/// considered actions (mctx's default is 16).
pub fn root_rule(gumbel: Option<Count>) -> PyResult<RootRule> {
    match gumbel {
        None => Ok(RootRule::Puct),
        Some(Count(k)) => {
            u16::try_from(k).ok().filter(|&k| k >= 1).map(|considered| RootRule::Gumbel { considered }).ok_or_else(
                || PyValueError::new_err(format!("gumbel (the actions considered) must be in 1 .. 65535, not {k}")),
            )
        }
    }
}

/// `leaf_values`: "evaluator" (the evaluator's values, the default), "playout" or "heuristic"
/// (its priors guide the search, random playouts or the game's heuristic value the leaves).
pub fn leaf_values(name: &str) -> PyResult<LeafValues> {
    name.parse().map_err(PyValueError::new_err)
}

#[pymethods]
impl Mcts {
    #[new]
    #[pyo3(
        signature = (game, iterations=Iterations(2000), time_limit=None, exploration=1.4, threads=None, seed=Seed(0), evaluator=None, determinize=true, reuse_tree=false, max_playout_steps=None, gumbel=None, leaf_values="evaluator"),
        text_signature = "(game, iterations=2000, time_limit=None, exploration=1.4, threads=None, seed=0, evaluator=None, determinize=True, reuse_tree=False, max_playout_steps=None, gumbel=None, leaf_values='evaluator')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: Py<Game>,
        iterations: Iterations,
        time_limit: Option<f64>,
        exploration: f32,
        threads: Option<Count>,
        seed: Seed,
        evaluator: Option<Bound<'_, PyAny>>,
        determinize: bool,
        reuse_tree: bool,
        max_playout_steps: Option<Count>,
        gumbel: Option<Count>,
        leaf_values: &str,
    ) -> PyResult<Mcts> {
        let iterations = iterations.0;
        let root = root_rule(gumbel)?;
        let leaf_rule = self::leaf_values(leaf_values)?;
        let time_limit = match time_limit {
            None => None,
            Some(t) if t > 0.0 => Some(Duration::try_from_secs_f64(t).map_err(|_| {
                PyValueError::new_err(format!("time_limit must be a positive number of seconds below 2**64, not {t}"))
            })?),
            Some(t) => {
                return Err(PyValueError::new_err(format!("time_limit must be a positive number of seconds, not {t}")))
            }
        };
        if !(exploration >= 0.0 && exploration.is_finite()) {
            return Err(PyValueError::new_err("exploration must be a non-negative number"));
        }
        let threads = match threads {
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
            Some(Count(0)) => return Err(PyValueError::new_err("threads must be at least 1 (or None for all cores)")),
            Some(Count(t)) => t,
        };
        let g = game.get();
        let with_priors = evaluator.as_ref().is_some_and(|e| e.is_instance_of::<Net>() || e.is_callable());
        if leaf_rule != LeafValues::Evaluator && !with_priors {
            return Err(PyValueError::new_err(format!(
                "leaf_values='{leaf_values}' keeps an evaluator's priors: it needs a Net or a callable evaluator"
            )));
        }
        let (choice, py_evaluator) = match &evaluator {
            None => (EvaluatorChoice::RandomRollout, None),
            Some(e) if e.extract::<String>().is_ok_and(|s| s == "random") => (EvaluatorChoice::RandomRollout, None),
            Some(e) if e.extract::<String>().is_ok_and(|s| s == "heuristic") => (EvaluatorChoice::Heuristic, None),
            Some(e) if e.is_instance_of::<Net>() => {
                let net = e.cast::<Net>()?.get().inner.clone();
                guard(|| g.inner.verify_net(&net).py_err(e.py()))?;
                (EvaluatorChoice::Batch(net, leaf_rule), None)
            }
            Some(e) if e.is_callable() => {
                let batch_size = match e.getattr("batch_size") {
                    Ok(b) => b
                        .extract::<usize>()
                        .ok()
                        .filter(|&b| b > 0)
                        .ok_or_else(|| PyValueError::new_err("an evaluator's batch_size must be a positive int"))?,
                    Err(_) => 1,
                };
                // Each search thread holds one batch of leaves (never more than its iterations)
                // and its numpy copies at once.
                let leaves = batch_size.min(iterations as usize) as u128 * threads as u128;
                let obs_len: usize = g.observation_shape.iter().product();
                let row = g.inner.state_size() + 32 + 4 * obs_len + 5 * g.num_actions() + 8 * g.num_players();
                crate::memory::check(
                    &format!("a search with evaluator batches of {batch_size} leaves on {threads} threads"),
                    leaves * row as u128,
                )?;
                let ev = Arc::new(PyEvaluator {
                    callable: e.clone().unbind(),
                    batch_size,
                    num_players: g.num_players(),
                    num_actions: g.num_actions(),
                    obs_len: g.observation_shape.iter().product(),
                    error: Mutex::new(None),
                });
                (EvaluatorChoice::Batch(ev.clone(), leaf_rule), Some(ev))
            }
            Some(e) => {
                return Err(PyTypeError::new_err(format!(
                    "evaluator must be None, 'random', 'heuristic', a Net or a callable, not {}",
                    e.repr()?
                )))
            }
        };
        let config = MctsConfig {
            iterations,
            time_limit,
            exploration,
            threads,
            seed: seed.0,
            determinize,
            reuse_tree,
            max_playout_steps: max_playout_steps.as_ref().map(|m| m.0),
            root,
        };
        let searcher = g.inner.clone().searcher(config, choice);
        Ok(Mcts {
            game,
            searcher: Mutex::new(searcher),
            evaluator: py_evaluator,
            iterations,
            max_playout_steps: max_playout_steps.map(|m| m.0),
        })
    }

    /// The search a bot spec names (`mcts:N[:heuristic]`, or `az`/`azp`/`azh:N`/`azm:N:LAMBDA` guided by
    /// `net`, which those need), as `kumite.make_bot` builds it: `threads=None` searches on
    /// every core; `gumbel=K` selects at the root as `MCTS(gumbel=K)` does (the grammar does not
    /// name it). A spec that does not search (`random`, `policy`, `module:attr`) raises
    /// `BotSpecError`.
    #[staticmethod]
    #[pyo3(
        signature = (game, spec, seed=Seed(0), threads=None, net=None, gumbel=None),
        text_signature = "(game, spec, seed=0, threads=None, net=None, gumbel=None)"
    )]
    fn from_spec(
        py: Python<'_>,
        game: Py<Game>,
        spec: &BotSpec,
        seed: Seed,
        threads: Option<Count>,
        net: Option<&Net>,
        gumbel: Option<Count>,
    ) -> PyResult<Mcts> {
        let root = root_rule(gumbel)?;
        if threads.as_ref().is_some_and(|t| t.0 == 0) {
            return Err(PyValueError::new_err("threads must be at least 1 (or None for all cores)"));
        }
        let g = game.get();
        let net: Option<Arc<dyn BatchEvaluator>> = match net {
            Some(net) => {
                guard(|| g.inner.verify_net(&net.inner).py_err(py))?;
                Some(net.inner.clone())
            }
            None => None,
        };
        let searcher = spec_searcher(g.inner.clone(), &spec.inner, seed.0, threads.map(|t| t.0), net, root)
            .map_err(bad_spec)?
            .ok_or_else(|| {
                bad_spec(kumite::search::BotSpecError {
                    spec: spec.inner.to_string(),
                    reason: "this bot does not search".into(),
                })
            })?;
        let (iterations, max_playout_steps) = (searcher.config().iterations, searcher.config().max_playout_steps);
        Ok(Mcts { game, searcher: Mutex::new(searcher), evaluator: None, iterations, max_playout_steps })
    }

    /// The action to play: legal in `state`; deterministic for a seed and thread count.
    fn choose(&self, py: Python<'_>, state: &Bound<'_, State>) -> PyResult<Action> {
        Ok(self.run(py, state)?.best)
    }

    /// The search's policy over `game.num_actions` (float32, sums to 1): the root's visit
    /// shares, or with `gumbel` the improved policy `softmax(logits + σ(completed q))`.
    fn policy<'py>(&self, py: Python<'py>, state: &Bound<'py, State>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let stats = self.run(py, state)?;
        let mut out = vec![0.0f32; self.game.get().num_actions()];
        if stats.actions.is_empty() {
            // A search too short to expand the root: every legal action is as good as another.
            let legal = state.borrow().get()?.legal_actions();
            for &a in &legal {
                out[usize::from(a)] = 1.0 / legal.len() as f32;
            }
        }
        for (&a, &p) in stats.actions.iter().zip(&stats.policy) {
            out[usize::from(a)] = p;
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// Runs a search and returns its root statistics.
    fn search(&self, py: Python<'_>, state: &Bound<'_, State>) -> PyResult<SearchResult> {
        let s = self.run(py, state)?;
        Ok(SearchResult {
            visits: PyArray1::from_vec(py, s.visits).unbind(),
            values: PyArray1::from_vec(py, s.values).unbind(),
            actions: s.actions,
            iterations: s.iterations,
            seconds: s.seconds,
            best: s.best,
        })
    }

    fn __repr__(&self) -> String {
        format!("MCTS(iterations={})", self.iterations)
    }
}
