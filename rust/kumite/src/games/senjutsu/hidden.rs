//! What a player cannot see: `determinize` redeals what the observer never saw, `secrecy` says
//! what a move shows the others.

use crate::cards::{determinized_rng, reshuffle, CardId};
use crate::core::{Action, Rng, Secrecy, State};
use crate::games::senjutsu::actions::SenjutsuAction as A;
use crate::games::senjutsu::content::CardType;
use crate::games::senjutsu::game::Senjutsu;
use crate::games::senjutsu::state::{Phase, SenjutsuState};

/// Everything `observer` cannot see in `s`, redealt: other samurai's hands (but for their stun and
/// core cards), decks, face-down discards and unrevealed selections; the observer's own deck
/// order. Hidden pools are sorted before shuffling so the result depends only on what the
/// observer knows. A face-down selection is redrawn from the whole hand it left (SJ-13.3):
/// an ability card, a stun card or the core card.
pub(crate) fn resample(s: &mut SenjutsuState, game: &Senjutsu, observer: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let c = &game.content;
    let hidden_in_hand =
        |x: CardId| matches!(c.card(x).ty, CardType::Attack | CardType::Defense | CardType::Meditation);
    for p in 0..game.n() {
        let sam = &mut s.samurai[p];
        if p == observer {
            reshuffle(sam.deck.as_mut_slice(), &mut rng);
            continue;
        }
        let face_down = sam.played.filter(|_| !sam.revealed);
        // The hand before the selection: its public cards (stun cards, the core card).
        let mut public: Vec<CardId> = sam.hand.iter().chain(face_down).filter(|&x| !hidden_in_hand(x)).collect();
        public.sort_unstable();
        let mut pool: Vec<CardId> = sam
            .hand
            .iter()
            .chain(face_down)
            .filter(|&x| hidden_in_hand(x))
            .chain(sam.deck.iter())
            .chain(sam.hidden.iter())
            .collect();
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        let abilities = sam.hand.iter().chain(face_down).filter(|&x| hidden_in_hand(x)).count();
        // Which card of that hand is face down: any of them but an instant (SJX-6), or one
        // only usable in another kamae zone (SJ-9.3).
        let zone = game.samurai(p).tree.nodes[usize::from(sam.kamae)].1;
        let selectable = |x: CardId| {
            let k = c.card(x);
            k.instant == crate::games::senjutsu::content::Instant::None && k.requires.is_none_or(|z| z == zone)
        };
        let mut played = None;
        let any_selectable = pool.iter().any(|&x| selectable(x));
        let candidates = if any_selectable || public.is_empty() { abilities } else { 0 } + public.len();
        if face_down.is_some() && candidates > 0 {
            let pick = rng.below(candidates as u32) as usize;
            if pick < candidates - public.len() {
                let i = pool.iter().position(|&x| selectable(x)).unwrap_or(0);
                played = Some(pool.remove(i));
            } else {
                played = Some(public.remove(pick - (candidates - public.len())));
            }
        }
        let mut next = pool.into_iter();
        let hand_abilities = abilities - usize::from(played.is_some_and(hidden_in_hand));
        sam.hand.clear();
        for _ in 0..hand_abilities {
            sam.hand.push(next.next().expect("pool holds the hidden cards"));
        }
        for x in public {
            sam.hand.push(x);
        }
        for zone in [sam.deck.as_mut_slice(), sam.hidden.as_mut_slice()] {
            for x in zone {
                *x = next.next().expect("pool holds the hidden cards");
            }
        }
        if face_down.is_some() {
            sam.played = played;
        }
    }
    s.rng = determinized_rng(seed);
}

/// SJ-13.3: a selection is face down until every samurai has selected; the last one's
/// selection turns every card face up at once, so it shows its card. SJ-13.9: a card
/// discarded over the hand limit goes face down.
pub(crate) fn secrecy(s: &SenjutsuState, game: &Senjutsu, action: Action) -> Secrecy {
    let Some(p) = s.current_player() else { return Secrecy::PUBLIC };
    match (s.phase, A::decode(action)) {
        (Phase::Select(_), A::Select(k)) => {
            let last = (p + 1..game.n()).all(|q| !s.alive(q));
            Secrecy::from_others(p, game.n(), if last { 1 + u64::from(k) } else { 0 })
        }
        (Phase::Discard(_), A::Discard(_)) => Secrecy::from_others(p, game.n(), 0),
        _ => Secrecy::PUBLIC,
    }
}
