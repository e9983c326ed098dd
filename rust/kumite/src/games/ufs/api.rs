//! UFS through the core `State` trait.

use crate::core::{Action, ActionList, EventSink, GameError, State};
use crate::games::ufs::actions::{UfsAction, ATTACK_SOURCE, CHAR_SOURCE};
use crate::games::ufs::state::{Event, Phase, UfsState, MAX_STAGING};
use crate::games::ufs::Ufs;

impl State for UfsState {
    type Game = Ufs;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        self.current_player_index()
    }
    fn legal_actions(&self, game: &Ufs, out: &mut ActionList) {
        self.legal(game, out);
    }
    fn apply_unchecked(&mut self, game: &Ufs, action: Action, events: &mut impl EventSink<Event>) {
        self.step(game, action, events);
    }
    fn returns(&self, _game: &Ufs, out: &mut [f32]) {
        let r = self.result.unwrap_or([0, 0]);
        out[0] = f32::from(r[0]);
        out[1] = f32::from(r[1]);
    }
    fn observation(&self, game: &Ufs, player: usize, out: &mut [f32]) {
        self.write_observation(game, player, out);
    }
    fn information_state_string(&self, game: &Ufs, player: usize) -> String {
        self.describe(game, Some(player))
    }
    fn view(&self, game: &Ufs, viewer: Option<usize>) -> serde_json::Value {
        self.scene(game, viewer)
    }
    fn determinize(&self, _game: &Ufs, observer: usize, seed: u64) -> Self {
        self.determinized(observer, seed)
    }
    fn action_to_string(&self, game: &Ufs, action: Action) -> String {
        let p = self.current_player_index().unwrap_or(usize::from(self.active));
        let s = &self.sides[p];
        let hand = |i: u8| match s.hand.get(usize::from(i)) {
            Some(c) => game.content.card(c).name.clone(),
            None => format!("hand card {}", i + 1),
        };
        match UfsAction::decode(action) {
            UfsAction::Play(i) if matches!(self.phase, Phase::Enhance { .. }) => format!("enhance with {}", hand(i)),
            UfsAction::Play(i) => format!("play {}", hand(i)),
            UfsAction::Block(i) => format!("block with {}", hand(i)),
            UfsAction::Discard(i) => format!("discard {}", hand(i)),
            UfsAction::Use(k, j) => {
                let k = usize::from(k);
                let (slot, place) = if k < MAX_STAGING {
                    (s.staging.as_slice().get(k), format!("staging {}", k + 1))
                } else if k < ATTACK_SOURCE {
                    (s.character.as_slice().get(k - CHAR_SOURCE), format!("character {}", k - CHAR_SOURCE + 1))
                } else {
                    (self.attack.and_then(|a| s.pool.as_slice().get(usize::from(a.slot))), "attack".to_string())
                };
                match slot.map(|x| game.content.card(x.card)) {
                    Some(c) => match c.abilities.get(usize::from(j)) {
                        Some(a) => format!("use {} ({place}): {}", c.name, a.text()),
                        None => format!("use {} ({place}) ability {}", c.name, j + 1),
                    },
                    None => format!("use {place} ability {}", j + 1),
                }
            }
            UfsAction::Commit(k) => {
                let k = usize::from(k);
                if k < MAX_STAGING {
                    match s.staging.as_slice().get(k) {
                        Some(x) => format!("commit {} (staging {}) for +1", game.content.card(x.card).name, k + 1),
                        None => format!("commit staging {}", k + 1),
                    }
                } else {
                    "commit the character for +1".into()
                }
            }
            UfsAction::Pass => match self.phase {
                Phase::Combat => "end the combat phase".into(),
                Phase::Enhance { .. } => "pass".into(),
                Phase::Block => "do not block".into(),
                Phase::Review => "keep the hand".into(),
                Phase::Check => "accept the failed check".into(),
                _ => "pass".into(),
            },
            UfsAction::Mulligan(true) => "mulligan".into(),
            UfsAction::Mulligan(false) => "keep the opening hand".into(),
            UfsAction::Momentum(true) => "attack to momentum".into(),
            UfsAction::Momentum(false) => "attack to the discard pile".into(),
        }
    }
    /// The vitality lead plus a little for momentum and cards in play: a cheap leaf value.
    fn heuristic(&self, game: &Ufs, out: &mut [f32]) -> bool {
        let frac = |p: usize| f32::from(self.sides[p].vitality) / f32::from(game.max_vitality(p).max(1));
        let board = |p: usize| {
            let s = &self.sides[p];
            (s.staging.len() as f32 * 0.03 + s.momentum.len() as f32 * 0.02 + s.deck.len() as f32 * 0.002).min(0.4)
        };
        for p in 0..2 {
            out[p] = match self.result {
                Some(r) => f32::from(r[p]),
                None => (0.8 * (frac(p) - frac(1 - p)) + board(p) - board(1 - p)).clamp(-1.0, 1.0),
            };
        }
        true
    }
    fn render(&self, game: &Ufs) -> String {
        self.describe(game, None)
    }
    fn validate(&self, game: &Ufs) -> Result<(), GameError> {
        self.check(game)
    }
}
