//! What players see of a Senjutsu position: the observation tensor, the text view (render and
//! information state), determinization and the invariants of a JSON state.

use crate::cards::CardId;
use crate::core::{count, derive_seed, returns_text, seat_after, GameError, ObsWriter, Rng};
use crate::games::senjutsu::content::{cell_name, words, Card, CardType, Instant, Op, Timing, Zone};
use crate::games::senjutsu::state::{
    Phase, SenjutsuState, Stage, BLEEDING_CARDS, NO_CHOICE, NO_INIT, STUN_CARDS, WOUND_CARDS,
};
use crate::games::senjutsu::Senjutsu;

const PHASES: usize = 9;
const STAGES: usize = 9;

/// Kamae nodes of the largest tree at the table: every seat block has the same size.
fn kamae_nodes(game: &Senjutsu) -> usize {
    (0..game.n()).map(|p| game.samurai(p).tree.nodes.len()).max().unwrap_or(0)
}

fn seat_len(game: &Senjutsu) -> usize {
    let cells = game.battlefield().board.len();
    let kinds = game.content.cards.len();
    4 + cells + 6 + 8 + kamae_nodes(game) + 4 + game.n() + 2 + kinds + 10 + kinds + cells + 10
}

/// The observation layout (documented in `docs/rules/senjutsu.md`): globals, one block per seat
/// starting with the observer, the observer's hand, and the resolution in progress. Sized to the
/// instance: `n` seats, the battlefield's cells, the content's card kinds.
/// The widest feature: the round / 50 (a `u16`); every other one is a share, a flag or a count
/// of at most 255 cards times 0.25.
pub const OBSERVATION_BOUNDS: (f32, f32) = (0.0, u16::MAX as f32 / 50.0);

pub fn observation_len(game: &Senjutsu) -> usize {
    let n = game.n();
    (PHASES + 1 + 3) + n * seat_len(game) + game.content.cards.len() + (STAGES + n + 1)
}

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Place(_) => 0,
        Phase::Face(_) => 1,
        Phase::Select(_) => 2,
        Phase::Declare(_) => 3,
        Phase::Instant(_) => 4,
        Phase::InstantDeclare(_) => 5,
        Phase::Resolve(_) => 6,
        Phase::Discard(_) => 7,
        Phase::Over => 8,
    }
}

fn stage_index(s: Stage) -> usize {
    match s {
        Stage::Fresh => 0,
        Stage::Target => 1,
        Stage::Move => 2,
        Stage::Turn => 3,
        Stage::Kamae => 4,
        Stage::Choose => 5,
        Stage::Push => 6,
        Stage::Evade => 7,
        Stage::Declare => 8,
    }
}

fn zone_slot(z: crate::games::senjutsu::Zone) -> usize {
    z as usize
}

/// A resolution stage in words (what the line "resolving: ..." shows).
fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Fresh => "not started",
        Stage::Target => "choosing the opponent it applies to",
        Stage::Move => "moving",
        Stage::Turn => "turning",
        Stage::Kamae => "shifting kamae",
        Stage::Choose => "choosing an option",
        Stage::Push => "pushing",
        Stage::Evade => "evaders may answer",
        Stage::Declare => "declaring the evade's initiative",
    }
}

/// Push steps still owed, by seat (nothing when none are).
fn pushes_text(pushes: &[u8]) -> String {
    let owed: Vec<String> =
        pushes.iter().enumerate().filter(|(_, &k)| k > 0).map(|(p, &k)| format!("P{p} {k}")).collect();
    if owed.is_empty() {
        String::new()
    } else {
        format!(", pushes owed {}", owed.join(" "))
    }
}

/// The seats whose evade blocked the attack (nothing when none did).
fn evaders_text(evaders: u8, n: usize) -> String {
    let seats: Vec<String> = (0..n).filter(|&p| evaders & (1 << p) != 0).map(|p| format!("P{p}")).collect();
    if seats.is_empty() {
        String::new()
    } else {
        format!(", evaded by {}", seats.join(" "))
    }
}

