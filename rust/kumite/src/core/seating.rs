/// A configuration for the seat-fairness check ([`crate::core::Game::seatings`]): options to
/// play with, and how the seats are grouped. In a mirror every seat plays the same character,
/// samurai, deck or party, so no seat may win more often than another unless a rule says so.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Seating {
    /// What it is, for tables: "2 players, Old Master against Old Master".
    pub name: String,
    /// Options set over the game's own; the others (a `content_dir` among them) stay.
    pub options: serde_json::Map<String, serde_json::Value>,
    /// Whether every seat plays the same: only a mirror's win shares are checked; other
    /// seatings (a game's default pairing) are measured for the table.
    pub mirror: bool,
    /// The side of each seat: teammates share one and win together. Empty: each seat its own.
    pub sides: Vec<usize>,
    /// The edge the rules give some seats here, if any.
    pub edge: Option<SeatEdge>,
}

/// A seat edge the rules give, with its measured size.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SeatEdge {
    /// The rule that gives it, by clause and words: "SJ-7.4: the higher advantage resolves first".
    pub rule: String,
    /// Each seat's win share (draws half) in uniformly random games, as measured.
    pub random_shares: Vec<f64>,
}

impl Seating {
    /// A mirror of these options, each seat its own side, no edge.
    pub fn mirror(name: impl Into<String>, options: serde_json::Value) -> Seating {
        Seating {
            name: name.into(),
            options: options.as_object().cloned().unwrap_or_default(),
            mirror: true,
            sides: Vec::new(),
            edge: None,
        }
    }
}
