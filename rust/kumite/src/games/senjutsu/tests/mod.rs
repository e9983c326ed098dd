//! Scenario tests per clause (SJ-…, SJX-…) and the conformance suite. Scenarios start from a
//! fixed setup on the open field and then set positions and hands by hand.

use super::*;
use crate::cards::CardId;
use crate::conformance::scenario::{act as act_exactly, legal_texts as texts};
use crate::conformance::{check_random_games, soak_size, Conformance};
use crate::core::{ActionList, Event, State};
use crate::hex::{Direction, Hex};
use serde_json::json;

const E: Direction = Direction::EAST;

const W: Direction = Direction::WEST;

const SE: Direction = Direction::SOUTH_EAST;

fn game(options: serde_json::Value) -> Senjutsu {
    let map = options.as_object().cloned().unwrap_or_default();
    Senjutsu::from_options(&map).expect("valid options")
}

fn load_err(options: serde_json::Value) -> String {
    let map = options.as_object().cloned().unwrap_or_default();
    Senjutsu::from_options(&map).expect_err("options must be rejected").to_string()
}

/// A game with the fixed setup on the open field, at the first selection of round 1.
fn duel(extra: serde_json::Value) -> (Senjutsu, SenjutsuState) {
    let mut o = json!({"setup": "fixed", "battlefield": "open_field"});
    for (k, v) in extra.as_object().cloned().unwrap_or_default() {
        o[k] = v;
    }
    let g = game(o);
    let s = g.new_state(1);
    assert_eq!(s.phase, Phase::Select(0));
    (g, s)
}

fn id(g: &Senjutsu, key: &str) -> CardId {
    g.content.card_by_id(key).unwrap_or_else(|| panic!("no card {key}"))
}

fn put(s: &mut SenjutsuState, p: usize, q: i8, r: i8, facing: Direction) {
    let x = &mut s.samurai[p];
    x.pos = Hex::new(q, r);
    x.facing = facing;
    x.placed = true;
}

/// P0 at (3, 3) facing east, P1 adjacent in front of it facing back.
fn face_off(s: &mut SenjutsuState) {
    put(s, 0, 3, 3, E);
    put(s, 1, 4, 3, W);
}

/// The hand becomes these cards plus the core card.
fn give(g: &Senjutsu, s: &mut SenjutsuState, p: usize, keys: &[&str]) {
    let hand = &mut s.samurai[p].hand;
    hand.clear();
    for k in keys {
        hand.push(id(g, k));
    }
    hand.push(g.samurai(p).core);
}

/// Each player selects the named card (in seat order); returns the events.
fn select(g: &Senjutsu, s: &mut SenjutsuState, names: &[&str]) -> Vec<String> {
    let mut ev = Vec::new();
    for n in names {
        ev.extend(act(g, s, &format!("select {n}")));
    }
    ev
}

/// Whether the decision is one every samurai concerned is asked, a pass always among its
/// actions (SJX-21): the instant window and the evade offer.
fn open_window(s: &SenjutsuState) -> bool {
    matches!(s.phase, Phase::Instant(_)) || s.stack.last().is_some_and(|e| e.stage == Stage::Evade)
}

/// Passes the offers of the instant window and of evades where pass is the only action: the
/// seats the engine once skipped (before SJX-21), so a scenario reads as the table plays it.
fn pass_empty_offers(g: &Senjutsu, s: &mut SenjutsuState) -> Vec<String> {
    let mut ev = Vec::new();
    while open_window(s) && texts(g, s) == ["pass"] {
        ev.extend(act_exactly(g, s, "pass"));
    }
    ev
}

/// Plays the action with this text, then passes the offers that leave nothing to choose.
fn act(g: &Senjutsu, s: &mut SenjutsuState, text: &str) -> Vec<String> {
    let mut ev = act_exactly(g, s, text);
    ev.extend(pass_empty_offers(g, s));
    ev
}

fn has(ev: &[String], needle: &str) -> bool {
    ev.iter().any(|e| e.contains(needle))
}

