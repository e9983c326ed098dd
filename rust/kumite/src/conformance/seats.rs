//! Seat fairness: each seat's win share (draws half) in a game's seatings ([`Game::seatings`]),
//! with Wilson intervals, under uniformly random play and under MCTS against MCTS at an equal
//! budget. In a mirror a seat whose interval misses its fair share (1 / the number of sides)
//! fails, unless the game names the rule that gives it an edge and the edge's measured size
//! (then, in random play, the interval must hold that size).

use rayon::prelude::*;

use crate::core::{derive_seed, EventSink, Game, NoEvents, Seating, State};
use crate::search::rollout::rollout_batch;
use crate::search::{Heuristic, Mcts, MctsConfig};

/// How the seats play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    Random,
    /// Every seat an MCTS of this many iterations (information-set search, the game's
    /// heuristic at the leaves where it has one, random playouts otherwise).
    Mcts {
        iterations: u32,
    },
}

impl std::fmt::Display for Play {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Play::Random => write!(f, "random"),
            Play::Mcts { iterations } => write!(f, "mcts:{iterations}"),
        }
    }
}

/// One seat's measured share.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatShare {
    /// Wins plus half the draws, over the games.
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

/// One row of a seat table: a seating under one kind of play.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatRow {
    pub seating: String,
    pub mirror: bool,
    pub players: usize,
    pub play: Play,
    pub games: usize,
    /// Games no side won (all returns equal), counted half for two sides (1 / sides each).
    pub draws: usize,
    /// Games cut at the run's bound, counted as draws.
    pub truncated: usize,
    /// The side of each seat.
    pub sides: Vec<usize>,
    pub seats: Vec<SeatShare>,
    /// The share each seat should have: fair, or the declared edge's figure in random play.
    pub expected: Vec<f64>,
    /// The rule that gives a seat an edge here, if the game names one.
    pub edge: Option<String>,
    /// Seats whose interval misses what they should have, in words; empty when fair.
    pub failures: Vec<String>,
}

