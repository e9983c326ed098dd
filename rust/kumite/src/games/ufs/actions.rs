//! The dense action space of UFS, sized from the decks in play (UFX-11): a hand can hold a whole
//! deck, ability sources are the staging area (a deck's foundations and assets), the character
//! row (its character cards) and the attack card, times `MAX_ABILITIES`; commit sources are the
//! staging area and the character.

use crate::core::{Action, State};
use crate::games::ufs::content::MAX_ABILITIES;
use crate::games::ufs::game::{Ids, Ufs};
use crate::games::ufs::state::{Phase, UfsState};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UfsAction {
    /// Put hand card `i` into the card pool: a form in the combat phase, or an action for its
    /// enhance in the enhance step (UF-5.2, UF-6.3).
    Play(u16),
    /// Block with hand card `i` (UF-6.4, UF-6.5).
    Block(u16),
    /// Discard hand card `i` in the review step (UF-5.1).
    Discard(u16),
    /// Use ability `j` of source `k` (an enhance in the enhance step, a form ability in the
    /// combat phase), paying its cost.
    Use(u16, u8),
    /// Commit a ready foundation (staging slot) or the character for +1 on the check (UF-8.7).
    Commit(u16),
    /// Pass: end the combat phase, pass in the enhance step, do not block, keep the hand in the
    /// review step, or accept a failed check.
    Pass,
    /// The mulligan decision (UF-2.7): `true` replaces the hand.
    Mulligan(bool),
    /// The end-phase choice for a damaging attack (UF-9.3): `true` makes it momentum.
    Momentum(bool),
}

impl UfsAction {
    pub fn encode(self, ids: &Ids) -> Action {
        let id = match self {
            UfsAction::Play(i) => usize::from(i),
            UfsAction::Block(i) => ids.block + usize::from(i),
            UfsAction::Discard(i) => ids.discard + usize::from(i),
            UfsAction::Use(k, j) => ids.use_ + usize::from(k) * MAX_ABILITIES + usize::from(j),
            UfsAction::Commit(k) => ids.commit + usize::from(k),
            UfsAction::Pass => ids.pass,
            UfsAction::Mulligan(b) => ids.mulligan + usize::from(b),
            UfsAction::Momentum(b) => ids.momentum + usize::from(b),
        };
        id as Action
    }

    /// The action with id `a`; ids at or above `ids.count` read as `Pass` (callers check the
    /// range first).
    pub fn decode(a: Action, ids: &Ids) -> UfsAction {
        let a = usize::from(a);
        match a {
            _ if a < ids.block => UfsAction::Play(a as u16),
            _ if a < ids.discard => UfsAction::Block((a - ids.block) as u16),
            _ if a < ids.use_ => UfsAction::Discard((a - ids.discard) as u16),
            _ if a < ids.commit => {
                let k = (a - ids.use_) / MAX_ABILITIES;
                UfsAction::Use(k as u16, ((a - ids.use_) % MAX_ABILITIES) as u8)
            }
            _ if a < ids.pass => UfsAction::Commit((a - ids.commit) as u16),
            _ if a < ids.mulligan => UfsAction::Pass,
            _ if a < ids.momentum => UfsAction::Mulligan(a - ids.mulligan == 1),
            _ if a < ids.count => UfsAction::Momentum(a - ids.momentum == 1),
            _ => UfsAction::Pass,
        }
    }
}

pub(crate) fn action_to_string(state: &UfsState, game: &Ufs, action: Action) -> String {
    let p = state.current_player().unwrap_or(usize::from(state.active));
    let s = &state.sides[p];
    let hand = |i: u16| match s.hand().get(usize::from(i)) {
        Some(c) => game.content.card(c).name.clone(),
        None => format!("hand card {}", i + 1),
    };
    let ids = &game.ids;
    match UfsAction::decode(action, ids) {
        UfsAction::Play(i) if matches!(state.phase, Phase::Enhance { .. }) => format!("enhance with {}", hand(i)),
        UfsAction::Play(i) => format!("play {}", hand(i)),
        UfsAction::Block(i) => format!("block with {}", hand(i)),
        UfsAction::Discard(i) => format!("discard {}", hand(i)),
        UfsAction::Use(k, j) => {
            let k = usize::from(k);
            let (slot, place) = if k < ids.char_source {
                (s.staging().as_slice().get(k), format!("staging {}", k + 1))
            } else if k < ids.attack_source {
                (s.character().as_slice().get(k - ids.char_source), format!("character {}", k - ids.char_source + 1))
            } else {
                (state.attack.and_then(|a| s.pool().as_slice().get(usize::from(a.slot))), "attack".to_string())
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
            if k < ids.char_source {
                match s.staging().as_slice().get(k) {
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
        let ids = Ids::new(61, 20, 5);
        for a in 0..ids.count as Action {
            assert_eq!(UfsAction::decode(a, &ids).encode(&ids), a);
        }
    }
}
