use serde::{Deserialize, Serialize};

use crate::core::{ProblemKind, ProblemList, Rng};

/// An index into a game's card database. States hold these, never card text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// An ordered pile of at most `N` cards; the top is the end (`push` / `pop`). A plain array and a
/// length, so cloning a state is one memory copy.
#[derive(Clone, Copy, Debug)]
pub struct Pile<const N: usize> {
    len: u8,
    cards: [CardId; N],
}

// Only the cards in the pile count: the slots past `len` hold leftovers.
impl<const N: usize> PartialEq for Pile<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<const N: usize> Eq for Pile<N> {}

impl<const N: usize> Default for Pile<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Pile<N> {
    pub const fn new() -> Self {
        assert!(N <= u8::MAX as usize, "piles hold at most 255 cards");
        Pile { len: 0, cards: [CardId(0); N] }
    }
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn is_full(&self) -> bool {
        self.len() == N
    }
    #[inline]
    pub fn as_slice(&self) -> &[CardId] {
        &self.cards[..self.len()]
    }
    /// Every slot, the ones past `len` holding leftovers: for readers that mask by `len` instead
    /// of branching on it.
    #[inline]
    pub fn slots(&self) -> &[CardId; N] {
        &self.cards
    }
    /// For redealing hidden cards in place (determinization).
    pub fn as_mut_slice(&mut self) -> &mut [CardId] {
        let len = self.len();
        &mut self.cards[..len]
    }
    pub fn iter(&self) -> impl Iterator<Item = CardId> + '_ {
        self.as_slice().iter().copied()
    }
    #[inline]
    pub fn get(&self, i: usize) -> Option<CardId> {
        self.as_slice().get(i).copied()
    }
    /// Puts a card on top. Callers size piles for the worst case, so overflow is a bug.
    #[inline]
    pub fn push(&mut self, card: CardId) {
        assert!(self.len() < N, "pile of {N} overflows");
        self.cards[self.len()] = card;
        self.len += 1;
    }
    #[inline]
    pub fn pop(&mut self) -> Option<CardId> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len()])
    }
    /// Removes the card at `i`, keeping the order of the rest.
    pub fn remove(&mut self, i: usize) -> CardId {
        let len = self.len();
        assert!(i < len, "remove {i} from a pile of {len}");
        let card = self.cards[i];
        self.cards.copy_within(i + 1..len, i);
        self.len -= 1;
        card
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    pub fn contains(&self, card: CardId) -> bool {
        self.as_slice().contains(&card)
    }
    pub fn shuffle(&mut self, rng: &mut Rng) {
        rng.shuffle(self.as_mut_slice());
    }
    /// Moves every card onto `to`, keeping their order.
    pub fn move_all_to<const M: usize>(&mut self, to: &mut Pile<M>) {
        for &card in self.as_slice() {
            to.push(card);
        }
        self.len = 0;
    }
    /// Moves up to `n` cards from the top onto `to`; returns how many moved.
    pub fn draw_to<const M: usize>(&mut self, to: &mut Pile<M>, n: usize) -> usize {
        let mut moved = 0;
        while moved < n {
            match self.pop() {
                Some(card) => to.push(card),
                None => break,
            }
            moved += 1;
        }
        moved
    }
}

impl<const N: usize> FromIterator<CardId> for Pile<N> {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> Self {
        let mut pile = Pile::new();
        for card in iter {
            pile.push(card);
        }
        pile
    }
}

impl<const N: usize> Serialize for Pile<N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de, const N: usize> Deserialize<'de> for Pile<N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<CardId>::deserialize(d)?;
        if cards.len() > N {
            return Err(serde::de::Error::custom(format!("a pile holds at most {N} cards, found {}", cards.len())));
        }
        Ok(cards.into_iter().collect())
    }
}

/// The conservation law a card game's loader checks (written once for every game): the cards
/// `player` holds across its zones (`held`) are exactly its deck, as many of each, in any order.
/// `at` is the player's field in the JSON state; `what` names those cards in the message ("cards
/// across all zones").
pub fn check_conserved(
    problems: &mut ProblemList,
    at: String,
    player: usize,
    what: &str,
    held: impl IntoIterator<Item = CardId>,
    deck: impl IntoIterator<Item = CardId>,
) {
    let mut held: Vec<CardId> = held.into_iter().collect();
    let mut deck: Vec<CardId> = deck.into_iter().collect();
    held.sort_unstable();
    deck.sort_unstable();
    if held != deck {
        problems.add(ProblemKind::Conservation, at, format!("player {player}'s {what} are not exactly its deck"));
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

    #[test]
    fn conservation_counts_copies_and_ignores_order() {
        let deck = [CardId(3), CardId(1), CardId(3)];
        let mut list = ProblemList::new();
        check_conserved(&mut list, "players[0]".into(), 0, "cards", [CardId(3), CardId(3), CardId(1)], deck);
        assert!(list.is_empty());
        check_conserved(&mut list, "players[1]".into(), 1, "cards", [CardId(3), CardId(1), CardId(1)], deck);
        check_conserved(&mut list, "players[2]".into(), 2, "cards", [CardId(3), CardId(1)], deck);
        let at: Vec<&str> = list.iter().map(|p| p.at.as_str()).collect();
        assert_eq!(at, ["players[1]", "players[2]"]);
        assert!(list.iter().all(|p| p.kind == ProblemKind::Conservation));
        assert_eq!(list.iter().next().unwrap().message, "player 1's cards are not exactly its deck");
    }
}
