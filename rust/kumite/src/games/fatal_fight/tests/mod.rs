//! Scenario tests: each sets up a position, acts, and checks the exact outcome. The clause ids
//! (FF-…, FFX-…) are those of `docs/rules/fatal_fight.md`.

use crate::cards::CardId;
use crate::conformance::{check_random_games, soak_size, Conformance};
use crate::core::{ActionList, Game, GameError, NoEvents, State};
use crate::games::fatal_fight::actions::FfAction as A;
use crate::games::fatal_fight::content::{Content, Gimmick};
use crate::games::fatal_fight::state::{Chain, FatalFightState, Phase, BOSS};
use crate::games::fatal_fight::{FatalFight, FatalFightOptions};

fn game(players: u8) -> FatalFight {
    FatalFight::new(FatalFightOptions { players, ..Default::default() }).unwrap()
}

/// The stage-timer variant (FFX-11) at 12 rounds.
fn timed(players: u8) -> FatalFight {
    FatalFight::new(FatalFightOptions { players, stage_rounds: Some(12), ..Default::default() }).unwrap()
}

fn card(g: &FatalFight, id: &str) -> CardId {
    g.content.card_index(id).unwrap_or_else(|| panic!("no card {id}"))
}

fn enemy(g: &FatalFight, id: &str) -> CardId {
    CardId(g.content.enemies.iter().position(|e| e.id == id).unwrap_or_else(|| panic!("no enemy {id}")) as u16)
}

fn act(g: &FatalFight, s: &mut FatalFightState, a: A) {
    s.apply(g, a.encode()).unwrap_or_else(|e| panic!("{a:?}: {e}\n{}", s.render(g)));
}

fn legal(g: &FatalFight, s: &FatalFightState) -> Vec<A> {
    let mut out = ActionList::new();
    s.legal_actions(g, &mut out);
    out.iter().map(|&a| A::decode(a)).collect()
}

/// Player `p` holds exactly `names`: the old hand goes back to the deck, each named card comes
/// from the player's deck or discard, or else from the shop piles (keeping cards conserved).
fn give(g: &FatalFight, s: &mut FatalFightState, p: usize, names: &[&str]) {
    let pl = &mut s.players[p];
    pl.hand.move_all_to(&mut pl.deck);
    for name in names {
        let c = card(g, name);
        let pl = &mut s.players[p];
        let in_deck = pl.deck.iter().position(|d| d == c);
        let in_discard = pl.discard.iter().position(|d| d == c);
        if let Some(i) = in_deck {
            pl.deck.remove(i);
        } else if let Some(i) = in_discard {
            pl.discard.remove(i);
        } else {
            assert!(s.shop.0[usize::from(c.0)] > 0, "{name} not available");
            s.shop.0[usize::from(c.0)] -= 1;
        }
        s.players[p].hand.push(c);
    }
}

/// Empties every group (enemies back to the pile) and puts `enemies` (stage-1 ids, taken from the
/// pile) into group `grp`, head first.
fn place(g: &FatalFight, s: &mut FatalFightState, grp: usize, enemies: &[&str]) {
    for e in enemies {
        let id = enemy(g, e);
        let from_groups = (0..6).find_map(|k| s.groups[k].iter().position(|x| x == id).map(|i| (k, i)));
        let in_pile = s.enemy_pile.iter().position(|x| x == id);
        let in_discard = s.enemy_discard.iter().position(|x| x == id);
        if let Some(i) = in_pile {
            s.enemy_pile.remove(i);
        } else if let Some(i) = in_discard {
            s.enemy_discard.remove(i);
        } else if let Some((k, i)) = from_groups {
            s.groups[k].remove(i);
        } else {
            panic!("no free {e}");
        }
        s.groups[grp].push(id);
    }
}

