//! The checks of the conformance suite that look past single positions: secret choices, seat
//! fairness and dead text (run in Rust with the GIL released).

use kumite::conformance::seats::{Play, SeatRow, Z95};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{Count, Seed};
use crate::errors::{guard, ConformanceError};
use crate::game::Game;

fn violation(py: Python<'_>, name: &str, what: &str, violation: String) -> PyErr {
    let err = ConformanceError::new_err(format!("{name} {what}: {violation}"));
    let _ = err.value(py).setattr("violation", violation);
    err
}

/// The secret check alone: `games` random games, every secret decision's alternatives played.
/// Returns `{"decisions", "reveals", "unseen"}`; raises `ConformanceError` on a leak.
#[pyfunction]
#[pyo3(signature = (game, games=Count(40), seed=Seed(0)), text_signature = "(game, games=40, seed=0)")]
pub fn check_secrets<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    games: Count,
    seed: Seed,
) -> PyResult<Bound<'py, PyDict>> {
    let game = game.get().inner.clone();
    let (games, seed) = (games.0, seed.0);
    let tally = py
        .detach(|| guard(|| Ok(game.check_secrets(games, seed))))?
        .map_err(|v| violation(py, game.name(), "secrets", v))?;
    let out = PyDict::new(py);
    out.set_item("decisions", tally.decisions)?;
    out.set_item("reveals", tally.reveals)?;
    out.set_item("unseen", tally.unseen)?;
    Ok(out)
}

/// An MCTS budget a move: `mcts_iterations` must fit 1 .. 2**32 - 1.
fn iterations(n: Count) -> PyResult<u32> {
    u32::try_from(n.0)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| PyValueError::new_err("mcts_iterations must be 1 .. 2**32 - 1"))
}

fn row<'py>(py: Python<'py>, r: &SeatRow) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seating", &r.seating)?;
    d.set_item("mirror", r.mirror)?;
    d.set_item("players", r.players)?;
    d.set_item("play", r.play.to_string())?;
    d.set_item("games", r.games)?;
    d.set_item("draws", r.draws)?;
    d.set_item("truncated", r.truncated)?;
    d.set_item("sides", r.sides.clone())?;
    d.set_item("shares", r.seats.iter().map(|s| s.share).collect::<Vec<_>>())?;
    d.set_item("low", r.seats.iter().map(|s| s.low).collect::<Vec<_>>())?;
    d.set_item("high", r.seats.iter().map(|s| s.high).collect::<Vec<_>>())?;
    d.set_item("expected", r.expected.clone())?;
    d.set_item("edge", r.edge.clone())?;
    d.set_item("failures", r.failures.clone())?;
    Ok(d)
}

/// Each seating of `game` (`Game::seatings`: its mirrors and its configured pairing) played
/// `games` times: uniformly random, or MCTS against MCTS with `mcts_iterations` each. One dict
/// per seating: each seat's win share (draws half) with its Wilson interval at `z`, what it
/// should be, and `failures` (a mirror seat whose interval misses its fair share and no rule
/// names an edge).
#[pyfunction]
#[pyo3(
    signature = (game, games=Count(2000), seed=Seed(0), mcts_iterations=None, z=Z95),
    text_signature = "(game, games=2000, seed=0, mcts_iterations=None, z=1.959963984540054)"
)]
pub fn seat_shares<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    games: Count,
    seed: Seed,
    mcts_iterations: Option<Count>,
    z: f64,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    if !(z.is_finite() && z > 0.0) {
        return Err(PyValueError::new_err("z must be a positive number"));
    }
    let play = match mcts_iterations {
        None => Play::Random,
        Some(n) => Play::Mcts { iterations: iterations(n)? },
    };
    let game = game.get().inner.clone();
    let (games, seed) = (games.0, seed.0);
    let rows = py.detach(|| guard(|| Ok(game.seats(play, games, seed, z))))?.map_err(PyValueError::new_err)?;
    rows.iter().map(|r| row(py, r)).collect()
}

/// The bounded seat-fairness check of `make test`: `games` uniformly random games per seating,
/// intervals at the `z` that keeps false alarms below 1 in 1,000 runs. Returns the rows of
/// `seat_shares`; raises `ConformanceError` naming every unfair seat.
#[pyfunction]
#[pyo3(signature = (game, games=Count(2000), seed=Seed(0)), text_signature = "(game, games=2000, seed=0)")]
pub fn check_seats<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    games: Count,
    seed: Seed,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    use kumite::conformance::seats::{z_for, BOUNDED_TESTS, FALSE_ALARM};
    let inner = game.get().inner.clone();
    let (n, s) = (games.0, seed.0);
    let rows = py
        .detach(|| guard(|| Ok(inner.seats(Play::Random, n, s, z_for(FALSE_ALARM, BOUNDED_TESTS)))))?
        .map_err(PyValueError::new_err)?;
    let failures: Vec<&str> = rows.iter().flat_map(|r| r.failures.iter().map(String::as_str)).collect();
    if !failures.is_empty() {
        return Err(violation(py, inner.name(), "seats", failures.join("; ")));
    }
    rows.iter().map(|r| row(py, r)).collect()
}

/// The dead-text report: `games` uniformly random games and `mcts_games` games of MCTS
/// (`mcts_iterations` a move, every seat), counting for every printed effect of the cards in play
/// (each symbol, ability effect or text effect) how often it took effect. Returns `{"games",
/// "effects": [{"card", "index", "text", "times", "games"}, …], "dead": [the effects that never
/// took effect]}`; `kumite dead-text` prints it.
#[pyfunction]
#[pyo3(
    signature = (game, games=Count(1000), mcts_games=Count(2), mcts_iterations=Count(30), seed=Seed(0)),
    text_signature = "(game, games=1000, mcts_games=2, mcts_iterations=30, seed=0)"
)]
pub fn dead_text<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    games: Count,
    mcts_games: Count,
    mcts_iterations: Count,
    seed: Seed,
) -> PyResult<Bound<'py, PyDict>> {
    let iterations = iterations(mcts_iterations)?;
    if games.0.saturating_add(mcts_games.0) > 10_000_000 {
        return Err(PyValueError::new_err("games + mcts_games must be at most 10,000,000"));
    }
    let inner = game.get().inner.clone();
    let report = py
        .detach(|| guard(|| Ok(inner.dead_text(games.0, mcts_games.0, iterations, seed.0))))?
        .map_err(|v| violation(py, inner.name(), "dead text", v))?;
    let effect = |e: &kumite::conformance::dead_text::EffectRate| -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("card", &e.effect.key.card)?;
        d.set_item("index", e.effect.key.index)?;
        d.set_item("text", &e.effect.text)?;
        d.set_item("times", e.times)?;
        d.set_item("games", e.games)?;
        Ok(d)
    };
    let out = PyDict::new(py);
    out.set_item("games", report.games)?;
    out.set_item("effects", report.effects.iter().map(effect).collect::<PyResult<Vec<_>>>()?)?;
    out.set_item("dead", report.dead().into_iter().map(effect).collect::<PyResult<Vec<_>>>()?)?;
    Ok(out)
}
