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
    sort_hidden(&mut cards);
    rng.shuffle(&mut cards);
    for (place, &card) in slots.iter_mut().zip(cards.iter()) {
        **place = card;
    }
}

/// Puts a pile whose order nobody knows in a new order: sorted first, for the same reason as
/// `redeal`, then shuffled.
pub fn reshuffle<T: Rank>(pile: &mut [T], rng: &mut Rng) {
    sort_hidden(pile);
    rng.shuffle(pile);
}

/// What a hidden pile holds, as a number below 256 for the values that have one: a content's
/// card ids (every shipped content has fewer than 256 cards), a face-down token. Two values of
/// the same rank are equal, and ranks are in the values' order, so sorting by rank is sorting.
pub trait Rank: Copy + Ord {
    fn rank(self) -> Option<u8>;
    fn from_rank(rank: u8) -> Self;
}

impl Rank for CardId {
    #[inline]
    fn rank(self) -> Option<u8> {
        u8::try_from(self.0).ok()
    }
    #[inline]
    fn from_rank(rank: u8) -> Self {
        CardId(u16::from(rank))
    }
}

impl Rank for bool {
    #[inline]
    fn rank(self) -> Option<u8> {
        Some(u8::from(self))
    }
    #[inline]
    fn from_rank(rank: u8) -> Self {
        rank != 0
    }
}

/// Sorts a hidden pile: by counting each rank (a pass over the pile and one over the ranks
/// present) when every value has one, else by comparing (`sort_unstable`: a content of 256 or
/// more cards, a pile of more than 255). Piles of tens of cards drawn from a few tens of card
/// types are what a determinization sorts, twice or more an iteration of a search, and the
/// comparison sort cost UFS's search 4 % of its instructions; below `COUNTED` cards the
/// comparison sort is the cheaper (clearing the counts costs more than comparing a few cards:
/// measured by `make icount ICOUNT_ARGS=--mcts` at 12 and 20).
pub fn sort_hidden<T: Rank>(pile: &mut [T]) {
    const COUNTED: usize = 20;
    if !(COUNTED..=255).contains(&pile.len()) {
        pile.sort_unstable();
        return;
    }
    let mut counts = [0u8; 256];
    let mut present = [0u64; 4];
    for &v in pile.iter() {
        let Some(r) = v.rank() else {
            pile.sort_unstable();
            return;
        };
        counts[usize::from(r)] += 1;
        present[usize::from(r >> 6)] |= 1 << (r & 63);
    }
    let mut at = 0;
    for (w, &word) in present.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let r = (w << 6) as u32 + bits.trailing_zeros();
            bits &= bits - 1;
            let n = usize::from(counts[r as usize]);
            pile[at..at + n].fill(T::from_rank(r as u8));
            at += n;
        }
    }
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

    #[test]
    fn counting_sort_is_sort_unstable() {
        let mut rng = Rng::new(3);
        for len in [0, 1, 2, 7, 19, 20, 40, 255, 256, 300] {
            for alphabet in [1, 3, 30, 256, 400] {
                let pile: Vec<CardId> = (0..len).map(|_| CardId(rng.below(alphabet) as u16)).collect();
                let (mut counted, mut compared) = (pile.clone(), pile.clone());
                sort_hidden(&mut counted);
                compared.sort_unstable();
                assert_eq!(counted, compared, "{len} cards of {alphabet} kinds");
            }
        }
        let mut tokens = [true, false, true, true, false];
        sort_hidden(&mut tokens);
        assert_eq!(tokens, [false, false, true, true, true]);
    }
}
