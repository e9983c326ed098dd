//! The dense action space of UFS. Ranges are sized by the worst case: a hand of `MAX_HAND`
//! cards, ability sources (staging area, character row, the attack card) times `MAX_ABILITIES`,
//! commit sources (staging area and the character).

use crate::core::Action;
use crate::games::ufs::content::MAX_ABILITIES;
use crate::games::ufs::state::{MAX_CHARS, MAX_HAND, MAX_STAGING};

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
