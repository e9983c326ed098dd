//! The toy's options, its game struct and what it says about itself.

use serde::{Deserialize, Serialize};

use crate::core::GameError;

/// The characters: id, name, reach (the most stones a turn takes).
pub(crate) const CHARACTERS: [(&str, &str, u8); 2] = [("short", "Short", 2), ("long", "Long", 3)];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ToyOptions {
    pub characters: Vec<String>,
    pub stones: u8,
}

impl Default for ToyOptions {
    fn default() -> Self {
        ToyOptions { characters: vec!["short".into(), "long".into()], stones: 9 }
    }
}

#[derive(Debug, Clone)]
pub struct Toy {
    pub options: ToyOptions,
    /// Each seat's reach.
    pub reach: [u8; 2],
}

impl Toy {
    pub fn new(options: ToyOptions) -> Result<Self, GameError> {
        if !(3..=30).contains(&options.stones) {
            return Err(GameError::option("stones", "must be in 3..=30"));
        }
        if options.characters.len() != 2 {
            return Err(GameError::option("characters", "two character ids, one per player"));
        }
        let mut reach = [0; 2];
        for (p, id) in options.characters.iter().enumerate() {
            let known = CHARACTERS.iter().find(|c| c.0 == id);
            reach[p] = known.ok_or_else(|| GameError::option("characters", format!("no character {id:?}")))?.2;
        }
        Ok(Toy { options, reach })
    }
}

/// The content listing: the characters.
pub(crate) fn content() -> serde_json::Value {
    let characters: Vec<_> = CHARACTERS
        .iter()
        .map(|(id, name, reach)| crate::core::content_entry(id, name, format!("takes 1 to {reach} stones a turn")))
        .collect();
    serde_json::json!({ "characters": characters })
}

/// What the toy says about itself (`core::GameInfo`).
pub const INFO: crate::core::GameInfo = {
    use crate::core::{BalancePlan, BalanceTable::Matrix, Conformance, GameInfo, KnowledgeRun, Options};
    use crate::core::{SecretsRun, Setting::*, Utility};
    GameInfo {
        name: "toy",
        display_name: "Toy Stones",
        min_players: 2,
        max_players: 2,
        utility: Utility::ZeroSum,
        default_bots: &["mcts:20"],
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
        recipe: &[("simulations", Int(8))],
        legend: &[],
        conformance: Conformance {
            secrets: &[SecretsRun { options: Options("{}"), games: 3, more_than: None }],
            layouts: &[Options("{}"), Options(r#"{"stones": 30}"#)],
            knowledge: &[KnowledgeRun::fewer("{}", 0, 3, 1, 1)],
            seats_seed: None,
        },
    }
};
