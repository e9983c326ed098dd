//! Tekken through the core `State` trait.

use crate::core::{Action, ActionList, EventSink, GameError, Secrecy, State};
use crate::games::tekken::actions::{TekkenAction, TRIPLES};
use crate::games::tekken::content::symbols_text;
use crate::games::tekken::state::{Event, TekkenState};
use crate::games::tekken::Tekken;

impl State for TekkenState {
    type Game = Tekken;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        self.current_player_index()
    }
    fn legal_actions(&self, game: &Tekken, out: &mut ActionList) {
        self.legal(game, out);
    }
    fn apply_unchecked(&mut self, game: &Tekken, action: Action, events: &mut impl EventSink<Event>) {
        self.step(game, action, events);
    }
    fn returns(&self, _game: &Tekken, out: &mut [f32]) {
        let r = self.result.unwrap_or([0, 0]);
        out[0] = f32::from(r[0]);
        out[1] = f32::from(r[1]);
    }
    fn observation(&self, game: &Tekken, player: usize, out: &mut [f32]) {
        self.write_observation(game, player, out);
    }
    fn information_state_string(&self, game: &Tekken, player: usize) -> String {
        self.describe(game, Some(player))
    }
    fn determinize(&self, _game: &Tekken, observer: usize, seed: u64) -> Self {
        self.determinized(observer, seed)
    }
    /// TK-4.7: a card is placed face down (a card that cannot be punished is revealed at once,
    /// TK-4.10, so it shows itself); TK-4.3: a stance change shows its three cards to the
    /// opponent, not where they sat in the hand; TK-9.1: the rage card is chosen in secret.
    fn secrecy(&self, _game: &Tekken, action: Action) -> Secrecy {
        let Some(p) = self.current_player() else { return Secrecy::PUBLIC };
        let hand = &self.fighters[p].hand;
        let card = |i: u8| hand.get(usize::from(i)).map_or(0, |c| 1 + u64::from(c.0));
        match TekkenAction::decode(action) {
            TekkenAction::Play(i) => {
                let unpunishable = self.fighters[1 - p].cannot_punish || self.fighters[p].punish_tokens > 0;
                Secrecy::from_others(p, 2, if unpunishable { card(i) } else { 0 })
            }
            TekkenAction::StanceChange(t) => {
                let mut shown = TRIPLES[usize::from(t)].map(card);
                shown.sort_unstable();
                Secrecy::from_others(p, 2, 1 << 63 | shown[0] << 32 | shown[1] << 16 | shown[2])
            }
            TekkenAction::ChooseRage(_) => Secrecy::from_others(p, 2, 0),
            _ => Secrecy::PUBLIC,
        }
    }
    fn action_to_string(&self, game: &Tekken, action: Action) -> String {
        let att = usize::from(self.attacker);
        match TekkenAction::decode(action) {
            TekkenAction::Play(i) => match self.fighters[att].hand.get(usize::from(i)) {
                Some(c) => {
                    let c = game.content.card(c);
                    format!("play {} ({} {})", c.name, c.height.name(), c.colour.name())
                }
                None => format!("play hand card {}", i + 1),
            },
            TekkenAction::StanceChange(t) => {
                let names: Vec<String> = crate::games::tekken::actions::TRIPLES[usize::from(t)]
                    .iter()
                    .map(|&i| match self.fighters[att].hand.get(usize::from(i)) {
                        Some(c) => game.content.card(c).name.clone(),
                        None => format!("card {}", i + 1),
                    })
                    .collect();
                format!("stance change ({})", names.join(", "))
            }
            TekkenAction::Dash(d) => {
                let to = self.fighters[1 - att].pos.neighbor(d);
                format!("dash to ({}, {})", to.q, to.r)
            }
            TekkenAction::Heat => "heat".into(),
            TekkenAction::EndString => "end string".into(),
            TekkenAction::Guess(h) => format!("punish {}", h.name()),
            TekkenAction::ResolveCard => "resolve card".into(),
            TekkenAction::ResolveCombo(k) => match game.character(att).combos.get(usize::from(k)) {
                Some(c) => format!("combo {} ({})", c.name, symbols_text(&c.symbols)),
                None => format!("combo {}", k + 1),
            },
            TekkenAction::ResolveRage => "rage".into(),
            TekkenAction::EndResolution => "end resolution".into(),
            TekkenAction::ComboSymbol(i) => {
                let sym = match self.string.means {
                    crate::games::tekken::state::Means::Combo { combo, .. } => game
                        .character(att)
                        .combos
                        .get(usize::from(combo))
                        .and_then(|c| c.symbols.get(usize::from(i)))
                        .map(|s| s.to_string()),
                    _ => None,
                };
                format!("combo symbol {} ({})", i + 1, sym.unwrap_or_else(|| "-".into()))
            }
            TekkenAction::ComboDone => "combo done".into(),
            TekkenAction::Move(d) => {
                let to = self.fighters[att].pos.neighbor(d);
                format!("move {} to ({}, {})", d.name(), to.q, to.r)
            }
            TekkenAction::ChooseRage(r) => {
                let p = match self.phase {
                    crate::games::tekken::state::Phase::ChooseRage { player } => usize::from(player),
                    _ => att,
                };
                format!("rage card {}", game.character(p).rage[usize::from(r)].name)
            }
        }
    }
    /// Rounds won weigh most, then the HP lead: a cheap leaf value for search.
    fn heuristic(&self, game: &Tekken, out: &mut [f32]) -> bool {
        let o = &game.options;
        for (p, value) in out.iter_mut().enumerate().take(2) {
            let rounds = (f32::from(self.wins[p]) - f32::from(self.wins[1 - p])) / f32::from(o.rounds_to_win);
            let hp = (f32::from(self.fighters[p].hp) - f32::from(self.fighters[1 - p].hp)) / f32::from(o.hp);
            *value = (0.6 * rounds + 0.4 * hp).clamp(-1.0, 1.0);
        }
        true
    }
    fn view(&self, game: &Tekken, viewer: Option<usize>) -> serde_json::Value {
        self.scene(game, viewer)
    }
    fn render(&self, game: &Tekken) -> String {
        self.describe(game, None)
    }
    fn validate(&self, game: &Tekken) -> Result<(), GameError> {
        self.check(game)
    }
}
