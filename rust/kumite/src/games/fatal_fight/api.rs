//! Fatal Fight through the core `State` trait.

use crate::core::{Action, ActionList, EventSink, GameError, Secrecy, State};
use crate::games::fatal_fight::actions::FfAction;
use crate::games::fatal_fight::state::{square_name, Event, FatalFightState, Phase};
use crate::games::fatal_fight::FatalFight;

impl State for FatalFightState {
    type Game = FatalFight;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        self.current_player_index()
    }
    fn legal_actions(&self, game: &FatalFight, out: &mut ActionList) {
        self.legal(game, out);
    }
    fn apply_unchecked(&mut self, game: &FatalFight, action: Action, events: &mut impl EventSink<Event>) {
        self.step(game, action, events);
    }
    /// FFX-9: a win is worth 1 + score / 100 to every player, a loss -1; 0 while playing.
    fn returns(&self, game: &FatalFight, out: &mut [f32]) {
        let r = match self.result {
            Some(true) => 1.0 + self.score as f32 / 100.0,
            Some(false) => -1.0,
            None => 0.0,
        };
        out[..game.n()].fill(r);
    }
    fn observation(&self, game: &FatalFight, player: usize, out: &mut [f32]) {
        self.write_observation(game, player, out);
    }
    fn information_state_string(&self, game: &FatalFight, player: usize) -> String {
        self.describe(game, Some(player))
    }
    fn determinize(&self, game: &FatalFight, observer: usize, seed: u64) -> Self {
        self.determinized(game, observer, seed)
    }
    /// FF-10.2, FF-10.4: a card paid for a move or a save is played face down, hidden from
    /// every other player, teammates too (FFX-20).
    fn secrecy(&self, game: &FatalFight, action: Action) -> Secrecy {
        match (self.current_player(), FfAction::decode(action)) {
            (Some(p), FfAction::Pay(_)) => Secrecy::from_others(p, game.n(), 0),
            _ => Secrecy::PUBLIC,
        }
    }
    fn action_to_string(&self, game: &FatalFight, action: Action) -> String {
        let c = &game.content;
        let me = self.current_player_index().unwrap_or(0);
        let pl = &self.players[me.min(3)];
        let card_name = |t: u8| c.cards.get(usize::from(t)).map_or("?".to_string(), |x| x.name.clone());
        match FfAction::decode(action) {
            FfAction::Play(t) => match c.cards.get(usize::from(t)) {
                Some(x) => format!("play {} ({})", x.name, x.describe()),
                None => format!("play card type {t}"),
            },
            FfAction::Pay(t) => format!("play {} face down", card_name(t)),
            FfAction::Move(sq) => {
                let paid = !matches!(self.phase, Phase::Turn { .. }) || pl.moves == 0;
                format!("move to {}{}", square_name(sq % 9), if paid { " (1 action + 1 card)" } else { "" })
            }
            FfAction::Strike(g) => format!("attack group {}", g + 1),
            FfAction::Whiff => "end chain without a target".into(),
            FfAction::Combination => "offer combination".into(),
            FfAction::Pass => "pass".into(),
            FfAction::Item(i) => match pl.carried.get(usize::from(i)) {
                Some(x) => format!("use {}", c.card(x).name),
                None => format!("use item {}", i + 1),
            },
            FfAction::Save(q) => format!("save P{q}"),
            FfAction::EndTurn => "end turn".into(),
            FfAction::Buy(t) => format!("buy {}", card_name(t)),
            FfAction::Upgrade(t) => {
                let next = c
                    .cards
                    .get(usize::from(t))
                    .and_then(|x| x.next)
                    .map_or("?".to_string(), |n| c.card(n).name.clone());
                format!("upgrade {} to {}", card_name(t), next)
            }
            FfAction::BuyUnique(slot) => match self.unique_row.get(usize::from(slot)).copied().flatten() {
                Some(x) => format!("buy unique {}", c.card(x).name),
                None => format!("buy unique slot {}", slot + 1),
            },
            FfAction::Drop(i) => match pl.carried.get(usize::from(i)) {
                Some(x) => format!("discard item {}", c.card(x).name),
                None => format!("discard item {}", i + 1),
            },
            FfAction::ShopDone => "leave the shop".into(),
            FfAction::Assign(q) => format!("P{q} takes the mass damage"),
        }
    }
    /// The campaign's progress for search (docs "Heuristic"): stages cleared plus, inside the
    /// stage, the team's life and who is standing, the enemies cleared from the board, the boss
    /// in reach of the team's chains, the strength of the decks and the gold. The same value for
    /// every player (co-op), below a win's and above a loss's.
    fn heuristic(&self, game: &FatalFight, out: &mut [f32]) -> bool {
        let n = game.n();
        let v = match self.result {
            Some(true) => 1.0,
            Some(false) => -1.0,
            None => (-1.0 + 0.5 * (f32::from(self.stage) + 0.8 * self.stage_progress(game))).clamp(-1.0, 1.0),
        };
        out[..n].fill(v);
        true
    }
    fn view(&self, game: &FatalFight, viewer: Option<usize>) -> serde_json::Value {
        self.scene(game, viewer)
    }
    fn render(&self, game: &FatalFight) -> String {
        self.describe(game, None)
    }
    fn validate(&self, game: &FatalFight) -> Result<(), GameError> {
        self.check(game)
    }
}
