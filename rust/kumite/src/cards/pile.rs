use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::core::Rng;

/// An index into a game's card database. States hold these, never card text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// An ordered pile of at most `N` cards; the top is the end (`push` / `pop`).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pile<const N: usize>(ArrayVec<CardId, N>);

impl<const N: usize> Pile<N> {
    pub fn new() -> Self {
        Pile(ArrayVec::new())
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn as_slice(&self) -> &[CardId] {
        &self.0
    }
    /// For redealing hidden cards in place (determinization).
    pub fn as_mut_slice(&mut self) -> &mut [CardId] {
        &mut self.0
    }
    pub fn iter(&self) -> impl Iterator<Item = CardId> + '_ {
        self.0.iter().copied()
    }
    #[inline]
    pub fn get(&self, i: usize) -> Option<CardId> {
        self.0.get(i).copied()
    }
    /// Puts a card on top. Callers size piles for the worst case, so overflow is a bug.
    #[inline]
    pub fn push(&mut self, card: CardId) {
        self.0.push(card);
    }
    #[inline]
    pub fn pop(&mut self) -> Option<CardId> {
        self.0.pop()
    }
    /// Removes the card at `i`, keeping the order of the rest.
    pub fn remove(&mut self, i: usize) -> CardId {
        self.0.remove(i)
    }
    pub fn clear(&mut self) {
        self.0.clear();
    }
    pub fn contains(&self, card: CardId) -> bool {
        self.0.contains(&card)
    }
    pub fn shuffle(&mut self, rng: &mut Rng) {
        rng.shuffle(&mut self.0);
    }
    /// Moves every card onto `to`, keeping their order.
    pub fn move_all_to<const M: usize>(&mut self, to: &mut Pile<M>) {
        for card in self.0.drain(..) {
            to.0.push(card);
        }
    }
    /// Moves up to `n` cards from the top onto `to`; returns how many moved.
    pub fn draw_to<const M: usize>(&mut self, to: &mut Pile<M>, n: usize) -> usize {
        let mut moved = 0;
        while moved < n {
            match self.0.pop() {
                Some(card) => to.0.push(card),
                None => break,
            }
            moved += 1;
        }
        moved
    }
}

impl<const N: usize> FromIterator<CardId> for Pile<N> {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> Self {
        Pile(iter.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_moves_from_the_top_and_stops_when_empty() {
        let mut deck: Pile<8> = (0..3).map(CardId).collect();
        let mut hand: Pile<8> = Pile::new();
        assert_eq!(deck.draw_to(&mut hand, 5), 3);
        assert_eq!(hand.as_slice(), &[CardId(2), CardId(1), CardId(0)]);
        assert!(deck.is_empty());
    }

    #[test]
    fn shuffle_is_seeded() {
        let make = |seed| {
            let mut p: Pile<16> = (0..16).map(CardId).collect();
            p.shuffle(&mut Rng::new(seed));
            p
        };
        assert_eq!(make(5), make(5));
        assert_ne!(make(5), make(6));
    }

    #[test]
    fn serialises_as_a_plain_list() {
        let p: Pile<4> = [CardId(3), CardId(1)].into_iter().collect();
        assert_eq!(serde_json::to_string(&p).unwrap(), "[3,1]");
        let back: Pile<4> = serde_json::from_str("[3,1]").unwrap();
        assert_eq!(back, p);
        assert!(serde_json::from_str::<Pile<1>>("[3,1]").is_err());
    }
}
