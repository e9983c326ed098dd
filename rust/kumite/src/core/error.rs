use crate::core::{Action, ProblemKind};

/// One problem found in a card or content file, as [`GameError::CardData`] reports it: its
/// kind, where it is and what is wrong (`ProblemList::in_file` collects them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardProblem {
    pub kind: ProblemKind,
    pub file: String,
    /// The card (or character, stage…) id, or empty when the problem is with the file itself.
    pub card: String,
    pub field: String,
    pub reason: String,
}

impl std::fmt::Display for CardProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file)?;
        if !self.card.is_empty() {
            write!(f, ": {}", self.card)?;
        }
        if !self.field.is_empty() {
            write!(f, ": field `{}`", self.field)?;
        }
        write!(f, ": {}", self.reason)
    }
}

/// Every error the engine reports. Bindings map each variant to its own exception type.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameError {
    #[error("unknown game {name:?}; known games: {known}")]
    UnknownGame { name: String, known: String },
    #[error("invalid option {option:?}: {reason}")]
    InvalidOption { option: String, reason: String },
    #[error("illegal action {action} ({text}); legal actions: {legal:?}")]
    IllegalAction { action: i64, text: String, legal: Vec<Action> },
    #[error("no legal action reads {text:?}; legal actions: {legal:?}")]
    UnknownActionText { text: String, legal: Vec<String> },
    #[error("player {player} does not exist (this game's players are 0 to {})", .num_players.saturating_sub(1))]
    InvalidPlayer { player: i64, num_players: usize },
    /// `problems` lists every problem found, one sentence each (a loaded state's checks report
    /// all of them at once); `reason` is them joined with "; ".
    #[error("cannot read state: {reason}")]
    Deserialization { reason: String, problems: Vec<String> },
    #[error("this network was made for another {field}: the game has {expected}, the network {found}")]
    NetMismatch { field: String, expected: String, found: String },
    #[error("invalid card data:\n{}", .problems.iter().map(|p| format!("  {p}")).collect::<Vec<_>>().join("\n"))]
    CardData { problems: Vec<CardProblem> },
}

impl GameError {
    pub fn option(option: impl Into<String>, reason: impl Into<String>) -> Self {
        GameError::InvalidOption { option: option.into(), reason: reason.into() }
    }
    pub fn deserialization(reason: impl Into<String>) -> Self {
        let reason = reason.into();
        GameError::Deserialization { problems: vec![reason.clone()], reason }
    }
    /// A state that breaks the rules' invariants: every problem the checks found.
    pub fn invalid_state(problems: Vec<String>) -> Self {
        GameError::Deserialization { reason: problems.join("; "), problems }
    }
}