fn clear_groups(s: &mut FatalFightState) {
    for grp in 0..6 {
        let group = std::mem::take(&mut s.groups[grp]);
        for e in group.iter() {
            if e == BOSS {
                s.boss_present = false;
            } else {
                s.enemy_pile.push(e);
            }
        }
    }
}

/// A state in the first round's action phase, P0's turn, no enemies on the board.
fn in_round(g: &FatalFight) -> FatalFightState {
    let mut s = g.new_state(1);
    for _ in 0..g.n() {
        act(g, &mut s, A::ShopDone);
    }
    clear_groups(&mut s);
    // A stage card without a gimmick, so that only what a test sets up happens.
    let calm = g.content.stages.iter().position(|c| c.stage == s.stage + 1 && c.gimmick == Gimmick::None).unwrap();
    s.current_stage_card = Some(calm as u16);
    for p in 0..g.n() {
        s.players[p].life = g.character(p).life as i8;
        s.players[p].gp = 0;
    }
    s.pool = 0;
    s.earned = 0;
    let first = s.order[0];
    assert_eq!(s.phase, Phase::Turn { player: first });
    s.validate(g).unwrap();
    s
}

/// The card type `Play` and `Pay` name for `name`, which player `p` must hold.
fn hand_type(g: &FatalFight, s: &FatalFightState, p: usize, name: &str) -> u8 {
    let c = card(g, name);
    assert!(s.players[p].hand.contains(c), "P{p} holds no {name}");
    c.0 as u8
}

/// Pays the first card of the paying player's hand face down.
fn pay_first(g: &FatalFight, s: &mut FatalFightState) {
    let Phase::Pay { player, .. } = s.phase else { panic!("not paying") };
    let t = s.players[usize::from(player)].hand.get(0).unwrap();
    act(g, s, A::Pay(t.0 as u8));
}

fn play(g: &FatalFight, s: &mut FatalFightState, p: usize, name: &str) {
    let i = hand_type(g, s, p, name);
    act(g, s, A::Play(i));
}

/// The index of stage card `id`.
fn stage_card(g: &FatalFight, id: &str) -> u16 {
    g.content.stages.iter().position(|c| c.id == id).unwrap_or_else(|| panic!("no stage card {id}")) as u16
}

/// The next round of `s` set up with stage card `id` on top of the stage pile.
fn next_round_with(g: &FatalFight, s: &FatalFightState, id: &str) -> FatalFightState {
    let mut s = *s;
    let c = CardId(stage_card(g, id));
    // From the pile, or back from this stage's used cards (the seed's draw may have shown it).
    let in_pile = s.stage_pile.iter().position(|x| x == c);
    if let Some(i) = in_pile {
        s.stage_pile.remove(i);
    } else {
        let i = s.stage_used.iter().position(|x| x == c).unwrap_or_else(|| panic!("no {id} on this stage"));
        s.stage_used.remove(i);
    }
    s.stage_pile.push(c);
    s.start_round(g, &mut NoEvents);
    assert_eq!(s.current_stage_card, Some(c.0));
    s
}

/// Moves the unique `id` from the unique row or pile into player `p`'s hand (cards conserved).
fn give_unique(g: &FatalFight, s: &mut FatalFightState, p: usize, id: &str) {
    let c = card(g, id);
    if let Some(slot) = s.unique_row.iter().position(|&u| u == Some(c)) {
        s.unique_row[slot] = s.unique_pile.pop();
    } else {
        let i = s.unique_pile.iter().position(|u| u == c).unwrap();
        s.unique_pile.remove(i);
    }
    s.players[p].hand.push(c);
}

/// Where the layout's block named `prefix…` starts.
fn block(g: &FatalFight, prefix: &str) -> usize {
    let layout = g.observation_layout();
    layout.iter().find(|x| x.name.starts_with(prefix)).unwrap_or_else(|| panic!("no block {prefix}")).start
}

mod choices;
mod clauses_actions;
mod clauses_enemy_phase;
mod clauses_setup;
mod information;
mod loading;
mod play;
mod views;
