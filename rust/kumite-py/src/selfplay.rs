//! `selfplay`: training data from searches guided by a `Net` (or uniform priors before there is
//! one), played with the GIL released.

use std::sync::Arc;

use kumite::search::{BatchEvaluator, BotSpec, LeafValues, MixWeight, Opponent, SelfplayConfig};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{Count, Seed};
use crate::errors::{guard, IntoPyResult};
use crate::game::Game;
use crate::net::Net;
use crate::search::{leaf_values as leaf_rule, root_rule};

/// Self-play: `games` games in which every seat plays the search guided by `net` (`None`:
/// uniform priors and random playout values, the first round of training) with `simulations` iterations a
/// decision; the first `temperature_moves` decisions of a game are drawn in proportion to the
/// visits. With `gumbel=K` the search's root is Gumbel's (K actions considered): its survivor
/// is played, and `policy` is its improved policy. Returns numpy arrays, one row per decision:
/// `observations`, `masks`, `policy` (the visit distribution, or Gumbel's improved policy), `values` (the game's final returns, per seat; 0 for a truncated game),
/// `player`, `game`, `truncated`; and per game `game_returns`, `game_heuristic` (every seat's
/// heuristic value of its last position before the end; its returns where the game has no
/// heuristic), `game_truncated`, `game_length`;
/// and `simulations` (iterations run in all). The same seed gives the same arrays whatever
/// `threads`. With `leaf_values="playout"` or `"heuristic"` the net's priors (uniform ones
/// without a net) guide the search and random playouts or the game's heuristic value its
/// leaves (the net's value head is not read). With `leaf_mix=λ` (in (0, 1]) each leaf is valued
/// `(1 − λ)·` the net's value `+ λ·` a random playout's from it, as AlphaGo did (a playout's
/// alone without a net); `leaf_values` stays "evaluator". With `opponent="mcts:N"` (or
/// `"mcts:N:heuristic"`) that search takes one seat in `opponent_share` of the games (evenly
/// spread, its seat alternating): its moves are played and not recorded, so every row is the
/// learner's.
#[pyfunction]
#[pyo3(
    signature = (game, net=None, games=Count(1), simulations=Count(64), seed=Seed(0), threads=None, max_steps=None, temperature_moves=Count(30), exploration=1.25, gumbel=None, leaf_values="evaluator", leaf_mix=None, opponent=None, opponent_share=0.5),
    text_signature = "(game, net=None, games=1, simulations=64, seed=0, threads=None, max_steps=None, temperature_moves=30, exploration=1.25, gumbel=None, leaf_values='evaluator', leaf_mix=None, opponent=None, opponent_share=0.5)"
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
    leaf_mix: Option<f32>,
    opponent: Option<&str>,
    opponent_share: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let root = root_rule(gumbel)?;
    let opponent = opponent
        .map(|spec| {
            BotSpec::parse(spec).map_err(|e| e.to_string()).and_then(|spec| Opponent::new(spec, opponent_share))
        })
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("opponent: {e}")))?;
    let leaf_values = match (leaf_rule(leaf_values)?, leaf_mix) {
        (rule, None) => rule,
        (LeafValues::Evaluator, Some(lambda)) => {
            LeafValues::Mix(MixWeight::new(lambda).map_err(|e| PyValueError::new_err(format!("leaf_mix: {e}")))?)
        }
        (_, Some(_)) => {
            return Err(PyValueError::new_err(format!(
                "leaf_mix mixes the net's values with playouts': leaf_values must stay 'evaluator', not '{leaf_values}'"
            )))
        }
    };
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
        opponent,
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
    out.set_item("game_heuristic", PyArray1::from_vec(py, data.game_heuristic).reshape([n, players])?)?;
    out.set_item("game_truncated", PyArray1::from_vec(py, data.game_truncated))?;
    out.set_item("game_length", PyArray1::from_vec(py, data.game_length))?;
    out.set_item("simulations", data.simulations)?;
    Ok(out)
}
