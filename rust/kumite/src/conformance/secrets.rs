//! Secret choices: at a decision the game declares secret ([`State::secrecy`]), every legal
//! alternative must leave each player it is hidden from exactly where the chosen one does,
//! up to what the rules reveal at once. "Exactly where" means the same observation, information
//! state and view, and the same state out of `determinize` for the same seed: a determinization
//! that kept the real choice (a face-down card left as it is) would differ between alternatives,
//! so the check also proves that `determinize` resamples the choice. Alternatives that show
//! different things (a partial reveal) must be told apart: a pick shows exactly what it declares.
//! Positions, not histories, are compared, and a position may forget what a pick showed (a hit
//! that ends a round); so a run fails when more than [`UNSEEN_REVEALS`] of its partial-reveal
//! pairs went unseen, which a reveal that never shows always does.

use std::collections::HashMap;

use crate::core::{derive_seed, Action, Game, NoEvents, Secrecy, State};

/// What player `p` can know of a position, compared between the alternatives of a secret.
#[derive(PartialEq)]
struct Seen<S> {
    info: String,
    observation: Vec<u32>,
    view: serde_json::Value,
    determinized: S,
}

fn seen<G: Game>(game: &G, state: &G::State, p: usize, seed: u64) -> Seen<G::State> {
    let mut obs = vec![0.0f32; game.observation_len()];
    state.observation(game, p, &mut obs);
    Seen {
        info: state.information_state_string(game, p),
        observation: obs.iter().map(|x| x.to_bits()).collect(),
        view: state.view(game, Some(p)),
        determinized: state.determinize(game, p, seed),
    }
}

/// Where `b` gives player `p` away against `a`.
fn difference<S: PartialEq>(a: &Seen<S>, b: &Seen<S>) -> Option<String> {
    if a.info != b.info {
        return Some("information state".into());
    }
    if let Some(i) = a.observation.iter().zip(&b.observation).position(|(x, y)| x != y) {
        return Some(format!("observation (index {i})"));
    }
    if a.view != b.view {
        return Some("view".into());
    }
    if a.determinized != b.determinized {
        return Some("determinization (it keeps the real choice instead of resampling it)".into());
    }
    None
}

/// What the secret decisions of a run showed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Secret decisions checked.
    pub decisions: u64,
    /// Pairs of secret alternatives showing different things (partial reveals) ...
    pub reveals: u64,
    /// ... and those the player they are hidden from could not tell apart. A position may
    /// forget what a pick showed (a hit that ends the round deals everything again), so one
    /// such pair is no defect; a reveal that is mostly unseen is (see `UNSEEN_REVEALS`).
    pub unseen: u64,
}

impl Tally {
    pub fn add(&mut self, other: Tally) {
        self.decisions += other.decisions;
        self.reveals += other.reveals;
        self.unseen += other.unseen;
    }
}

/// The share of partial-reveal pairs a run may find unseen: only positions that forget at once
/// (the pick ended a round) may hide a reveal.
pub const UNSEEN_REVEALS: f64 = 0.25;

/// Checks the secret decision at `state` (legal actions `legal`), if it is one.
pub(crate) fn check_secret_decision<G: Game>(
    game: &G,
    state: &G::State,
    legal: &[Action],
    seed: u64,
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let Some(mover) = state.current_player() else { return Ok(tally) };
    let secrecy: Vec<Secrecy> = legal.iter().map(|&a| state.secrecy(game, a)).collect();
    if secrecy.iter().all(|s| s.is_public()) {
        return Ok(tally);
    }
    let players = game.num_players();
    let everyone = if players >= 64 { u64::MAX } else { (1u64 << players) - 1 };
    if let Some(s) = secrecy.iter().find(|s| s.hidden_from & (1 << mover) != 0 || s.hidden_from & !everyone != 0) {
        return Err(format!("a secret hidden from its own mover or from no seat at the table: {s:?}"));
    }
    let after: Vec<G::State> = legal
        .iter()
        .map(|&a| {
            let mut s = state.clone();
            s.apply_unchecked(game, a, &mut NoEvents);
            s
        })
        .collect();
    let text = |i: usize| state.action_to_string(game, legal[i]);
    for p in (0..players).filter(|&p| p != mover) {
        let det_seed = derive_seed(seed, 0x5ec2e7 + p as u64);
        // The first alternative of each reveal, and what p can know after it.
        let mut shown: HashMap<u64, (usize, Seen<G::State>)> = HashMap::new();
        for (i, s) in secrecy.iter().enumerate().filter(|(_, s)| s.hidden_from & (1 << p) != 0) {
            let seen_i = seen(game, &after[i], p, det_seed);
            match shown.get(&s.shows) {
                Some((j, first)) => {
                    if let Some(what) = difference(first, &seen_i) {
                        return Err(format!(
                            "secret leaked: player {p}'s {what} tells P{mover}'s {:?} from {:?}, which the rules hide from it",
                            text(*j),
                            text(i)
                        ));
                    }
                }
                None => {
                    shown.insert(s.shows, (i, seen_i));
                }
            }
        }
        let mut firsts: Vec<&(usize, Seen<G::State>)> = shown.values().collect();
        firsts.sort_by_key(|(i, _)| *i);
        for (k, (_, a)) in firsts.iter().enumerate() {
            for (_, b) in &firsts[k + 1..] {
                tally.reveals += 1;
                tally.unseen += u64::from(a.info == b.info);
            }
        }
    }
    tally.decisions = 1;
    Ok(tally)
}
