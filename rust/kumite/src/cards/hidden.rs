//! Redealing what an observer cannot see, for `State::determinize`: every game gathers the cards
//! hidden from the observer, shuffles them and puts them back where cards of that kind lie, in an
//! order that depends only on what the observer knows.

use arrayvec::ArrayVec;

use crate::cards::CardId;
use crate::core::{derive_seed, Rng};

/// Deals the cards behind `places` again: they are gathered, sorted (so where each really lay
/// cannot leak into the result), shuffled and dealt back to the same places in iteration order.
/// `N` bounds the number of places (an `ArrayVec`, so a search's determinization allocates
/// nothing).
pub fn redeal<'a, const N: usize>(places: impl IntoIterator<Item = &'a mut CardId>, rng: &mut Rng) {
    // Filled where they lie: a collected `ArrayVec` is built aside and moved in, a copy of its
    // whole capacity (kilobytes) at every determinization.
    let mut slots: ArrayVec<&'a mut CardId, N> = ArrayVec::new();
    slots.extend(places);
    let mut cards: ArrayVec<CardId, N> = ArrayVec::new();
    cards.extend(slots.iter().map(|c| **c));
    cards.sort_unstable();
    rng.shuffle(&mut cards);
    for (place, &card) in slots.iter_mut().zip(cards.iter()) {
        **place = card;
    }
}

/// Puts a pile whose order nobody knows in a new order: sorted first, for the same reason as
/// `redeal`, then shuffled.
pub fn reshuffle<T: Ord>(pile: &mut [T], rng: &mut Rng) {
    pile.sort_unstable();
    rng.shuffle(pile);
}

/// The RNG a determinized state plays on: stream 1 of the determinization's seed (the redeal
/// draws from the seed itself), so chance after the redeal differs from the real game's.
pub fn determinized_rng(seed: u64) -> Rng {
    Rng::new(derive_seed(seed, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redeal_keeps_the_cards_and_forgets_where_they_lay() {
        let deal = |cards: [u16; 5]| {
            let mut cards = cards.map(CardId);
            redeal::<5>(cards.iter_mut(), &mut Rng::new(7));
            cards
        };
        let a = deal([1, 2, 3, 4, 5]);
        let mut sorted = a;
        sorted.sort_unstable();
        assert_eq!(sorted, [1, 2, 3, 4, 5].map(CardId), "the same cards");
        assert_eq!(a, deal([5, 3, 1, 4, 2]), "the same result wherever the cards lay");
    }
}
