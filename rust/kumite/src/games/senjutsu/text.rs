//! The information-state string and the text view of a Senjutsu position.

use crate::cards::CardId;
use crate::core::{count, returns_text};
use crate::games::senjutsu::content::{words, Card, Op};
use crate::games::senjutsu::game::Senjutsu;
use crate::games::senjutsu::state::{Phase, SenjutsuState, Stage, NO_CHOICE, NO_INIT};

/// A card as the log names it (revealed, or played as an instant): its name and the words its
/// holder read in hand, so one card reads one way wherever it is.
pub(super) fn card_line(card: &Card) -> String {
    format!("{}: {}", card.name, card.words())
}

/// A card's action as the log names it, in the card's words: "attacks front (2 wounds)".
pub(super) fn op_line(op: &Op) -> String {
    op.words().replacen("attack ", "attacks ", 1)
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

impl SenjutsuState {
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
}

/// What the table shows every seat, in table order.
pub(crate) fn public(state: &SenjutsuState, game: &Senjutsu) -> String {
    information(state, game, false)
}

/// What only `viewer` has seen: its hand, its face-down selection and the cards it discarded
/// face down (SJ-13.9: 「能力カード(伏せ)を選んで捨てます」, the owner chose them).
pub(crate) fn private(state: &SenjutsuState, game: &Senjutsu, viewer: usize) -> String {
    use std::fmt::Write;
    let c = &game.content;
    let s = &state.samurai[viewer];
    let names = |pile: &mut Vec<CardId>| {
        pile.sort_unstable();
        pile.iter().map(|&x| c.card(x).name.clone()).collect::<Vec<_>>().join(", ")
    };
    let mut out = String::new();
    let _ = writeln!(out, "P{viewer} (you) hand: {}", names(&mut s.hand.iter().collect()));
    if let Some(x) = s.played.filter(|_| !s.revealed) {
        let _ = writeln!(out, "P{viewer} (you) face down in play: {}", c.card(x).text);
    }
    let _ = writeln!(out, "P{viewer} (you) face-down discards: {}", names(&mut s.hidden.iter().collect()));
    out
}

/// The position as text: everything public, and with `all` every hidden card too.
pub(crate) fn information(state: &SenjutsuState, game: &Senjutsu, all: bool) -> String {
    use std::fmt::Write;
    let c = &game.content;
    let n = game.n();
    let mut out = String::new();
    let _ = writeln!(out, "Senjutsu on {}, round {}: {}", game.battlefield().name, state.round, state.status(game));
    let adv: Vec<String> = state.advantage.iter().map(|p| format!("P{p}")).collect();
    let _ = writeln!(
        out,
        "advantage {} | supplies: wounds {} bleeding {} stun {}",
        adv.join(" > "),
        state.supply[0],
        state.supply[1],
        state.supply[2]
    );
    let board = &game.battlefield().board;
    let arrows = ['>', '\\', '/', '<', '`', '\''];
    let _ = writeln!(
        out,
        "{}",
        board.render(|h| {
            if let Some((p, s)) = state.samurai.iter().enumerate().find(|(_, s)| s.placed && !s.defeated && s.pos == h)
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
    for (p, s) in state.samurai.iter().enumerate() {
        let sam = game.samurai(p);
        let node = &sam.tree.nodes[usize::from(s.kamae)];
        let _ =
            write!(out, "P{p} {} (team {}){}: ", sam.name, game.teams[p], if s.defeated { " DEFEATED" } else { "" });
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
        if all {
            let mut hand: Vec<CardId> = s.hand.iter().collect();
            hand.sort_unstable();
            let _ = writeln!(out, "  hand: {}", names(&hand));
            let _ = writeln!(out, "  deck (top last): {}", names(s.deck.as_slice()));
            let _ = writeln!(out, "  face-down discards: {}", names(s.hidden.as_slice()));
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
            if all || s.revealed {
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
            let hexes: Vec<String> =
                (0..board.len()).filter(|&i| d.covers(i as u8)).map(|i| board.hex_at(i as u8).to_string()).collect();
            let _ =
                writeln!(out, "  defends {} at {}{}", hexes.join(" "), d.speed, if d.evade { " (evade)" } else { "" });
        }
    }
    for it in state.items.iter().filter(|it| !it.done) {
        let _ = writeln!(out, "pending: P{} {} part {} at {}", it.player, c.card(it.card).name, it.part + 1, it.init);
    }
    for e in &state.stack {
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
