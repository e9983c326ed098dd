//! Secret choices: at a decision the game declares secret ([`State::secrecy`]), every legal
//! alternative must leave each player it is hidden from exactly where the chosen one does,
//! up to what the rules reveal at once. "Exactly where" means the same observation, information
//! state and view, and the same state out of `determinize` for the same seed: a determinization
//! that kept the real choice (a face-down card left as it is) would differ between alternatives,
//! so the check also proves that `determinize` resamples the choice. Alternatives that show
//! different things (a partial reveal) must be told apart: a pick shows exactly what it declares.

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

/// Checks the secret decision at `state` (legal actions `legal`), if it is one. Returns whether
/// it was.
pub(crate) fn check_secret_decision<G: Game>(
    game: &G,
    state: &G::State,
    legal: &[Action],
    seed: u64,
) -> Result<bool, String> {
    let Some(mover) = state.current_player() else { return Ok(false) };
    let secrecy: Vec<Secrecy> = legal.iter().map(|&a| state.secrecy(game, a)).collect();
    if secrecy.iter().all(|s| s.is_public()) {
        return Ok(false);
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
        for (k, (i, a)) in firsts.iter().enumerate() {
            if let Some((j, _)) = firsts[k + 1..].iter().find(|(_, b)| b.info == a.info) {
                return Err(format!(
                    "reveal missing: P{mover}'s {:?} and {:?} show player {p} different things, but its information states are equal",
                    text(*i),
                    text(*j)
                ));
            }
        }
    }
    Ok(true)
}
