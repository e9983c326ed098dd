//! What players see of a Senjutsu position as vectors: the public observation (what the table
//! shows, seats in table order) and each seat's private one. The layout is in `docs/rules/senjutsu.md`.

use crate::core::{ObsWriter, State};
use crate::games::senjutsu::content::MAX_CHOICES;
use crate::games::senjutsu::game::Senjutsu;
use crate::games::senjutsu::state::{
    Phase, SenjutsuState, Stage, BLEEDING_CARDS, NO_CHOICE, NO_INIT, STUN_CARDS, WOUND_CARDS,
};

const PHASES: usize = 9;
const STAGES: usize = 9;

/// Kamae nodes of the largest tree at the table: every seat block has the same size.
fn kamae_nodes(game: &Senjutsu) -> usize {
    (0..game.n()).map(|p| game.samurai(p).tree.nodes.len()).max().unwrap_or(0)
}

/// One seat's public block (in table order).
fn seat_len(game: &Senjutsu) -> usize {
    let (n, cells, kinds) = (game.n(), game.battlefield().board.len(), game.content.cards.len());
    let starts = game.battlefield().starts.len();
    3 + n
        + starts
        + cells
        + 6
        + 8
        + kamae_nodes(game)
        + 4
        + n
        + 2
        + kinds
        + 10
        + kinds
        + 10
        + 2 * kinds
        + 2 * cells
        + 20
        + 10
}

/// The part resolving (the top of the stack) and the stack's depth.
fn resolution_len(game: &Senjutsu) -> usize {
    let n = game.n();
    1 + n + game.content.cards.len() + 2 + STAGES + n + 1 + MAX_CHOICES + 10 + 2 * n + 1
}

/// The widest feature: the round / 50 (a `u16`); every other one is a share, a flag or a count
/// of at most 255 cards times 0.25.
pub const OBSERVATION_BOUNDS: (f32, f32) = (0.0, u16::MAX as f32 / 50.0);

/// Globals, one block per seat in table order, the part resolving: the same for every seat.
pub fn public_len(game: &Senjutsu) -> usize {
    (PHASES + 1 + 3) + game.n() * seat_len(game) + resolution_len(game)
}

/// The seat's own hand, face-down selection and face-down discards, per card kind.
pub fn private_len(game: &Senjutsu) -> usize {
    3 * game.content.cards.len()
}

