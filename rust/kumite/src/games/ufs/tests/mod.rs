//! Scenario tests: each sets up a position, acts, and checks the exact outcome. The clause ids
//! (UF-…, UFX-…) are those of `docs/rules/ufs.md`.

use crate::cards::CardId;
use crate::conformance::{check_random_games, soak_size, Conformance};
use crate::core::{ActionList, Game, GameError, State};
use crate::games::ufs::actions::UfsAction as A;
use crate::games::ufs::content::{Content, Kind, BUILTIN};
use crate::games::ufs::state::{At, Phase, Purpose, Slot, UfsState};
use crate::games::ufs::{DeckChoice, Symbol, SymbolMatch, Ufs, UfsOptions};

fn with(decks: [&str; 2]) -> Ufs {
    Ufs::new(UfsOptions {
        first_player: Some(0),
        decks: decks.map(|d| DeckChoice::Preset(d.into())),
        ..Default::default()
    })
    .unwrap()
}

fn game() -> Ufs {
    with(["brann", "isolde"])
}

fn preset_list(g: &Ufs, deck: &str) -> Vec<String> {
    let d = g.content.deck(deck).unwrap();
    std::iter::once(d.character).chain(d.cards.iter().copied()).map(|c| g.content.card(c).id.clone()).collect()
}

/// Brann's preset plus `extra` cards (a legal user decklist).
fn brann_plus(extra: &[&str], options: UfsOptions) -> Ufs {
    let g = game();
    let mut list = preset_list(&g, "brann");
    list.extend(extra.iter().map(|s| s.to_string()));
    Ufs::new(UfsOptions {
        first_player: Some(0),
        decks: [DeckChoice::List(list), DeckChoice::Preset("isolde".into())],
        ..options
    })
    .unwrap()
}

fn id(g: &Ufs, name: &str) -> CardId {
    g.content.card_index(name).unwrap_or_else(|| panic!("no card {name}"))
}

fn act(g: &Ufs, s: &mut UfsState, a: A) {
    s.apply(g, a.encode(&g.ids)).unwrap_or_else(|e| panic!("{a:?}: {e}\n{}", s.render(g)));
}

fn legal(g: &Ufs, s: &UfsState) -> Vec<A> {
    let mut out = ActionList::new();
    s.legal_actions(g, &mut out);
    out.iter().map(|&a| A::decode(a, &g.ids)).collect()
}

/// Removes one copy of `name` from `p`'s deck, discard or hand.
fn take(g: &Ufs, s: &mut UfsState, p: usize, name: &str) -> CardId {
    let c = id(g, name);
    let side = &mut s.sides[p];
    let in_deck = side.deck().iter().position(|x| x == c);
    let in_discard = side.discard().iter().position(|x| x == c);
    let in_hand = side.hand().iter().position(|x| x == c);
    if let Some(i) = in_deck {
        side.deck_mut().remove(i);
    } else if let Some(i) = in_discard {
        side.discard_mut().remove(i);
    } else if let Some(i) = in_hand {
        side.hand_mut().remove(i);
    } else {
        panic!("no free {name} for P{p}");
    }
    c
}

/// `p` holds exactly `names` (the old hand goes back into the deck).
fn set_hand(g: &Ufs, s: &mut UfsState, p: usize, names: &[&str]) {
    let side = &mut s.sides[p];
    side.hand_mut().move_all_to(At::Deck);
    for n in names {
        let c = take(g, s, p, n);
        s.sides[p].hand_mut().push(c);
    }
}

/// Puts `names` on top of `p`'s deck, the last one on top (turned over first).
fn set_top(g: &Ufs, s: &mut UfsState, p: usize, names: &[&str]) {
    for n in names {
        let c = take(g, s, p, n);
        s.sides[p].deck_mut().push(c);
    }
}

fn stage(g: &Ufs, s: &mut UfsState, p: usize, name: &str) {
    let c = take(g, s, p, name);
    s.sides[p].staging_mut().push(Slot::new(c));
}

fn hand_index(g: &Ufs, s: &UfsState, p: usize, name: &str) -> u16 {
    let c = id(g, name);
    s.sides[p].hand().iter().position(|x| x == c).unwrap_or_else(|| panic!("{name} not in P{p}'s hand")) as u16
}

fn play(g: &Ufs, s: &mut UfsState, p: usize, name: &str) {
    let i = hand_index(g, s, p, name);
    act(g, s, A::Play(i));
}

/// Both keep their hands: P0's first combat phase, its character committed. Hands are emptied
/// (back into the decks) so that tests give exactly the cards they need.
fn start(g: &Ufs) -> UfsState {
    let mut s = g.new_state(1);
    act(g, &mut s, A::Mulligan(false));
    act(g, &mut s, A::Mulligan(false));
    assert_eq!(s.phase, Phase::Combat);
    set_hand(g, &mut s, 0, &[]);
    set_hand(g, &mut s, 1, &[]);
    s.validate(g).unwrap();
    s
}

/// Passes (keeping hands, ending combat phases, declining momentum) until `p`'s combat phase.
fn to_combat(g: &Ufs, s: &mut UfsState, p: usize) {
    while !(s.phase == Phase::Combat && usize::from(s.active) == p) {
        let a = if s.phase == Phase::Momentum { A::Momentum(false) } else { A::Pass };
        act(g, s, a);
    }
}

fn names(g: &Ufs, cards: impl Iterator<Item = CardId>) -> Vec<String> {
    cards.map(|c| g.content.card(c).id.clone()).collect()
}

/// P0 attacks with Cinder Jab (high, speed 5, damage 3); P1 holds `hand` and has passed its
/// enhance: the block step.
fn block_step(hand: &[&str]) -> (Ufs, UfsState) {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["cinder_jab"]);
    set_hand(&g, &mut s, 1, hand);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "cinder_jab");
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Block);
    (g, s)
}

/// Brann's preset with four more of three cards, P0 with 24 foundations staged and ready.
fn brann_with_24_foundations_staged() -> (Ufs, UfsState) {
    let extra = [
        "tidal_focus",
        "tidal_focus",
        "tidal_focus",
        "tidal_focus",
        "still_waters",
        "still_waters",
        "still_waters",
        "still_waters",
        "grave_sigil",
        "grave_sigil",
        "grave_sigil",
        "grave_sigil",
    ];
    let g = brann_plus(&extra, UfsOptions::default());
    let mut s = start(&g);
    let foundations =
        ["training_regimen", "iron_resolve", "ember_wraps", "furnace_stance", "tidal_focus", "still_waters"];
    for n in foundations.iter().cycle().take(24) {
        stage(&g, &mut s, 0, n);
    }
    (g, s)
}

mod choices;
mod clauses_attack;
mod clauses_turn;
mod loading;
mod play;
mod views;
