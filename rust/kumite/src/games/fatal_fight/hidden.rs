//! What a player cannot see: `determinize` redeals what the observer never saw, `secrecy` says
//! what a move shows the others, and the boss pile's known and unseen places.

use crate::cards::{determinized_rng, redeal, reshuffle};
use crate::core::{Action, Rng, Secrecy, State};
use crate::games::fatal_fight::actions::FfAction;
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::state::*;

impl FatalFightState {
    /// The boss pile from the top, each skill with whether `viewer` knows its place (`None`
    /// knows everything). The bottom `boss_known` were seen going there (FF-12.3); the others'
    /// order is hidden, so they are listed sorted.
    pub(crate) fn boss_order(&self, viewer: Option<usize>) -> Vec<(u16, bool)> {
        let mut pile: Vec<u16> = self.boss_pile.iter().map(|x| x.0).collect();
        let unseen = self.boss_unseen();
        if viewer.is_some() {
            pile[unseen.clone()].sort_unstable_by(|a, b| b.cmp(a));
        }
        pile.iter().enumerate().rev().map(|(i, &k)| (k, viewer.is_none() || !unseen.contains(&i))).collect()
    }

    /// The boss pile's slots (bottom first) whose skill nobody has seen there: not the bottom
    /// `boss_known` (FF-12.3), and not the top once the pile is turned over on the board
    /// (「ボス山をそのまま裏返して」, FF-5.9: its top card, the current skill, faces up).
    pub(crate) fn boss_unseen(&self) -> std::ops::Range<usize> {
        let len = self.boss_pile.len();
        let known = usize::from(self.boss_known).min(len);
        let end = if self.boss_placed { len.saturating_sub(1) } else { len };
        known..end.max(known)
    }
}

/// Turns `s` into a state `observer` cannot tell from it: the other players' hidden cards (hand, deck,
/// face-down, and the discarded cards nobody saw) redealt from their pool, every hidden pile
/// order (own deck, stage, enemy, unique piles, the unseen part of the boss pile) reshuffled,
/// and the RNG reseeded. What was public stays: a card discarded in view keeps its place
/// (FF-14.3), and so do the boss skills seen going to the bottom (FF-12.3). Pools are sorted
/// first so the result depends only on what the observer knows.
pub(crate) fn resample(s: &mut FatalFightState, game: &FatalFight, observer: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    for p in 0..game.n() {
        let pl = &mut s.players[p];
        if p == observer {
            reshuffle(pl.deck.as_mut_slice(), &mut rng);
            continue;
        }
        let seen = pl.discard_seen;
        let unseen_discard =
            pl.discard.as_mut_slice().iter_mut().enumerate().filter(|(i, _)| seen & (1 << i) == 0).map(|(_, c)| c);
        let hidden = pl.hand.as_mut_slice().iter_mut().chain(pl.deck.as_mut_slice()).chain(pl.facedown.as_mut_slice());
        redeal::<{ MAX_HAND + 2 * MAX_OWNED + MAX_PLAYED }>(hidden.chain(unseen_discard), &mut rng);
    }
    reshuffle(s.stage_pile.as_mut_slice(), &mut rng);
    reshuffle(s.enemy_pile.as_mut_slice(), &mut rng);
    let unseen = s.boss_unseen();
    reshuffle(&mut s.boss_pile.as_mut_slice()[unseen], &mut rng);
    reshuffle(s.unique_pile.as_mut_slice(), &mut rng);
    s.rng = determinized_rng(seed);
}

/// FF-10.2, FF-10.4: a card paid for a move or a save is played face down, hidden from
/// every other player, teammates too (FFX-20).
pub(crate) fn secrecy(state: &FatalFightState, game: &FatalFight, action: Action) -> Secrecy {
    match (state.current_player(), FfAction::decode(action)) {
        (Some(p), FfAction::Pay(_)) => Secrecy::from_others(p, game.n(), 0),
        _ => Secrecy::PUBLIC,
    }
}
