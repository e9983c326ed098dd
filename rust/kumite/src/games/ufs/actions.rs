//! The dense action space of UFS. Ranges are sized by the worst case: a hand of `MAX_HAND`
//! cards, ability sources (staging area, character row, the attack card) times `MAX_ABILITIES`,
//! commit sources (staging area and the character).

use crate::core::{Action, State};
use crate::games::ufs::content::MAX_ABILITIES;
use crate::games::ufs::state::{Phase, UfsState, MAX_CHARS, MAX_HAND, MAX_STAGING};
use crate::games::ufs::Ufs;

/// Ability sources: staging slot `k` is `k`, character row entry `k` is `MAX_STAGING + k`, the
/// attack card in the pool is `ATTACK_SOURCE`.
pub const CHAR_SOURCE: usize = MAX_STAGING;
pub const ATTACK_SOURCE: usize = MAX_STAGING + MAX_CHARS;
pub const SOURCES: usize = ATTACK_SOURCE + 1;
/// Commit sources: staging slot `k`, or `MAX_STAGING` for the character.
pub const COMMIT_SOURCES: usize = MAX_STAGING + 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UfsAction {
    /// Put hand card `i` into the card pool: a form in the combat phase, or an action for its
    /// enhance in the enhance step (UF-5.2, UF-6.3).
    Play(u8),
    /// Block with hand card `i` (UF-6.4, UF-6.5).
    Block(u8),
    /// Discard hand card `i` in the review step (UF-5.1).
    Discard(u8),
    /// Use ability `j` of source `k` (an enhance in the enhance step, a form ability in the
    /// combat phase), paying its cost.
    Use(u8, u8),
    /// Commit a ready foundation (staging slot) or the character for +1 on the check (UF-8.7).
    Commit(u8),
    /// Pass: end the combat phase, pass in the enhance step, do not block, keep the hand in the
    /// review step, or accept a failed check.
    Pass,
    /// The mulligan decision (UF-2.7): `true` replaces the hand.
    Mulligan(bool),
    /// The end-phase choice for a damaging attack (UF-9.3): `true` makes it momentum.
    Momentum(bool),
}

const PLAY: usize = 0;
const BLOCK: usize = PLAY + MAX_HAND;
const DISCARD: usize = BLOCK + MAX_HAND;
const USE: usize = DISCARD + MAX_HAND;
const COMMIT: usize = USE + SOURCES * MAX_ABILITIES;
const PASS: usize = COMMIT + COMMIT_SOURCES;
const MULLIGAN: usize = PASS + 1;
const MOMENTUM: usize = MULLIGAN + 2;
pub const NUM_ACTIONS: usize = MOMENTUM + 2;

impl UfsAction {
    pub fn encode(self) -> Action {
        let id = match self {
            UfsAction::Play(i) => PLAY + usize::from(i),
            UfsAction::Block(i) => BLOCK + usize::from(i),
            UfsAction::Discard(i) => DISCARD + usize::from(i),
            UfsAction::Use(k, j) => USE + usize::from(k) * MAX_ABILITIES + usize::from(j),
            UfsAction::Commit(k) => COMMIT + usize::from(k),
            UfsAction::Pass => PASS,
            UfsAction::Mulligan(b) => MULLIGAN + usize::from(b),
            UfsAction::Momentum(b) => MOMENTUM + usize::from(b),
        };
        id as Action
    }

    /// The action with id `a`; ids at or above `NUM_ACTIONS` read as `Pass` (callers check the
    /// range first).
    pub fn decode(a: Action) -> UfsAction {
        let a = usize::from(a);
        match a {
            _ if a < BLOCK => UfsAction::Play((a - PLAY) as u8),
            _ if a < DISCARD => UfsAction::Block((a - BLOCK) as u8),
            _ if a < USE => UfsAction::Discard((a - DISCARD) as u8),
            _ if a < COMMIT => {
                let k = (a - USE) / MAX_ABILITIES;
                UfsAction::Use(k as u8, ((a - USE) % MAX_ABILITIES) as u8)
            }
            _ if a < PASS => UfsAction::Commit((a - COMMIT) as u8),
            _ if a < MULLIGAN => UfsAction::Pass,
            _ if a < MOMENTUM => UfsAction::Mulligan(a - MULLIGAN == 1),
            _ if a < NUM_ACTIONS => UfsAction::Momentum(a - MOMENTUM == 1),
            _ => UfsAction::Pass,
        }
    }
}

pub(crate) fn action_to_string(state: &UfsState, game: &Ufs, action: Action) -> String {
    let p = state.current_player().unwrap_or(usize::from(state.active));
    let s = &state.sides[p];
    let hand = |i: u8| match s.hand.get(usize::from(i)) {
        Some(c) => game.content.card(c).name.clone(),
        None => format!("hand card {}", i + 1),
    };
    match UfsAction::decode(action) {
        UfsAction::Play(i) if matches!(state.phase, Phase::Enhance { .. }) => format!("enhance with {}", hand(i)),
        UfsAction::Play(i) => format!("play {}", hand(i)),
        UfsAction::Block(i) => format!("block with {}", hand(i)),
        UfsAction::Discard(i) => format!("discard {}", hand(i)),
        UfsAction::Use(k, j) => {
            let k = usize::from(k);
            let (slot, place) = if k < MAX_STAGING {
                (s.staging.as_slice().get(k), format!("staging {}", k + 1))
            } else if k < ATTACK_SOURCE {
                (s.character.as_slice().get(k - CHAR_SOURCE), format!("character {}", k - CHAR_SOURCE + 1))
            } else {
                (state.attack.and_then(|a| s.pool.as_slice().get(usize::from(a.slot))), "attack".to_string())
            };
            match slot.map(|x| game.content.card(x.card)) {
                Some(c) => match c.abilities.get(usize::from(j)) {
                    Some(a) => format!("use {} ({place}): {}", c.name, a.text()),
                    None => format!("use {} ({place}) ability {}", c.name, j + 1),
                },
                None => format!("use {place} ability {}", j + 1),
            }
        }
        UfsAction::Commit(k) => {
            let k = usize::from(k);
            if k < MAX_STAGING {
                match s.staging.as_slice().get(k) {
                    Some(x) => format!("commit {} (staging {}) for +1", game.content.card(x.card).name, k + 1),
                    None => format!("commit staging {}", k + 1),
                }
            } else {
                "commit the character for +1".into()
            }
        }
        UfsAction::Pass => match state.phase {
            Phase::Combat => "end the combat phase".into(),
            Phase::Enhance { .. } => "pass".into(),
            Phase::Block => "do not block".into(),
            Phase::Review => "keep the hand".into(),
            Phase::Check => "accept the failed check".into(),
            _ => "pass".into(),
        },
        UfsAction::Mulligan(true) => "mulligan".into(),
        UfsAction::Mulligan(false) => "keep the opening hand".into(),
        UfsAction::Momentum(true) => "attack to momentum".into(),
        UfsAction::Momentum(false) => "attack to the discard pile".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_decode_round_trip() {
        for a in 0..NUM_ACTIONS as Action {
            assert_eq!(UfsAction::decode(a).encode(), a);
        }
    }
}
