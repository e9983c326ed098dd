//! What a player cannot see: `determinize` redeals what the observer never saw, `secrecy` says
//! what a move shows the other player.

use crate::cards::{determinized_rng, redeal, reshuffle};
use crate::core::{Action, Rng, Secrecy, State};
use crate::games::tekken::actions::{TekkenAction, TRIPLES};
use crate::games::tekken::content::MAX_DECK;
use crate::games::tekken::game::Tekken;
use crate::games::tekken::state::{Slot, TekkenState};

/// Turns `s` into a state `observer` cannot tell from it: the opponent's unseen cards (hand,
/// deck, face-down slot card) are redealt from the same pool, both deck orders reshuffled,
/// an unrevealed opponent rage choice redrawn, unflipped floor tokens and the RNG reseeded.
pub(crate) fn resample(s: &mut TekkenState, _game: &Tekken, observer: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let opp = &mut s.fighters[1 - observer];
    let face_down = opp.slots.iter_mut().filter_map(|slot| match slot {
        Slot::Card { card, revealed: false, .. } => Some(card),
        _ => None,
    });
    redeal::<{ MAX_DECK }>(
        opp.hand.as_mut_slice().iter_mut().chain(face_down).chain(opp.deck.as_mut_slice()),
        &mut rng,
    );
    if !opp.rage_revealed && opp.rage.is_some() {
        opp.rage = Some(rng.below(2) as u8);
    }
    reshuffle(s.fighters[observer].deck.as_mut_slice(), &mut rng);
    let flipped = usize::from(s.floor.flipped);
    reshuffle(&mut s.floor.tokens[flipped..], &mut rng);
    s.rng = determinized_rng(seed);
}

/// TK-4.7: a card is placed face down (a card that cannot be punished is revealed at once,
/// TK-4.10, so it shows itself); TK-4.3: a stance change shows its three cards to the
/// opponent, not where they sat in the hand; TK-9.1: the rage card is chosen in secret.
pub(crate) fn secrecy(s: &TekkenState, _game: &Tekken, action: Action) -> Secrecy {
    let Some(p) = s.current_player() else { return Secrecy::PUBLIC };
    let hand = &s.fighters[p].hand;
    let card = |i: u8| hand.get(usize::from(i)).map_or(0, |c| 1 + u64::from(c.0));
    match TekkenAction::decode(action) {
        TekkenAction::Play(i) => {
            let unpunishable = s.fighters[1 - p].cannot_punish || s.fighters[p].punish_tokens > 0;
            Secrecy::from_others(p, 2, if unpunishable { card(i) } else { 0 })
        }
        TekkenAction::StanceChange(t) => {
            let mut shown = TRIPLES[usize::from(t)].map(card);
            shown.sort_unstable();
            Secrecy::from_others(p, 2, 1 << 63 | shown[0] << 32 | shown[1] << 16 | shown[2])
        }
        TekkenAction::ChooseRage(_) => Secrecy::from_others(p, 2, 0),
        _ => Secrecy::PUBLIC,
    }
}
