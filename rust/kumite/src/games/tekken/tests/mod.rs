//! Scenario tests: each sets up a position, acts, and checks the exact outcome. The clause ids
//! (TK-…, TKX-…) are those of `docs/rules/tekken.md`.

use crate::cards::CardId;
use crate::conformance::{check_random_games, soak, soak_size, Conformance};
use crate::core::{Action, ActionList, Game, GameError, State};
use crate::games::tekken::actions::TekkenAction as A;
use crate::games::tekken::content::{Colour, Content, Height, Kind, Symbol};
use crate::games::tekken::state::{Heat, Means, Phase, Slot, TekkenState};
use crate::games::tekken::{Tekken, TekkenOptions};
use crate::hex::{Direction, Hex};

fn game_with(f: impl FnOnce(&mut TekkenOptions)) -> Tekken {
    let mut o = TekkenOptions { stage: "moonlit_dojo".into(), first_attacker: Some(0), ..Default::default() };
    f(&mut o);
    Tekken::new(o).unwrap()
}

fn card(game: &Tekken, id: &str) -> CardId {
    CardId(game.content.cards.iter().position(|c| c.id == id).unwrap_or_else(|| panic!("no card {id}")) as u16)
}

/// Player `p` holds exactly `names` (the old hand goes back to the deck).
fn give(game: &Tekken, s: &mut TekkenState, p: usize, names: &[&str]) {
    let f = &mut s.fighters[p];
    f.hand.move_all_to(&mut f.deck);
    for name in names {
        let c = card(game, name);
        let i = f.deck.iter().position(|d| d == c).unwrap_or_else(|| panic!("{name} not in deck"));
        f.deck.remove(i);
        f.hand.push(c);
    }
}

/// Player 0 attacks on the Moonlit Dojo: P0 at `a`, P1 at `b`, rage cards chosen (0 each).
fn setup(game: &Tekken, a: (i8, i8), b: (i8, i8), hand0: &[&str]) -> TekkenState {
    let mut s = game.new_state(1);
    act(game, &mut s, A::ChooseRage(0));
    act(game, &mut s, A::ChooseRage(0));
    assert_eq!(s.phase, Phase::Prepare { prepared: false });
    s.fighters[0].pos = Hex::new(a.0, a.1);
    s.fighters[1].pos = Hex::new(b.0, b.1);
    give(game, &mut s, 0, hand0);
    s.validate(game).unwrap();
    s
}

fn act(game: &Tekken, s: &mut TekkenState, a: A) {
    s.apply(game, a.encode()).unwrap_or_else(|e| panic!("{a:?}: {e}\n{}", s.render(game)));
}

fn legal(game: &Tekken, s: &TekkenState) -> Vec<A> {
    let mut out = ActionList::new();
    s.legal_actions(game, &mut out);
    out.iter().map(|&a| A::decode(a)).collect()
}

fn hand_index(game: &Tekken, s: &TekkenState, p: usize, name: &str) -> u8 {
    let c = card(game, name);
    s.fighters[p].hand.iter().position(|h| h == c).unwrap() as u8
}

/// P0 plays `name`; P1 guesses `guess` (which must miss unless the test wants a punish).
fn play(game: &Tekken, s: &mut TekkenState, name: &str, guess: Height) {
    let i = hand_index(game, s, 0, name);
    act(game, s, A::Play(i));
    if s.phase == Phase::Guess {
        act(game, s, A::Guess(guess));
    }
}

/// P0 plays `name` and P1 guesses a wrong height; optional means are declined.
fn hit(game: &Tekken, s: &mut TekkenState, name: &str) {
    let h = game.content.card(card(game, name)).height;
    play(game, s, name, Height::ALL.into_iter().find(|&x| x != h).unwrap());
    while s.phase == Phase::Resolve {
        let l = legal(game, s);
        act(game, s, if l.contains(&A::EndResolution) { A::EndResolution } else { l[0] });
    }
}

/// Declines every optional means until the card is resolved.
fn resolve(game: &Tekken, s: &mut TekkenState) {
    while s.phase == Phase::Resolve {
        let l = legal(game, s);
        act(game, s, if l.contains(&A::EndResolution) { A::EndResolution } else { l[0] });
    }
}

/// Where the observation block whose name starts with `name` begins.
fn block(game: &Tekken, name: &str) -> usize {
    game.observation_layout()
        .iter()
        .find(|b| b.name.starts_with(name))
        .unwrap_or_else(|| panic!("no block {name}"))
        .start
}

fn dojo() -> Tekken {
    game_with(|_| {})
}

/// The close-range symbols (TK-11.2) of `symbols` that would hit the air in open floor when they
/// resolve in printed order from adjacent: a push of N leaves the opponent N + 1 away, and a move
/// steps back beside it by one.
fn symbols_out_of_reach(symbols: &[Symbol]) -> Vec<usize> {
    let mut distance = 1u8;
    let mut dead = Vec::new();
    for (i, s) in symbols.iter().enumerate() {
        match s {
            Symbol::Move => distance = distance.saturating_sub(1).max(1),
            _ if distance != 1 => dead.push(i),
            Symbol::Push(n) => distance += n,
            _ => {}
        }
    }
    dead
}

fn fault_line() -> Tekken {
    game_with(|o| o.stage = "fault_line".into())
}

mod choices;
mod clauses_attack;
mod clauses_string;
mod information;
mod loading;
mod play;
mod views;