/// Each seat's block, from the viewer's on around the table.
const SEAT_SECTIONS: [&str; 4] = [
    "my samurai: present, standing, ally, deciding; position one-hot, facing one-hot; wounds, wound limit, bleeding, known stuns, hand / deck / discard / hidden sizes; kamae node one-hot, zone one-hot, advantage rank one-hot; selection: played, revealed, card one-hot, initiative one-hot; instant card one-hot; hexes its defences cover, their speed one-hot",
    "the next samurai (the same features)",
    "the samurai two seats on (the same features)",
    "the samurai three seats on (the same features)",
];

impl SenjutsuState {
    pub fn write_observation(&self, game: &Senjutsu, viewer: usize, out: &mut [f32]) {
        let n = game.n();
        let board = &game.battlefield().board;
        let cells = board.len();
        let kinds = game.content.cards.len();
        let mut w = ObsWriter::new(out);
        w.section("phase one-hot, round, wound / bleeding / stun supplies");
        w.one_hot(PHASES, Some(phase_index(self.phase)));
        w.put(f32::from(self.round) / 50.0);
        w.put(f32::from(self.supply[0]) / f32::from(WOUND_CARDS));
        w.put(f32::from(self.supply[1]) / f32::from(BLEEDING_CARDS));
        w.put(f32::from(self.supply[2]) / f32::from(STUN_CARDS));
        let nodes = kamae_nodes(game);
        let decider = self.current_player_index();
        for (j, &section) in SEAT_SECTIONS.iter().enumerate().take(n) {
            let p = seat_after(viewer, j, n);
            let s = &self.samurai[p];
            let sam = game.samurai(p);
            w.section(section);
            w.flag(true);
            w.flag(!s.defeated);
            w.flag(!game.enemies(viewer, p));
            w.flag(decider == Some(p));
            w.one_hot(cells, s.placed.then(|| board.index_of(s.pos).map(usize::from)).flatten());
            w.one_hot(6, s.placed.then(|| usize::from(s.facing.index())));
            w.put(f32::from(s.wounds) / f32::from(sam.wound_limit));
            w.put(f32::from(sam.wound_limit) / 9.0);
            w.put(f32::from(s.bleeding) / 5.0);
            // SJ-13.3: whether the face-down card is a stun card or the core card stays hidden,
            // so the hand shows every card it holds and the stun cards known before the selection.
            w.put(s.public_stuns(game) as f32 / f32::from(sam.hand_limit));
            w.put(s.hand.len() as f32 / 10.0);
            w.put(s.deck.len() as f32 / 40.0);
            w.put(s.discard.len() as f32 / 40.0);
            w.put(s.hidden.len() as f32 / 40.0);
            w.one_hot(nodes, Some(usize::from(s.kamae)));
            w.one_hot(4, Some(zone_slot(sam.tree.nodes[usize::from(s.kamae)].1)));
            w.one_hot(n, Some(self.advantage_rank(p)));
            // SJ-13.3: another's selection is face down until the reveal.
            let visible = p == viewer || s.revealed;
            w.flag(s.played.is_some());
            w.flag(s.revealed);
            w.one_hot(kinds, s.played.filter(|_| visible).map(|c| usize::from(c.0)));
            w.one_hot(10, (s.init != NO_INIT && visible).then(|| usize::from(s.init)));
            w.one_hot(kinds, s.instant.map(|c| usize::from(c.0)));
            let covered = s.defenses.iter().fold([0u64; 2], |u, d| [u[0] | d.cells[0], u[1] | d.cells[1]]);
            w.bits(cells, &covered);
            w.one_hot(10, s.defenses.first().map(|d| usize::from(d.speed)));
        }
        w.section("my hand, per card kind");
        w.counts(kinds, self.samurai[viewer].hand.iter().map(|c| usize::from(c.0)), 0.25);
        w.section("the part resolving: stage one-hot, whose (from me), parts left");
        match self.stack.last().filter(|_| matches!(self.phase, Phase::Resolve(_))) {
            Some(e) => {
                w.one_hot(STAGES, Some(stage_index(e.stage)));
                w.one_hot(n, Some(seat_after(usize::from(e.who), n - viewer, n)));
                w.put(f32::from(e.left) / 3.0);
            }
            None => w.skip(STAGES + n + 1),
        }
        w.finish();
    }