fn preset_keys(g: &Senjutsu, seat: usize) -> Vec<String> {
    g.decks[seat].iter().map(|&c| g.content.card(c).id.clone()).collect()
}

/// The rule paths that once needed an edited state, with how `rule_path_hits` recognises each.
/// The last is rare in random play (an evade comes up in about one random game in 300–1,100, one
/// with a dual-initiative attack card to declare in about one in 20,000): it is counted, not
/// required; its scenario test is `sj_5_2_sj_7_6_an_evade_card_with_two_initiatives_is_declared`.
const RULE_PATHS: [&str; 17] = [
    "a forced move with a choice of hexes (SJ-6.1)",
    "a defense covering the samurai's own hex (SJ-7.3)",
    "an opponent-marked move (SJ-6.4)",
    "an attack or meditation at initiative 0 beside a core card (SJ-3.6, SJ-13.7)",
    "a forced move of the opponent (SJ-6.1, SJ-6.4)",
    "a defense in a later part at its own initiative (SJ-5.4, SJ-7.5)",
    "a choice between defenses on an ability card (SJ-7.1)",
    "a defense in a kamae bonus, waiting at its initiative (SJ-5.8, SJX-20)",
    "a stun of two cards at once (SJ-11.1)",
    "a push of three hexes (SJ-6.6)",
    "a kamae-bound instant (SJ-9.3, SJ-12)",
    "a defense add instant at its own initiative (SJ-12.4)",
    "a dual-initiative instant declared (SJ-5.2)",
    "the opponent named among several (SJX-8)",
    "bleeding throws the deck's top card away (SJ-10.5)",
    "an evade offered (SJ-7.6)",
    "an evade card's initiative declared (SJ-5.2, SJ-7.6)",
];

const REQUIRED_PATHS: usize = 16;

/// How often each of `RULE_PATHS` comes up in `games` uniformly random games of `g`.
fn rule_path_hits(g: &Senjutsu, games: u64) -> [usize; RULE_PATHS.len()] {
    let c = &g.content;
    let mut hits = [0; RULE_PATHS.len()];
    let mut rng = crate::core::Rng::new(5);
    let mut l = ActionList::new();
    let defends = |ops: &[Op]| ops.iter().any(|o| matches!(o, Op::Defend { .. }));
    for seed in 0..games {
        let mut s = g.new_state(seed);
        while !s.is_terminal() {
            let mut seen = [false; RULE_PATHS.len()];
            s.legal_actions(g, &mut l);
            if let (Phase::Resolve(_), Some(e)) = (s.phase, s.stack.last()) {
                let op = s.current_op(g, e).cloned();
                let forced = matches!(op, Some(Op::Move { forced: true, .. }));
                seen[0] |= e.stage == Stage::Move && forced && l.len() >= 2;
                seen[2] |= e.stage == Stage::Move && e.who != e.player;
                seen[4] |= e.stage == Stage::Move && e.who != e.player && forced;
                seen[6] |= e.stage == Stage::Choose
                    && c.card(e.card).ty != CardType::Core
                    && matches!(s.current_op(g, e), Some(Op::Choose(o)) if defends(o));
                seen[9] |= e.stage == Stage::Push && e.pushes.contains(&3);
                seen[16] |= e.stage == Stage::Declare;
                seen[13] |= e.stage == Stage::Target;
                seen[15] |= e.stage == Stage::Evade && l.len() >= 2;
            }
            seen[12] |= matches!(s.phase, Phase::InstantDeclare(_));
            for (p, x) in s.samurai.iter().enumerate() {
                let cell = g.battlefield().board.index_of(x.pos);
                seen[1] |= s.alive(p)
                    && x.defenses.iter().any(|d| d.speed != state::NO_INIT && cell.is_some_and(|i| d.covers(i)));
                if let Some(i) = x.instant.map(|i| c.card(i)) {
                    seen[10] |= i.requires.is_some();
                    seen[11] |= i.instant == Instant::Add && i.ty == CardType::Defense && !i.initiative.is_empty();
                }
                let zone = g.samurai(p).tree.nodes[usize::from(x.kamae)].1;
                for it in s.items.iter().filter(|it| usize::from(it.player) == p) {
                    let card = c.card(it.card);
                    let part = &card.parts[usize::from(it.part)];
                    seen[5] |=
                        it.done && it.part > 0 && defends(&part.ops) && x.defenses.iter().any(|d| d.speed == it.init);
                    seen[7] |= !it.done && it.part == 0 && card.bonus.iter().any(|(z, ops)| *z == zone && defends(ops));
                }
            }
            let at0 = |ty: CardType| s.items.iter().any(|it| it.init == 0 && c.card(it.card).ty == ty);
            seen[3] |= at0(CardType::Core) && (at0(CardType::Attack) || at0(CardType::Meditation));
            let a = l[rng.below(l.len() as u32) as usize];
            let mut ev: Vec<Event> = Vec::new();
            s.apply_unchecked(g, a, &mut ev);
            for p in 0..g.n() {
                seen[8] |= ev
                    .iter()
                    .filter(|e| e.kind == "stun" && e.player == Some(p as u8) && e.text.starts_with("is stunned"))
                    .count()
                    >= 2;
            }
            seen[14] |= ev.iter().any(|e| e.kind == "bleed");
            for (h, x) in hits.iter_mut().zip(seen) {
                *h += usize::from(x);
            }
        }
    }
    hits
}

