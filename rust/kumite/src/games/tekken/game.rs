//! The configured match every file of the folder reads: the options, the content in play with
//! the chosen characters and stage, the constructor that checks them, and the match's bounds.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::core::{GameError, Seating};
use crate::games::tekken::content::{self, Content};

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

/// At most `2·rounds_to_win − 1` rounds (every round scores for someone), each two rage
/// choices and its strings: `round_strings` with the timer, else the run's allowance.
pub(crate) fn max_game_length(game: &Tekken) -> usize {
    let o = &game.options;
    let strings = o.round_strings.map_or(RUN_STRINGS_PER_ROUND, usize::from);
    let per_round = 2 + strings * MAX_ACTIONS_PER_STRING;
    (2 * usize::from(o.rounds_to_win) - 1) * per_round
}

/// The pairing configured, and each character of the content against itself. Who opens
/// round 1 is a coin flip (TK-2, `first_attacker` null), so no seat has an edge.
pub(crate) fn seatings(game: &Tekken) -> Vec<Seating> {
    let [a, b] = &game.options.characters;
    let mut out = Vec::new();
    if a != b {
        out.push(Seating { mirror: false, ..Seating::mirror(format!("{a} against {b}"), serde_json::json!({})) });
    }
    for c in &game.content.characters {
        let c = &c.id;
        out.push(Seating::mirror(format!("{c} against {c}"), serde_json::json!({ "characters": [c, c] })));
    }
    out
}

/// What Tekken says about itself (`core::GameInfo`).
pub const INFO: crate::core::GameInfo = {
    use crate::core::{BalancePlan, BalanceTable::Matrix, Conformance, GameInfo, KnowledgeRun, Mark, Options};
    use crate::core::{SecretsRun, Setting::*, Utility};
    GameInfo {
        name: "tekken",
        display_name: "TEKKEN: The Board Game",
        min_players: 2,
        max_players: 2,
        utility: Utility::ZeroSum,
        // Every seat the same MCTS: 100 iterations with random playouts keeps the 4 x 4 matrix
        // (1,600 games) near 7 minutes on 2 cores.
        default_bots: &["mcts:100"],
        balance: BalancePlan {
            tables: &[Matrix {
                name: "characters",
                title: "Character against character",
                noun: "character",
                content: "characters",
                option: "characters",
                fixed: Options("{}"),
                alternate: None,
            }],
            cooperative: false,
            first_option: None,
            campaign: None,
        },
        // The heuristic guides a stronger search than random playouts, and half of each value
        // target is that search's value of the position: on 2026-12-04, 40-minute runs side by
        // side, az:200 from this recipe won 78 of 100 games against mcts:2000 (docs/agents.md,
        // "Tekken's recipe").
        recipe: &[
            ("simulations", Int(32)),
            ("warmup_values", Text("heuristic")),
            ("warmup_priors", Bool(true)),
            ("value_mix", Float(0.5)),
        ],
        legend: &[
            Mark::terrain(
                "hazard",
                "!",
                "hazard: damage to a fighter who enters it (by a dash, a move or a push)",
                true,
            ),
            Mark::terrain("cracked", "x", "cracked floor", true),
            Mark::terrain(
                "red_mark",
                "r",
                "marked red: cracked on the back side, plain floor until the stage flips",
                true,
            ),
            Mark::terrain("cracked_red", "%", "cracked floor, also marked red (cracked on the back side)", true),
            Mark::terrain("blocked", "#", "blocked: no entry", false),
        ],
        // Face-down cards, stance changes, rage choices are secret decisions.
        conformance: Conformance {
            secrets: &[
                SecretsRun { options: Options("{}"), games: 15, more_than: Some(100) },
                SecretsRun { options: Options(r#"{"hand_size": 5}"#), games: 6, more_than: Some(50) },
            ],
            layouts: &[Options("{}")],
            knowledge: &[KnowledgeRun::full("{}", 0), KnowledgeRun::full(r#"{"hand_size": 5}"#, 1)],
            seats_seed: Some(1),
        },
    }
};
