//! TEKKEN: The Board Game (seed `000_e2da1bebd012d2cc.txt`): two fighters on a small hex stage.
//! The attacker plays a string of face-down attack cards; before each reveal the defender names a
//! height, and a right guess (a punish) ends the string. Unpunished cards resolve their symbols,
//! the combo board and rage in the attacker's chosen order. Rounds end at 0 HP; first to
//! `rounds_to_win` rounds wins. Rule ids (TK-…) refer to `docs/rules/tekken.md`.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `characters` | `["kaito", "rook"]` | character ids for players 0 and 1 |
//! | `stage` | `"fault_line"` | stage id (`moonlit_dojo`, `fault_line`, or one from `content_dir`) |
//! | `heat` | `true` | the heat expansion rule (TK-12) |
//! | `rounds_to_win` | `3` | rounds needed to win the match (1..=5) |
//! | `hp` | `20` | starting HP each round (7..=60) |
//! | `hand_size` | `3` | hand refill size (3..=5) |
//! | `round_strings` | `null` | variant: a round timer of this many strings (TKX-3; 4..=200); off by default |
//! | `first_attacker` | `null` | who opens round 1: 0, 1, or null for a seeded coin flip |
//! | `content_dir` | `null` | a folder with extra `characters/*.toml` and `stages/*.toml` |

mod actions;
pub mod content;
mod hidden;
mod listing;
mod observation;
mod rules;
mod scene;
mod state;
mod text;
mod validate;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::core::{
    Action, ActionList, EventSink, Game, GameError, Seating, Secrecy, State, Utility, MAX_LEGAL_ACTIONS,
};

pub use actions::{TekkenAction, MAX_HAND, NUM_ACTIONS};
pub use content::{Colour, Content, Height, Symbol};
pub use state::{Event, Fighter, Floor, Heat, Means, Phase, Slot, TekkenState};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TekkenOptions {
    pub characters: [String; 2],
    pub stage: String,
    pub heat: bool,
    pub rounds_to_win: u8,
    pub hp: u8,
    pub hand_size: u8,
    /// The round-timer variant (TKX-3): `None` plays the seed, where a round lasts until a
    /// fighter's HP is 0 (TK-1.2).
    pub round_strings: Option<u16>,
    pub first_attacker: Option<u8>,
    pub content_dir: Option<String>,
}

impl Default for TekkenOptions {
    fn default() -> Self {
        TekkenOptions {
            characters: ["kaito".into(), "rook".into()],
            stage: "fault_line".into(),
            heat: true,
            rounds_to_win: 3,
            hp: 20,
            hand_size: 3,
            round_strings: None,
            first_attacker: None,
            content_dir: None,
        }
    }
}

/// A configured Tekken match: options, the content in play, and the stage.
#[derive(Clone, Debug)]
pub struct Tekken {
    pub options: TekkenOptions,
    pub content: Arc<Content>,
    /// Index into `content.characters` per player.
    pub characters: [usize; 2],
    pub stage: usize,
}

fn read_content_dir(content: &mut Content, dir: &str) -> Result<(), GameError> {
    let [characters, stages] = crate::cards::content_folder(dir, ["characters", "stages"])?;
    for (name, text) in characters {
        content.add_character(&name, &text)?;
    }
    for (name, text) in stages {
        content.add_stage(&name, &text)?;
    }
    Ok(())
}

impl Tekken {
    pub fn new(options: TekkenOptions) -> Result<Tekken, GameError> {
        let check = |ok: bool, option: &str, reason: &str| {
            if ok {
                Ok(())
            } else {
                Err(GameError::option(option, reason))
            }
        };
        check((1..=5).contains(&options.rounds_to_win), "rounds_to_win", "must be in 1..=5")?;
        check((7..=60).contains(&options.hp), "hp", "must be in 7..=60 (rage reveals at 6)")?;
        check((3..=5).contains(&options.hand_size), "hand_size", "must be in 3..=5")?;
        check(
            options.round_strings.is_none_or(|n| (4..=200).contains(&n)),
            "round_strings",
            "must be in 4..=200, or null for no timer",
        )?;
        check(options.first_attacker.is_none_or(|p| p < 2), "first_attacker", "must be 0, 1 or null")?;
        let mut content = Content::builtin();
        if let Some(dir) = &options.content_dir {
            read_content_dir(&mut content, dir)?;
        }
        let mut characters = [0; 2];
        for (slot, id) in characters.iter_mut().zip(&options.characters) {
            *slot = content.character(id).ok_or_else(|| {
                let known: Vec<_> = content.characters.iter().map(|c| c.id.as_str()).collect();
                GameError::option("characters", format!("unknown character {id:?}; known: {}", known.join(", ")))
            })?;
        }
        let stage = content.stage(&options.stage).ok_or_else(|| {
            let known: Vec<_> = content.stages.iter().map(|s| s.id.as_str()).collect();
            GameError::option("stage", format!("unknown stage {:?}; known: {}", options.stage, known.join(", ")))
        })?;
        const { assert!(NUM_ACTIONS <= MAX_LEGAL_ACTIONS) };
        Ok(Tekken { options, content: Arc::new(content), characters, stage })
    }