    /// What happens next, in one line.
    pub fn status(&self, game: &Senjutsu) -> String {
        let n = game.n();
        match self.phase {
            Phase::Place(p) => format!("P{p} sets up"),
            Phase::Face(p) => format!("P{p} chooses a facing"),
            Phase::Select(p) => format!("P{p} selects a card"),
            Phase::Declare(p) => format!("P{p} declares an initiative"),
            Phase::Instant(p) => format!("P{p} may play an instant"),
            Phase::InstantDeclare(p) => format!("P{p} declares the instant's initiative"),
            Phase::Resolve(p) => format!("P{p} decides"),
            Phase::Discard(p) => format!("P{p} discards down to the hand limit"),
            Phase::Over => match self.result {
                Some(r) => format!("game over: {}", returns_text(&r[..n])),
                None => "game over".into(),
            },
        }
    }

    /// The position as text: everything public, plus `viewer`'s own hand and face-down card
    /// (everything, for `None`).
    pub fn describe(&self, game: &Senjutsu, viewer: Option<usize>) -> String {
        use std::fmt::Write;
        let c = &game.content;
        let n = game.n();
        let mut out = String::new();
        let _ = writeln!(out, "Senjutsu on {}, round {}: {}", game.battlefield().name, self.round, self.status(game));
        let adv: Vec<String> = self.advantage.iter().map(|p| format!("P{p}")).collect();
        let _ = writeln!(
            out,
            "advantage {} | supplies: wounds {} bleeding {} stun {}",
            adv.join(" > "),
            self.supply[0],
            self.supply[1],
            self.supply[2]
        );
        let board = &game.battlefield().board;
        let arrows = ['>', '\\', '/', '<', '`', '\''];
        let _ = writeln!(
            out,
            "{}",
            board.render(|h| {
                if let Some((p, s)) =
                    self.samurai.iter().enumerate().find(|(_, s)| s.placed && !s.defeated && s.pos == h)
                {
                    [char::from(b'0' + p as u8), arrows[usize::from(s.facing.index())]]
                } else if let Some(&(_, t)) = game.battlefield().terrain.iter().find(|t| t.0 == h) {
                    [t, t]
                } else if game.battlefield().starts.contains(&h) {
                    ['S', ' ']
                } else {
                    ['.', ' ']
                }
            })
        );
        for (p, s) in self.samurai.iter().enumerate() {
            let sam = game.samurai(p);
            let see = viewer.is_none_or(|v| v == p);
            let node = &sam.tree.nodes[usize::from(s.kamae)];
            let _ = write!(
                out,
                "P{p} {} (team {}){}: ",
                sam.name,
                game.teams[p],
                if s.defeated { " DEFEATED" } else { "" }
            );
            if s.placed {
                let _ = write!(out, "at {} facing {}, ", s.pos, s.facing.name());
            }
            let _ = writeln!(
                out,
                "wounds {}/{} ({} bleeding), {} kamae ({}), deck {}, discard {} + {} face down",
                s.wounds,
                sam.wound_limit,
                s.bleeding,
                words(&node.0),
                node.1.name(),
                s.deck.len(),
                s.discard.len(),
                s.hidden.len()
            );
            let names = |pile: &[CardId]| pile.iter().map(|&x| c.card(x).name.clone()).collect::<Vec<_>>().join(", ");
            if see {
                let mut hand: Vec<CardId> = s.hand.iter().collect();
                hand.sort_unstable();
                let _ = writeln!(out, "  hand: {}", names(&hand));
                if viewer.is_none() {
                    let _ = writeln!(out, "  deck (top last): {}", names(s.deck.as_slice()));
                    let _ = writeln!(out, "  face-down discards: {}", names(s.hidden.as_slice()));
                }
            } else {
                // The stun cards and the core card are public, but while the selection is face
                // down one of them may be the card in play (SJ-13.3).
                let stuns = s.public_stuns(game);
                let stun_text = if stuns > 0 { format!(", {stuns} stun") } else { String::new() };
                let _ = if s.face_down() {
                    writeln!(
                        out,
                        "  hand: {} (with the face-down card: the core card{stun_text})",
                        count(s.hand.len(), "card")
                    )
                } else {
                    writeln!(out, "  hand: {} (the core card{stun_text})", count(s.hand.len(), "card"))
                };
            }
            let mut discard: Vec<CardId> = s.discard.iter().collect();
            discard.sort_unstable();
            let _ = writeln!(out, "  discard: {}", names(&discard));
            if let Some(x) = s.played {
                if see || s.revealed {
                    let init = if s.init == NO_INIT { String::new() } else { format!(" at {}", s.init) };
                    let _ = writeln!(
                        out,
                        "  in play: {}{init}{}",
                        c.card(x).text,
                        if s.revealed { "" } else { " (face down)" }
                    );
                } else {
                    let _ = writeln!(out, "  in play: a face-down card");
                }
            }
            if let Some(x) = s.instant {
                let init = if s.instant_init == NO_INIT { String::new() } else { format!(" at {}", s.instant_init) };
                let _ = writeln!(out, "  instant: {}{init}", c.card(x).text);
            }
            if !s.evades.is_empty() {
                let _ = writeln!(out, "  evade cards: {}", names(s.evades.as_slice()));
            }
            for d in &s.defenses {
                let hexes: Vec<String> = (0..board.len())
                    .filter(|&i| d.covers(i as u8))
                    .map(|i| board.hex_at(i as u8).to_string())
                    .collect();
                let _ = writeln!(
                    out,
                    "  defends {} at {}{}",
                    hexes.join(" "),
                    d.speed,
                    if d.evade { " (evade)" } else { "" }
                );
            }
        }
        for it in self.items.iter().filter(|it| !it.done) {
            let _ =
                writeln!(out, "pending: P{} {} part {} at {}", it.player, c.card(it.card).name, it.part + 1, it.init);
        }
        for e in &self.stack {
            let _ = writeln!(
                out,
                "resolving: P{} {} part {} action {} at {} ({}, {} left, for P{}, option {}{}{}{})",
                e.player,
                c.card(e.card).name,
                e.part + 1,
                e.op + 1,
                e.init,
                stage_name(e.stage),
                e.left,
                e.who,
                if e.choice == NO_CHOICE { "none".to_string() } else { (e.choice + 1).to_string() },
                pushes_text(&e.pushes[..n]),
                evaders_text(e.evaders, n),
                if e.evade { ", an evade" } else { "" }
            );
        }
        out
    }

