//! The loader's flow checks: a state read from JSON must be one the rules can continue from
//! (each step holds what its actions read). The zone and range checks are `UfsState::check`,
//! which calls this.

use crate::games::ufs::content::Kind;
use crate::games::ufs::state::{Phase, Purpose, UfsState};
use crate::games::ufs::Ufs;

pub(crate) fn flow(s: &UfsState, game: &Ufs, bad: &mut Vec<String>) {
    let content = &game.content;
    if let Some(r) = s.result {
        if ![[1, -1], [-1, 1], [0, 0]].contains(&r) {
            bad.push(format!("result {r:?} is not a win, a loss or a draw ([1, -1], [-1, 1] or [0, 0])"));
        }
    }
    // Only an attack that dealt damage is marked, and only it may become momentum (UF-9.3).
    for (p, side) in s.sides.iter().enumerate() {
        for (i, x) in side.pool.as_slice().iter().enumerate() {
            if x.damaged() && content.card(x.card).kind != Kind::Attack {
                bad.push(format!("sides[{p}].pool[{i}].damaged(): only an attack card deals damage"));
            }
        }
    }
    if let (Phase::Check, Some(c), Some(a)) = (s.phase, s.check, s.attack) {
        match c.purpose {
            // The block being checked is not the block already made.
            Purpose::Block if a.block.is_some() => {
                bad.push(format!("check.slot {}: a block check while attack.block is already {:?}", c.slot, a.block))
            }
            // An enhance is played after the attack, so it lies right of it in the pool.
            Purpose::Enhance if usize::from(c.player) == usize::from(s.active) && c.slot <= a.slot => bad.push(
                format!("check.slot {}: an enhance check on a card at or left of attack.slot {}", c.slot, a.slot),
            ),
            _ => {}
        }
    }
}
