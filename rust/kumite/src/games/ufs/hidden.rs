//! What a player cannot see: `determinize` redeals what the observer never saw (every UFS move
//! is played in view, so no move has a secret).

use crate::cards::{determinized_rng, reshuffle, sort_hidden};
use crate::core::Rng;
use crate::games::ufs::game::Ufs;
use crate::games::ufs::state::*;

/// Turns `s` into a state `observer` cannot tell from it: the opponent's hidden cards redealt among
/// their places, the observer's deck reshuffled, the RNG reseeded. Once the opponent has
/// relieved, its deck was made of the public discard pile less ten cards (UF-3.4): those cards,
/// in its deck or drawn into its hand since, are redealt only among themselves, and the hand's
/// older cards with the mulliganed ones.
pub(crate) fn resample(s: &mut UfsState, _game: &Ufs, observer: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let opp = &mut s.sides[1 - observer];
    let relieved = !opp.removed().is_empty();
    let fresh = opp.drawn_since_relief as usize;
    let (hand, deck, mulliganed) = opp.hidden_mut();
    if relieved {
        let (old, new) = hand.split_at_mut(hand.len() - fresh);
        redeal(new.iter_mut().chain(deck.iter_mut()), &mut rng);
        redeal(old.iter_mut().chain(mulliganed.iter_mut()), &mut rng);
    } else {
        redeal(hand.iter_mut().chain(deck.iter_mut()).chain(mulliganed.iter_mut()), &mut rng);
    }
    let (_, deck, _) = s.sides[observer].hidden_mut();
    reshuffle(deck, &mut rng);
    s.rng = determinized_rng(seed);
}

/// Deals the cards in `places` anew: sorted first, so the result depends only on which cards
/// they are, then shuffled.
fn redeal<'a>(places: impl Iterator<Item = &'a mut Slot>, rng: &mut Rng) {
    let mut places: Vec<&mut Slot> = places.collect();
    let mut cards: Vec<Slot> = places.iter().map(|s| **s).collect();
    sort_hidden(&mut cards);
    rng.shuffle(&mut cards);
    for (place, card) in places.iter_mut().zip(cards) {
        **place = card;
    }
}