    /// Everything `observer` cannot see, redealt: other samurai's hands (but for their stun and
    /// core cards), decks, face-down discards and unrevealed selections; the observer's own deck
    /// order. Hidden pools are sorted before shuffling so the result depends only on what the
    /// observer knows. A face-down selection is redrawn from the whole hand it left (SJ-13.3):
    /// an ability card, a stun card or the core card.
    pub fn determinized(&self, game: &Senjutsu, observer: usize, seed: u64) -> SenjutsuState {
        let mut s = self.clone();
        let mut rng = Rng::new(seed);
        let c = &game.content;
        let hidden_in_hand =
            |x: CardId| matches!(c.card(x).ty, CardType::Attack | CardType::Defense | CardType::Meditation);
        for p in 0..game.n() {
            let sam = &mut s.samurai[p];
            if p == observer {
                sam.deck.as_mut_slice().sort_unstable();
                sam.deck.shuffle(&mut rng);
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
        s.rng = Rng::new(derive_seed(seed, 1));
        s
    }

    /// The invariants of a reachable position, for states read from JSON.
    pub fn check(&self, game: &Senjutsu) -> Result<(), GameError> {
        let mut bad: Vec<String> = Vec::new();
        let c = &game.content;
        let n = game.n();
        let board = &game.battlefield().board;
        if self.samurai.len() != n {
            return Err(GameError::deserialization(format!("{} samurai for {n} players", self.samurai.len())));
        }
        // A seat of 32 or more is out of range (a plain shift would wrap it onto a real seat).
        let seen = self.advantage.iter().fold(0u32, |m, &p| m | 1u32.checked_shl(u32::from(p)).unwrap_or(u32::MAX));
        if self.advantage.len() != n || seen != (1 << n) - 1 {
            bad.push("the advantage track is not a permutation of the players".into());
        }
        let valid = |x: CardId| usize::from(x.0) < c.cards.len();
        let mut stuns_out = 0usize;
        let mut wounds = [0usize; 2];
        for p in 0..n {
            let s = &self.samurai[p];
            if self.cards_of(p).any(|x| !valid(x)) {
                bad.push(format!("P{p} holds an unknown card id"));
                continue;
            }
            // Card conservation: the ability cards held anywhere are exactly the deck.
            let mut counts = [0i16; crate::games::senjutsu::content::MAX_KINDS];
            for &x in &game.decks[p] {
                counts[usize::from(x.0)] += 1;
            }
            for x in self.cards_of(p).filter(|&x| !matches!(c.card(x).ty, CardType::Core | CardType::Stun)) {
                counts[usize::from(x.0)] -= 1;
            }
            if counts.iter().any(|&k| k != 0) {
                bad.push(format!("P{p}'s ability cards are not its deck"));
            }
            let core = game.samurai(p).core;
            if self.cards_of(p).filter(|&x| x == core).count() != 1 {
                bad.push(format!("P{p} must hold its core card exactly once"));
            }
            if self.cards_of(p).any(|x| c.card(x).ty == CardType::Core && x != core) {
                bad.push(format!("P{p} holds another samurai's core card"));
            }
            stuns_out += self.cards_of(p).filter(|&x| x == c.stun).count();
            if usize::from(s.kamae) >= game.samurai(p).tree.nodes.len() {
                bad.push(format!("P{p}: kamae node out of range"));
            }
            if s.bleeding > s.wounds {
                bad.push(format!("P{p}: more bleeding cards than wounds"));
            }
            wounds[1] += usize::from(s.bleeding);
            wounds[0] += usize::from(s.wounds - s.bleeding.min(s.wounds));
            if s.placed && !board.is_open(s.pos) {
                bad.push(format!("P{p} stands off the open battlefield"));
            }
            if s.placed && usize::from(s.start) >= game.battlefield().starts.len() {
                bad.push(format!("P{p}: start index out of range"));
            }
            let beaten =
                s.wounds >= game.samurai(p).wound_limit || s.stuns(game) >= usize::from(game.samurai(p).hand_limit);
            if beaten && !s.defeated {
                bad.push(format!("P{p} should be defeated"));
            }
            // Wounds never heal, and a defeated samurai's hand no longer changes: only the two
            // defeats of the seed make a samurai defeated.
            if s.defeated && !beaten {
                bad.push(format!("P{p} is defeated below its wound limit and without a hand of stun cards"));
            }
            for q in 0..p {
                let o = &self.samurai[q];
                if s.placed && o.placed && !s.defeated && !o.defeated && s.pos == o.pos {
                    bad.push(format!("P{p} and P{q} share a hex"));
                }
            }
        }
        // The supplies count the box's cards left; substitutes stand in beyond them (SJX-10).
        let left = |total: u8, out: usize| usize::from(total).saturating_sub(out);
        if usize::from(self.supply[2]) != left(STUN_CARDS, stuns_out) {
            bad.push("stun cards are not conserved".into());
        }
        if usize::from(self.supply[0]) != left(WOUND_CARDS, wounds[0]) {
            bad.push("wound cards are not conserved".into());
        }
        if usize::from(self.supply[1]) != left(BLEEDING_CARDS, wounds[1]) {
            bad.push("bleeding wound cards are not conserved".into());
        }
        if let Some(p) = self.current_player_index() {
            if p >= n || self.samurai[p].defeated {
                bad.push("the player to move is out of range or defeated".into());
            }
        }
        if (self.phase == Phase::Over) != self.result.is_some() {
            bad.push("a result exactly when the game is over".into());
        }
        for it in &self.items {
            if !valid(it.card) || usize::from(it.part) >= c.card(it.card).parts.len() || usize::from(it.player) >= n {
                bad.push("a scheduled part does not exist".into());
            }
        }
        for e in &self.stack {
            if !valid(e.card)
                || usize::from(e.part) >= c.card(e.card).parts.len()
                || usize::from(e.player) >= n
                || usize::from(e.who) >= n
            {
                bad.push("a resolving part does not exist".into());
            }
        }
        for e in self.stack.iter().filter(|e| e.stage == Stage::Declare && usize::from(e.card.0) < c.cards.len()) {
            if !c.card(e.card).initiative.iter().any(|&x| x < e.left) {
                bad.push("an evade card declares an initiative it does not have".into());
            }
        }
        if matches!(self.phase, Phase::Resolve(_)) && self.stack.is_empty() {
            bad.push("resolving with nothing to resolve".into());
        }
        crate::games::senjutsu::validate::flow(self, game, &mut bad);
        if bad.is_empty() {
            Ok(())
        } else {
            Err(GameError::deserialization(bad.join("; ")))
        }
    }
}

/// One action of a card as drawing data (`docs/viewer.md`, "Senjutsu card faces"): hexes are
/// axial, relative to a samurai at (0, 0) facing east (direction 0), as the card language reads.
fn op_face(op: &Op) -> serde_json::Value {
    use serde_json::json;
    let dirs = |mask: u8| (0..6).filter(|i| mask & (1 << i) != 0).collect::<Vec<u8>>();
    match op {
        Op::Move { n, dirs: d, forced, opponent } => {
            json!({"op": "move", "n": n, "dirs": dirs(*d), "forced": forced, "opponent": opponent})
        }
        Op::Rotate { n, opponent } => json!({"op": "rotate", "n": n, "opponent": opponent}),
        Op::Attack { cells, bleed, stun, push } => json!({"op": "attack", "bleed": bleed, "stun": stun, "push": push,
            "cells": cells.iter().map(|(h, w)| json!({"q": h.q, "r": h.r, "name": cell_name(*h), "wounds": w})).collect::<Vec<_>>()}),
        Op::Defend { cells, evade } => json!({"op": "defend", "evade": evade,
            "cells": cells.iter().map(|h| json!({"q": h.q, "r": h.r, "name": cell_name(*h)})).collect::<Vec<_>>()}),
        Op::Kamae { n } => json!({"op": "kamae", "n": n}),
        Op::Advantage => json!({"op": "advantage"}),
        Op::Draw { n } => json!({"op": "draw", "n": n}),
        Op::Choose(options) => json!({"op": "choose", "options": options.iter().map(op_face).collect::<Vec<_>>()}),
    }
}

/// A card's face as drawing data: type, initiative (one value or two), instant and zone
/// conditions, each part with its timing and actions, and the kamae bonus lines.
fn face(k: &Card) -> serde_json::Value {
    use serde_json::json;
    let parts: Vec<serde_json::Value> = k
        .parts
        .iter()
        .map(|p| {
            let timing = match p.timing {
                Timing::Card => json!("card"),
                Timing::Same => json!("="),
                Timing::At(x) => json!(x),
            };
            json!({"timing": timing, "ops": p.ops.iter().map(op_face).collect::<Vec<_>>()})
        })
        .collect();
    let bonus: Vec<serde_json::Value> = k
        .bonus
        .iter()
        .map(|(z, ops)| json!({"zone": z.name(), "ops": ops.iter().map(op_face).collect::<Vec<_>>(), "text": ops.iter().map(Op::text).collect::<Vec<_>>().join("; ")}))
        .collect();
    let instant = match k.instant {
        Instant::None => None,
        Instant::Replace => Some("replace"),
        Instant::Add => Some("add"),
    };
    json!({"layout": "senjutsu", "type": k.ty.name(), "rank": k.rank, "number": k.number, "initiative": k.initiative, "instant": instant,
        "requires": k.requires.map(Zone::name), "parts": parts, "bonus": bonus})
}

impl SenjutsuState {
    /// The drawing data of `docs/viewer.md` for one viewpoint: the battlefield with each samurai
    /// (facing, wounds), consoles as stats, and the cards as zones, hiding exactly what
    /// `determinized` resamples for that viewer.
    pub fn scene(&self, game: &Senjutsu, viewer: Option<usize>) -> serde_json::Value {
        use serde_json::{json, Value};
        let c = &game.content;
        let n = game.n();
        let bf = game.battlefield();
        let board = &bf.board;
        let card = |x: CardId, tags: Vec<&str>| -> Value {
            let k = c.card(x);
            let color = match k.ty {
                CardType::Attack => "red",
                CardType::Defense => "blue",
                CardType::Meditation => "green",
                CardType::Core => "yellow",
                CardType::Stun => "rage",
            };
            json!({"name": k.name, "text": k.text, "color": color, "tags": tags, "face": face(k)})
        };
        let back = |tags: Vec<&str>| json!({"hidden": true, "tags": tags});
        let sees = |p: usize| viewer.is_none_or(|v| v == p);
        let public_in_hand = |x: CardId| matches!(c.card(x).ty, CardType::Core | CardType::Stun);
        let mut cells = Vec::new();
        for &h in board.cells() {
            let terrain = match bf.terrain.iter().find(|t| t.0 == h).map(|t| t.1) {
                Some('T') => "forest",
                Some('~') => "water",
                Some(_) => "blocked",
                None => "open",
            };
            let label = if bf.starts.contains(&h) { "S" } else { "" };
            cells.push(json!({"q": h.q, "r": h.r, "terrain": terrain, "label": label}));
        }
        let mut pieces = Vec::new();
        let mut players = Vec::new();
        let mut zones = Vec::new();
        for (p, s) in self.samurai.iter().enumerate() {
            let sam = game.samurai(p);
            let node = &sam.tree.nodes[usize::from(s.kamae)];
            let kamae = format!("{} kamae ({})", words(&node.0), node.1.name());
            if s.placed && !s.defeated {
                pieces.push(json!({"q": s.pos.q, "r": s.pos.r, "player": p, "label": format!("P{p}"),
                    "name": sam.name, "facing": s.facing.index(), "value": s.wounds, "tags": [kamae.clone()]}));
            }
            let mut tags = vec![format!("team {}", game.teams[p]), kamae];
            if s.defeated {
                tags.push("defeated".into());
            }
            // The kamae tree as printed (SJ-3.4, SJ-9): its stances by zone, the branches, and
            // the ring on the current one.
            let tree = &sam.tree;
            let links: Vec<[usize; 2]> = (0..tree.nodes.len())
                .flat_map(|a| {
                    (a + 1..tree.nodes.len()).filter(move |&b| tree.links[a] & (1 << b) != 0).map(move |b| [a, b])
                })
                .collect();
            let nodes: Vec<Value> = tree
                .nodes
                .iter()
                .enumerate()
                .map(|(i, (key, zone))| json!({"label": words(key), "group": zone.name(), "current": i == usize::from(s.kamae)}))
                .collect();
            let graph = json!({"title": "Kamae tree", "nodes": nodes, "links": links});
            players.push(json!({"id": p, "name": sam.name, "tags": tags, "graph": graph, "stats": [
                {"key": "wounds", "label": "Wounds", "value": s.wounds, "max": sam.wound_limit},
                {"key": "bleeding", "label": "Bleeding", "value": s.bleeding},
                {"key": "stuns", "label": "Stun cards", "value": s.public_stuns(game), "max": sam.hand_limit},
                {"key": "advantage", "label": "Advantage", "value": self.advantage_rank(p) + 1},
            ]}));
            // Others see card backs, then the public stun and core cards (in card order, so the
            // hand's order tells nothing); while the selection is face down, backs only (SJ-13.3).
            let shown = |x: CardId| sees(p) || (public_in_hand(x) && !s.face_down());
            let mut held: Vec<CardId> = s.hand.iter().collect();
            if !sees(p) {
                held.sort_unstable_by_key(|&x| (shown(x), x));
            }
            let hand: Vec<Value> =
                held.into_iter().map(|x| if shown(x) { card(x, vec![]) } else { back(vec![]) }).collect();
            zones.push(json!({"id": format!("p{p}.hand"), "name": "Hand", "owner": p, "cards": hand}));
            let mut play = Vec::new();
            if let Some(x) = s.played {
                if sees(p) || s.revealed {
                    play.push(card(x, if s.revealed { vec![] } else { vec!["face down"] }));
                } else {
                    play.push(back(vec!["face down"]));
                }
            }
            if let Some(x) = s.instant {
                play.push(card(x, vec!["instant"]));
            }
            for x in s.evades.iter() {
                play.push(card(x, vec!["evade"]));
            }
            zones.push(json!({"id": format!("p{p}.selected"), "name": "In play", "owner": p, "cards": play}));
            let discard: Vec<Value> = s.discard.iter().map(|x| card(x, vec![])).collect();
            zones.push(json!({"id": format!("p{p}.discard"), "name": "Discard", "owner": p, "cards": discard}));
            let hidden: Vec<Value> = s
                .hidden
                .iter()
                .map(|x| if sees(p) { card(x, vec!["face down"]) } else { back(vec!["face down"]) })
                .collect();
            zones
                .push(json!({"id": format!("p{p}.hidden"), "name": "Face-down discards", "owner": p, "cards": hidden}));
            let deck: Vec<Value> =
                if viewer.is_none() { s.deck.iter().map(|x| card(x, vec![])).collect() } else { Vec::new() };
            zones.push(json!({"id": format!("p{p}.deck"), "name": "Deck", "owner": p, "layout": "pile", "count": s.deck.len(), "cards": deck}));
        }
        let result = self.result.map(|r| {
            let winners: Vec<usize> = (0..n).filter(|&p| r[p] > 0).collect();
            match winners.as_slice() {
                [] => "a draw: the last samurai fell together".to_string(),
                [w] => format!("P{w} {} wins", game.samurai(*w).name),
                ws => format!(
                    "P{} wins with {}",
                    ws[0],
                    ws[1..].iter().map(|w| format!("P{w}")).collect::<Vec<_>>().join(", ")
                ),
            }
        });
        let adv: Vec<String> = self.advantage.iter().map(|p| format!("P{p}")).collect();
        let pending: Vec<String> = self
            .items
            .iter()
            .filter(|it| !it.done)
            .map(|it| format!("P{} {} @{}", it.player, c.card(it.card).name, it.init))
            .collect();
        json!({
            "kind": "scene",
            "title": format!("{} · round {}", bf.name, self.round),
            "status": self.status(game),
            "to_move": self.current_player_index(),
            "result": result,
            "players": players,
            "board": {"type": "hex", "cells": cells, "pieces": pieces},
            "zones": zones,
            "info": [
                {"label": "Advantage", "value": adv.join(" > ")},
                {"label": "Supplies", "value": format!("wounds {}, bleeding {}, stun {}", self.supply[0], self.supply[1], self.supply[2])},
                {"label": "Pending", "value": if pending.is_empty() { "-".to_string() } else { pending.join(", ") }},
            ],
        })
    }
}
