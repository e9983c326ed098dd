//! What a player cannot see: `determinize` redeals what the observer never saw (every UFS move
//! is played in view, so no move has a secret).

use crate::cards::{determinized_rng, redeal, reshuffle};
use crate::core::Rng;
use crate::games::ufs::content::MAX_DECK;
use crate::games::ufs::state::*;

/// A state that `observer` cannot tell from this one: the opponent's hand, deck and
/// mulliganed cards redealt from the same cards, the observer's deck reshuffled, the RNG
/// reseeded. Hidden pools are sorted before shuffling so the result depends only on what the
/// observer knows.
pub(crate) fn determinize(state: &UfsState, observer: usize, seed: u64) -> UfsState {
    let mut s = state.clone();
    let mut rng = Rng::new(seed);
    let opp = &mut s.sides[1 - observer];
    let hidden = opp.hand.as_mut_slice().iter_mut().chain(opp.deck.as_mut_slice()).chain(opp.mulliganed.as_mut_slice());
    redeal::<{ MAX_DECK + MAX_HAND + MAX_MULLIGANED }>(hidden, &mut rng);
    reshuffle(s.sides[observer].deck.as_mut_slice(), &mut rng);
    s.rng = determinized_rng(seed);
    s
}