    pub fn stage(&self) -> &content::Stage {
        &self.content.stages[self.stage]
    }
    pub fn character(&self, player: usize) -> &content::Character {
        &self.content.characters[self.characters[player]]
    }
    /// The id of a player's first distinct card: each character's cards are contiguous.
    pub fn first_card(&self, player: usize) -> u16 {
        self.character(player).deck.iter().map(|c| c.0).min().unwrap_or(0)
    }
    pub fn slot_limit(&self) -> usize {
        if self.options.heat {
            4
        } else {
            3
        }
    }
}

/// Upper bound on the actions of one card: a preparation, the play and the guess; choosing
/// means (the card, each combo, the rage, ending the resolution); a move for every card,
/// extension and rage symbol; and every combo's symbols, a move after each, and its "done".
const MAX_ACTIONS_PER_CARD: usize = 3
    + (content::MAX_COMBOS + 3)
    + (content::MAX_SYMBOLS + content::MAX_EXTENSION_SYMBOLS)
    + content::MAX_SYMBOLS
    + content::MAX_COMBOS * (2 * content::MAX_SYMBOLS + 1);

/// Upper bound on the actions of one string: 4 cards (3, or 4 with heat), then heat (when no
/// card follows it) and "end string".
const MAX_ACTIONS_PER_STRING: usize = 4 * MAX_ACTIONS_PER_CARD + 2;

/// Without the round timer, the run's bound allows each round this many strings (see
/// `docs/rules/tekken.md`, "Game length").
const RUN_STRINGS_PER_ROUND: usize = 200;

impl Game for Tekken {
    type State = TekkenState;
    const NAME: &'static str = "tekken";
    common_game_methods!();

    fn num_players(&self) -> usize {
        2
    }
    fn public_observation_len(&self) -> usize {
        observation::public_observation_len(self)
    }
    /// Only the timer variant ends every round: in the seed's game a round lasts until a
    /// fighter's HP is 0, and strings can be punished forever.
    fn length_bounded_by_rules(&self) -> bool {
        self.options.round_strings.is_some()
    }
    /// TK-1.4: +1 / −1 (a drawn match of the timer variant, TKX-1: 0 / 0).
    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
    /// At most `2·rounds_to_win − 1` rounds (every round scores for someone), each two rage
    /// choices and its strings: `round_strings` with the timer, else the run's allowance.
    fn max_game_length(&self) -> usize {
        let o = &self.options;
        let strings = o.round_strings.map_or(RUN_STRINGS_PER_ROUND, usize::from);
        let per_round = 2 + strings * MAX_ACTIONS_PER_STRING;
        (2 * usize::from(o.rounds_to_win) - 1) * per_round
    }
    /// The pairing configured, and each character of the content against itself. Who opens
    /// round 1 is a coin flip (TK-2, `first_attacker` null), so no seat has an edge.
    fn seatings(&self) -> Vec<Seating> {
        let [a, b] = &self.options.characters;
        let mut out = Vec::new();
        if a != b {
            out.push(Seating { mirror: false, ..Seating::mirror(format!("{a} against {b}"), serde_json::json!({})) });
        }
        for c in &self.content.characters {
            let c = &c.id;
            out.push(Seating::mirror(format!("{c} against {c}"), serde_json::json!({ "characters": [c, c] })));
        }
        out
    }
}

/// Each method's code lives in the file its role names (the table in `docs/adding-a-game.md`).
impl State for TekkenState {
    type Game = Tekken;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        state::current_player(self)
    }
    fn legal_actions(&self, game: &Tekken, out: &mut ActionList) {
        rules::legal_actions(self, game, out);
    }
    fn apply_unchecked(&mut self, game: &Tekken, action: Action, events: &mut impl EventSink<Event>) {
        rules::apply(self, game, action, events);
    }
    fn returns(&self, _game: &Tekken, out: &mut [f32]) {
        let r = self.result.unwrap_or([0, 0]);
        out[0] = f32::from(r[0]);
        out[1] = f32::from(r[1]);
    }
    fn public_observation(&self, game: &Tekken, out: &mut [f32]) {
        observation::public_observation(self, game, out);
    }
    fn private_observation(&self, game: &Tekken, player: usize, out: &mut [f32]) {
        observation::private_observation(self, game, player, out);
    }
    fn public_observation_string(&self, game: &Tekken) -> String {
        text::public(self, game)
    }
    fn private_observation_string(&self, game: &Tekken, player: usize) -> String {
        text::private(self, game, player)
    }
    fn determinize(&self, _game: &Tekken, observer: usize, seed: u64) -> Self {
        hidden::determinize(self, observer, seed)
    }
    fn secrecy(&self, game: &Tekken, action: Action) -> Secrecy {
        hidden::secrecy(self, game, action)
    }
    fn action_to_string(&self, game: &Tekken, action: Action) -> String {
        actions::action_to_string(self, game, action)
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
    fn view(&self, game: &Tekken, viewer: Option<usize>) -> Value {
        scene::view(self, game, viewer)
    }
    fn render(&self, game: &Tekken) -> String {
        text::public(self, game)
    }
    fn validate(&self, game: &Tekken) -> Result<(), GameError> {
        validate::validate(self, game)
    }
}