/// The `z` of a two-sided interval whose misses stay below `false_alarm` over `tests` tests:
/// the smallest `z` with `P(|Z| > z) <= false_alarm / tests` (Bonferroni), taken from the
/// Mills-ratio bound `P(|Z| > z) < 2·φ(z) / z`, which overstates the tail, so the real rate of
/// false alarms is lower still.
pub fn z_for(false_alarm: f64, tests: usize) -> f64 {
    let alpha = false_alarm / tests.max(1) as f64;
    let tail = |z: f64| 2.0 * (-z * z / 2.0).exp() / (z * (2.0 * std::f64::consts::PI).sqrt());
    let (mut lo, mut hi) = (1.0f64, 40.0f64);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if tail(mid) > alpha {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The 95 % `z`, for tables.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval of a share `p` over `n` games at `z`.
pub fn wilson(p: f64, n: usize, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Each seat's score in one game from its returns: the sides holding the highest return share
/// the win (a seat scores 1 / their number); when every seat holds it, no side won and each
/// scores 1 / the number of sides. Returns whether no side won.
fn score(returns: &[f32], sides: &[usize], n_sides: usize, out: &mut [f64]) -> bool {
    let best = returns.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut winning: Vec<usize> = sides.iter().zip(returns).filter(|(_, &r)| r == best).map(|(&s, _)| s).collect();
    winning.sort_unstable();
    winning.dedup();
    let draw = winning.len() == n_sides;
    for (o, s) in out.iter_mut().zip(sides) {
        *o = if winning.contains(s) { 1.0 / winning.len() as f64 } else { 0.0 };
    }
    draw
}

/// The game a seating plays: its options set over `game`'s.
pub fn seating_game<G: Game>(game: &G, seating: &Seating) -> Result<G, String> {
    let mut options = game.options_json().as_object().cloned().unwrap_or_default();
    for (k, v) in &seating.options {
        options.insert(k.clone(), v.clone());
    }
    G::from_options(&options).map_err(|e| format!("seating {:?}: {e}", seating.name))
}

/// One MCTS-against-MCTS game: every seat searches with the same budget and its own seed; the
/// main line's events go to `events`. Returns the final state (cut at the run bound).
pub(crate) fn mcts_game<G: Game>(
    game: &G,
    seed: u64,
    iterations: u32,
    events: &mut impl EventSink<<G::State as State>::Event>,
) -> G::State {
    let mut state = game.new_state(seed);
    let mut searchers: Vec<Mcts<G, Heuristic>> = (0..game.num_players())
        .map(|p| {
            Mcts::new(
                MctsConfig { iterations, seed: derive_seed(seed, 100 + p as u64), ..MctsConfig::default() },
                Heuristic,
            )
        })
        .collect();
    let mut history = Vec::new();
    while let Some(p) = state.current_player() {
        if history.len() >= game.max_game_length() {
            break;
        }
        let a = searchers[p].choose(game, &state, &history);
        state.apply_unchecked(game, a, events);
        history.push(a);
    }
    state
}

/// Measures one seating: `games` games from `seed`, intervals at `z`.
pub fn measure<G: Game>(
    game: &G,
    seating: &Seating,
    play: Play,
    games: usize,
    seed: u64,
    z: f64,
) -> Result<SeatRow, String> {
    let g = seating_game(game, seating)?;
    let n = g.num_players();
    let sides: Vec<usize> = if seating.sides.is_empty() { (0..n).collect() } else { seating.sides.clone() };
    if sides.len() != n {
        return Err(format!("seating {:?} gives {} sides for {n} seats", seating.name, sides.len()));
    }
    let n_sides = {
        let mut s = sides.clone();
        s.sort_unstable();
        s.dedup();
        s.len()
    };
    let (returns, truncated): (Vec<f32>, Vec<bool>) = match play {
        Play::Random => {
            let r = rollout_batch(&g, games, seed, None, None);
            (r.returns, r.truncated)
        }
        Play::Mcts { iterations } => {
            let results: Vec<(Vec<f32>, bool)> = (0..games)
                .into_par_iter()
                .map(|i| {
                    let mut ret = vec![0.0f32; n];
                    let state = mcts_game(&g, derive_seed(seed, i as u64), iterations, &mut NoEvents);
                    state.returns(&g, &mut ret);
                    (ret, !state.is_terminal())
                })
                .collect();
            let cut = results.iter().map(|r| r.1).collect();
            (results.into_iter().flat_map(|r| r.0).collect(), cut)
        }
    };
    let mut total = vec![0.0f64; n];
    let mut one = vec![0.0f64; n];
    let mut draws = 0;
    for (ret, &cut) in returns.chunks(n.max(1)).zip(&truncated) {
        if cut {
            one.iter_mut().zip(&sides).for_each(|(o, _)| *o = 1.0 / n_sides as f64);
        } else if score(ret, &sides, n_sides, &mut one) {
            draws += 1;
        }
        total.iter_mut().zip(&one).for_each(|(t, o)| *t += o);
    }
    let seats: Vec<SeatShare> = total
        .iter()
        .map(|&t| {
            let share = t / games.max(1) as f64;
            let (low, high) = wilson(share, games, z);
            SeatShare { share, low, high }
        })
        .collect();
    let edge = seating.edge.as_ref();
    let expected: Vec<f64> = match (edge, play) {
        (Some(e), Play::Random) if e.random_shares.len() == n => e.random_shares.clone(),
        _ => vec![1.0 / n_sides as f64; n],
    };
    let mut failures = Vec::new();
    if seating.mirror {
        for (p, (s, &e)) in seats.iter().zip(&expected).enumerate() {
            // Under search an edge the rules name may take any size; its random figure is checked.
            let excused = edge.is_some() && play != Play::Random;
            if !excused && !(s.low..=s.high).contains(&e) {
                let why = match edge {
                    Some(e) => format!("the edge of {} measured {:.3}", e.rule, expected[p]),
                    None => "no rule names an edge".to_string(),
                };
                failures.push(format!(
                    "seat {p} wins {:.3} [{:.3}, {:.3}] of {games} {play} games of {:?}, not {e:.3} ({why})",
                    s.share, s.low, s.high, seating.name
                ));
            }
        }
    }
    Ok(SeatRow {
        seating: seating.name.clone(),
        mirror: seating.mirror,
        players: n,
        play,
        games,
        draws,
        truncated: truncated.iter().filter(|&&t| t).count(),
        sides,
        seats,
        expected,
        edge: edge.map(|e| e.rule.clone()),
        failures,
    })
}

/// Every seating of `game` under `play`.
pub fn measure_all<G: Game>(game: &G, play: Play, games: usize, seed: u64, z: f64) -> Result<Vec<SeatRow>, String> {
    game.seatings()
        .iter()
        .enumerate()
        .map(|(i, s)| measure(game, s, play, games, derive_seed(seed, i as u64), z))
        .collect()
}

/// Games per seating in the bounded check of `make test`.
pub const BOUNDED_GAMES: usize = 2000;
/// Seat intervals tested in one `make test` run, an upper bound (four games, a handful of
/// seatings each, up to four seats, in Rust and through Python).
pub const BOUNDED_TESTS: usize = 128;
/// The false alarms allowed per `make test` run.
pub const FALSE_ALARM: f64 = 0.001;

/// The bounded seat-fairness check: [`BOUNDED_GAMES`] random games per seating, each interval
/// at the `z` that keeps false alarms below [`FALSE_ALARM`] per run over [`BOUNDED_TESTS`]
/// intervals. Returns the rows, or every failure found.
pub fn check_seats<G: Game>(game: &G, games: usize, seed: u64) -> Result<Vec<SeatRow>, String> {
    let rows = measure_all(game, Play::Random, games, seed, z_for(FALSE_ALARM, BOUNDED_TESTS))?;
    let failures: Vec<&String> = rows.iter().flat_map(|r| &r.failures).collect();
    if failures.is_empty() {
        Ok(rows)
    } else {
        Err(failures.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("; "))
    }
}
