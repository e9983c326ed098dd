//! What a game says about itself beyond its rules, in one value (`Game::INFO`, written in the
//! game's `game.rs`): its names, seats, utility, the bots and plan the balance lab uses, its
//! training recipe, the marks of its board and the option sets the conformance suite checks.
//! OpenSpiel's `GameType` is the model: the CLI, the balance lab, training, the terminal and the
//! conformance suite read it, so a new game is picked up from its folder and its registry line.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::Utility;

/// A game's metadata. Everything is static data; options are JSON objects written as text (the
/// form a user types them in), parsed where they are read.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct GameInfo {
    /// The registry name (`kumite.load`'s), e.g. `"fatal_fight"`.
    pub name: &'static str,
    /// The name people use, e.g. `"Fatal Fight"`.
    pub display_name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// The utility at the default options (`Game::utility` says it for any options).
    pub utility: Utility,
    /// The bot specs every seat plays by default in the balance lab (cycled over the seats).
    pub default_bots: &'static [&'static str],
    pub balance: BalancePlan,
    /// What `kumite train`'s settings (`TrainConfig` fields) this game's shipped network
    /// changes (`make agents`).
    #[serde(serialize_with = "settings")]
    pub recipe: &'static [(&'static str, Setting)],
    /// The board's marks the terminal explains (a terrain's frame, a cell label).
    pub legend: &'static [Mark],
    /// The option sets the conformance suite's checks run on.
    pub conformance: Conformance,
}

/// One training setting's value.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(untagged)]
pub enum Setting {
    Int(i64),
    Float(f64),
    Bool(bool),
    Text(&'static str),
}

fn settings<S: Serializer>(list: &&'static [(&'static str, Setting)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(list.len()))?;
    for (k, v) in list.iter() {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

/// An options object written as JSON text, serialised as the object itself.
#[derive(Debug, Clone, Copy)]
pub struct Options(pub &'static str);

impl Options {
    /// The object (the texts are the crate's own and checked by its tests).
    pub fn parse(self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::from_str(self.0).unwrap_or_else(|e| panic!("game metadata options {:?}: {e}", self.0))
    }
}

impl Serialize for Options {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.parse().serialize(s)
    }
}

/// The balance lab's tables (`kumite balance`), interpreted by `kumite.balance.plans`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct BalancePlan {
    pub tables: &'static [BalanceTable],
    /// Every seat is on one team: the results are campaigns, read from the final state.
    pub cooperative: bool,
    /// The option whose value says who moved first, for a first-player line.
    pub first_option: Option<&'static str>,
    /// Where a campaign's progress is in the JSON state (cooperative games).
    pub campaign: Option<Campaign>,
}

/// A campaign's progress: `stage` and `round` name integer fields of the JSON state's `state`;
/// the stage reached is `min(stage, stages - 1) + 1` (a won campaign reached `stages`).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Campaign {
    pub stage: &'static str,
    pub round: &'static str,
    pub stages: usize,
}

/// One table. `content` names a kind of the content listing (`Game::content_listing`) whose ids
/// the table's cells set as the option `option`; `fixed` options are set in every cell.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BalanceTable {
    /// Every ordered pair of entries, row in seat 0 against column in seat 1 (mirrors included);
    /// with `alternate` = (option, values) game `g` of a cell sets option to `values[g % len]`.
    Matrix {
        name: &'static str,
        title: &'static str,
        noun: &'static str,
        content: &'static str,
        option: &'static str,
        fixed: Options,
        alternate: Option<(&'static str, &'static [i64])>,
    },
    /// The game's mirror seatings (`Game::seatings`) of the first entry: only the seat differs.
    Seats { name: &'static str, content: &'static str },
    /// Campaigns by party size: `players` set to each size, with `fixed` (`content`: the kind
    /// the report names).
    Party {
        name: &'static str,
        title: &'static str,
        noun: &'static str,
        content: &'static str,
        sizes: &'static [usize],
        fixed: Options,
    },
    /// Campaigns of two players, one per unordered pair of entries.
    Pairs { name: &'static str, title: &'static str, noun: &'static str, content: &'static str, option: &'static str },
}

/// A mark on the board and what it means: a terrain of the viewer's vocabulary
/// (`docs/viewer.md`) drawn as a frame around the cell, or a cell label.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Mark {
    /// `"terrain"` or `"label"`.
    pub kind: &'static str,
    /// The terrain's or the label's value in the view.
    pub value: &'static str,
    /// The character drawn.
    pub mark: &'static str,
    pub meaning: &'static str,
    /// Whether a piece can stand there (an impassable cell shows no coordinates).
    pub passable: bool,
}

impl Mark {
    pub const fn terrain(value: &'static str, mark: &'static str, meaning: &'static str, passable: bool) -> Mark {
        Mark { kind: "terrain", value, mark, meaning, passable }
    }
    pub const fn label(value: &'static str, mark: &'static str, meaning: &'static str) -> Mark {
        Mark { kind: "label", value, mark, meaning, passable: true }
    }
}

/// The option sets of the conformance suite's checks (`conformance/every_game.rs`).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Conformance {
    /// Secret decisions of deep random games.
    pub secrets: &'static [SecretsRun],
    /// The observation layout covers the vector.
    pub layouts: &'static [Options],
    /// The information contract (`conformance::knowledge`).
    pub knowledge: &'static [KnowledgeRun],
    /// The seed of the bounded seat-fairness check of the default options' seatings; `None`
    /// for a game without seatings (a cooperative one).
    pub seats_seed: Option<u64>,
}

/// `games` deep random games, meeting more than `more_than` secret decisions (`None`: none).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct SecretsRun {
    pub options: Options,
    pub games: usize,
    pub more_than: Option<u64>,
}

/// The information contract's budget on one option set (`conformance::knowledge::Knowledge`;
/// `None` and the rest at its defaults).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct KnowledgeRun {
    pub options: Options,
    pub seed: u64,
    pub random_games: Option<usize>,
    pub mcts_games: Option<usize>,
    pub stride: Option<usize>,
}

impl KnowledgeRun {
    /// The check's default budget.
    pub const fn full(options: &'static str, seed: u64) -> KnowledgeRun {
        KnowledgeRun { options: Options(options), seed, random_games: None, mcts_games: None, stride: None }
    }
    /// A smaller budget: `random_games` games, `mcts_games` with MCTS, worlds every `stride` steps.
    pub const fn fewer(
        options: &'static str,
        seed: u64,
        random_games: usize,
        mcts_games: usize,
        stride: usize,
    ) -> KnowledgeRun {
        KnowledgeRun {
            options: Options(options),
            seed,
            random_games: Some(random_games),
            mcts_games: Some(mcts_games),
            stride: Some(stride),
        }
    }
}
