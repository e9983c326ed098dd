//! What players see of a Senjutsu position: the observation tensor, the text view (render and
//! information state), determinization and the invariants of a JSON state.

use crate::core::{seat_after, ObsWriter, State};
use crate::games::senjutsu::state::{Phase, SenjutsuState, Stage, BLEEDING_CARDS, NO_INIT, STUN_CARDS, WOUND_CARDS};
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

/// Each seat's block, from the viewer's on around the table.
const SEAT_SECTIONS: [&str; 4] = [
    "my samurai: present, standing, ally, deciding; position one-hot, facing one-hot; wounds, wound limit, bleeding, known stuns, hand / deck / discard / hidden sizes; kamae node one-hot, zone one-hot, advantage rank one-hot; selection: played, revealed, card one-hot, initiative one-hot; instant card one-hot; hexes its defences cover, their speed one-hot",
    "the next samurai (the same features)",
    "the samurai two seats on (the same features)",
    "the samurai three seats on (the same features)",
];

impl SenjutsuState {}

impl SenjutsuState {}

pub(crate) fn observation(state: &SenjutsuState, game: &Senjutsu, viewer: usize, out: &mut [f32]) {
    let n = game.n();
    let board = &game.battlefield().board;
    let cells = board.len();
    let kinds = game.content.cards.len();
    let mut w = ObsWriter::new(out);
    w.section("phase one-hot, round, wound / bleeding / stun supplies");
    w.one_hot(PHASES, Some(phase_index(state.phase)));
    w.put(f32::from(state.round) / 50.0);
    w.put(f32::from(state.supply[0]) / f32::from(WOUND_CARDS));
    w.put(f32::from(state.supply[1]) / f32::from(BLEEDING_CARDS));
    w.put(f32::from(state.supply[2]) / f32::from(STUN_CARDS));
    let nodes = kamae_nodes(game);
    let decider = state.current_player();
    for (j, &section) in SEAT_SECTIONS.iter().enumerate().take(n) {
        let p = seat_after(viewer, j, n);
        let s = &state.samurai[p];
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
        w.one_hot(n, Some(state.advantage_rank(p)));
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
    w.counts(kinds, state.samurai[viewer].hand.iter().map(|c| usize::from(c.0)), 0.25);
    w.section("the part resolving: stage one-hot, whose (from me), parts left");
    match state.stack.last().filter(|_| matches!(state.phase, Phase::Resolve(_))) {
        Some(e) => {
            w.one_hot(STAGES, Some(stage_index(e.stage)));
            w.one_hot(n, Some(seat_after(usize::from(e.who), n - viewer, n)));
            w.put(f32::from(e.left) / 3.0);
        }
        None => w.skip(STAGES + n + 1),
    }
    w.finish();
}