/// The games `every_rule_path_comes_up_with_the_preset_decks` plays: the default duel (Old
/// Master against the Eager Student), the four-samurai free-for-all, and the duel with the
/// fixed setup (the samurai start facing each other across the field).
fn path_configs() -> [serde_json::Value; 3] {
    [json!({}), json!({"players": 4, "battlefield": "open_field"}), json!({"setup": "fixed"})]
}

/// A `content_dir` with `samurai` new samurai, each with a preset of 40 new card kinds of its own,
/// and `extra` more new kinds; returns the folder.
fn many_kinds_dir(name: &str, samurai: usize, extra: usize) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kumite_sj_{name}_{}", std::process::id()));
    for sub in ["cards", "samurai"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let actions = ["attack F", "defend F FL FR", "move 1 any", "attack F.F FL push 1", "kamae 1"];
    let types = ["attack", "defense", "meditation", "attack", "meditation"];
    let mut cards = String::new();
    for i in 0..samurai * 40 + extra {
        let v = i % 5;
        let (ty, act) = (types[v], actions[v]);
        cards += &format!(
            "[[card]]\nkey = \"k{i}\"\nname = \"Kind {i}\"\nnumber = {}\nrank = 1\ntype = \"{ty}\"\ninitiative = [{}]\ncopies = 1\ndo = [\"{act}\"]\n\n",
            1000 + i,
            i % 10
        );
    }
    std::fs::write(dir.join("cards/many.toml"), cards).unwrap();
    let mut sam = String::new();
    for k in 0..samurai {
        sam += &format!(
            "[[samurai]]\nkey = \"s{k}\"\nname = \"Samurai {k}\"\nwound_limit = 5\nadvantage = {}\nhand_limit = 5\n\
             [samurai.kamae]\nnodes = [{{ key = \"gate\", zone = \"gate\" }}, {{ key = \"fire\", zone = \"aggression\" }}]\nlinks = [\"gate-fire\"]\n\
             [samurai.core]\nname = \"Core {k}\"\ndo = [\"choose: kamae 1 | move 1 any\"]\n[samurai.deck]\n",
            k + 1
        );
        for i in k * 40..(k + 1) * 40 {
            sam += &format!("k{i} = 1\n");
        }
    }
    std::fs::write(dir.join("samurai/many.toml"), sam).unwrap();
    dir
}

mod choices;
mod clauses_cards;
mod clauses_round;
mod clauses_setup;
mod loading;
mod play;
mod views;