/// The observation layout (documented in `docs/rules/senjutsu.md`): the public part, then the
/// private. Sized to the instance: `n` seats, the battlefield's cells and start hexes, the
/// content's card kinds.
pub fn observation_len(game: &Senjutsu) -> usize {
    public_len(game) + private_len(game)
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

fn zone_slot(z: crate::games::senjutsu::content::Zone) -> usize {
    z as usize
}

/// Each seat's block, in table order.
const SEAT_SECTIONS: [&str; 4] = [
    "P0: present, standing, deciding, team one-hot, start hex one-hot; position one-hot, facing one-hot; wounds, wound limit, bleeding, known stuns, hand / deck / discard / face-down discard sizes; kamae node one-hot, zone one-hot, advantage rank one-hot; selection: played, revealed, card one-hot once revealed, initiative one-hot once revealed; instant card one-hot, its initiative one-hot; discard pile and evade cards per card kind; hexes defended without and with the evade symbol, their initiatives; parts waiting per initiative",
    "P1 (the same features)",
    "P2 (the same features)",
    "P3 (the same features)",
];

/// The public observation: what the table shows every seat, in table order.
pub(crate) fn public_observation(state: &SenjutsuState, game: &Senjutsu, out: &mut [f32]) {
    let n = game.n();
    let board = &game.battlefield().board;
    let cells = board.len();
    let kinds = game.content.cards.len();
    let starts = game.battlefield().starts.len();
    let mut w = ObsWriter::new(out);
    w.section("phase one-hot, round, wound / bleeding / stun supplies");
    w.one_hot(PHASES, Some(phase_index(state.phase)));
    w.put(f32::from(state.round) / 50.0);
    w.put(f32::from(state.supply[0]) / f32::from(WOUND_CARDS));
    w.put(f32::from(state.supply[1]) / f32::from(BLEEDING_CARDS));
    w.put(f32::from(state.supply[2]) / f32::from(STUN_CARDS));
    let nodes = kamae_nodes(game);
    let decider = state.current_player();
    for (p, &section) in SEAT_SECTIONS.iter().enumerate().take(n) {
        let s = &state.samurai[p];
        let sam = game.samurai(p);
        w.section(section);
        w.flag(true);
        w.flag(!s.defeated);
        w.flag(decider == Some(p));
        w.one_hot(n, Some(usize::from(game.teams[p])));
        w.one_hot(starts, s.placed.then_some(usize::from(s.start)));
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
        // SJ-13.3: a selection is face down until the reveal.
        w.flag(s.played.is_some());
        w.flag(s.revealed);
        w.one_hot(kinds, s.played.filter(|_| s.revealed).map(|c| usize::from(c.0)));
        w.one_hot(10, (s.init != NO_INIT && s.revealed).then(|| usize::from(s.init)));
        w.one_hot(kinds, s.instant.map(|c| usize::from(c.0)));
        w.one_hot(10, (s.instant_init != NO_INIT).then(|| usize::from(s.instant_init)));
        w.counts(kinds, s.discard.iter().map(|c| usize::from(c.0)), 0.25);
        w.counts(kinds, s.evades.iter().map(|c| usize::from(c.0)), 0.25);
        let mut covered = [[0u64; 2]; 2];
        let mut speeds = [0u64; 2];
        for d in &s.defenses {
            let k = usize::from(d.evade);
            covered[k] = [covered[k][0] | d.cells[0], covered[k][1] | d.cells[1]];
            speeds[k] |= 1 << d.speed.min(63);
        }
        for c in &covered {
            w.bits(cells, c);
        }
        for x in &speeds {
            w.bits(10, std::slice::from_ref(x));
        }
        w.counts(
            10,
            state.items.iter().filter(|it| usize::from(it.player) == p && !it.done).map(|it| usize::from(it.init)),
            0.25,
        );
    }
    w.section("the part resolving: stack depth, whose, card one-hot, part, action, stage one-hot, for whom, steps left, option taken, initiative one-hot, pushes owed and evaders per seat, an evade");
    match state.stack.last() {
        Some(e) => {
            w.put(state.stack.len() as f32 / 10.0);
            w.one_hot(n, Some(usize::from(e.player)));
            w.one_hot(kinds, Some(usize::from(e.card.0)));
            w.put(f32::from(e.part) / 3.0);
            w.put(f32::from(e.op) / 16.0);
            w.one_hot(STAGES, Some(stage_index(e.stage)));
            w.one_hot(n, Some(usize::from(e.who)));
            w.put(f32::from(e.left) / 9.0);
            w.one_hot(MAX_CHOICES, (e.choice != NO_CHOICE).then_some(usize::from(e.choice)));
            w.one_hot(10, (e.init != NO_INIT).then_some(usize::from(e.init)));
            for &k in &e.pushes[..n] {
                w.put(f32::from(k) / 3.0);
            }
            for t in 0..n {
                w.flag(e.evaders & (1 << t) != 0);
            }
            w.flag(e.evade);
        }
        None => w.skip(resolution_len(game)),
    }
    w.finish();
}

/// The private observation of `viewer`: the cards only it has seen, per card kind.
pub(crate) fn private_observation(state: &SenjutsuState, game: &Senjutsu, viewer: usize, out: &mut [f32]) {
    let kinds = game.content.cards.len();
    let s = &state.samurai[viewer];
    let mut w = ObsWriter::new(out);
    w.section("my hand, per card kind");
    w.counts(kinds, s.hand.iter().map(|c| usize::from(c.0)), 0.25);
    w.section("my face-down selection one-hot");
    w.one_hot(kinds, s.played.filter(|_| !s.revealed).map(|c| usize::from(c.0)));
    w.section("my face-down discards, per card kind (SJ-13.9)");
    w.counts(kinds, s.hidden.iter().map(|c| usize::from(c.0)), 0.25);
    w.finish();
}
