//! The browser viewer's drawing data, typed (`docs/viewer.md`, "The view vocabulary"): each
//! game's `State::view` builds a [`Scene`], so the four games emit one shape and a key cannot
//! be misspelt in one of them. A card's `face` stays free-form JSON: each face layout is its
//! game's own drawing data, documented per layout.

use serde::Serialize;
use serde_json::Value;

fn strings<S: Into<String>>(items: impl IntoIterator<Item = S>) -> Vec<String> {
    items.into_iter().map(Into::into).collect()
}

/// One viewpoint's drawing data: where the game stands, the players, the board and the cards.
#[derive(Clone, Debug, Serialize)]
pub struct Scene {
    kind: &'static str,
    pub title: String,
    pub status: String,
    pub to_move: Option<usize>,
    /// `None` while playing; at the end one line such as "P0 Kaito wins the match".
    pub result: Option<String>,
    pub players: Vec<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Board>,
    pub zones: Vec<Zone>,
    pub info: Vec<Info>,
}

impl Scene {
    pub fn new(title: impl Into<String>, status: impl Into<String>, to_move: Option<usize>) -> Scene {
        Scene {
            kind: "scene",
            title: title.into(),
            status: status.into(),
            to_move,
            result: None,
            players: Vec::new(),
            board: None,
            zones: Vec::new(),
            info: Vec::new(),
        }
    }

    /// The scene as the JSON `State::view` returns.
    pub fn into_json(self) -> Value {
        serde_json::to_value(self).expect("a scene is plain data")
    }
}

/// A player: name, chips and stats (a stat with a `max` is drawn as a bar).
#[derive(Clone, Debug, Serialize)]
pub struct Player {
    pub id: usize,
    pub name: String,
    pub tags: Vec<String>,
    pub stats: Vec<Stat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph: Option<Graph>,
}

impl Player {
    pub fn new(id: usize, name: impl Into<String>, tags: impl IntoIterator<Item = impl Into<String>>) -> Player {
        Player { id, name: name.into(), tags: strings(tags), stats: Vec::new(), graph: None }
    }
    pub fn stat(mut self, stat: Stat) -> Player {
        self.stats.push(stat);
        self
    }
}

/// A number of a player's; `key` is the same for one kind of stat in every state (tests and
/// styles find stats by it).
#[derive(Clone, Debug, Serialize)]
pub struct Stat {
    pub key: &'static str,
    pub label: &'static str,
    pub value: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
}

impl Stat {
    pub fn new(key: &'static str, label: &'static str, value: impl Into<i64>) -> Stat {
        Stat { key, label, value: value.into(), max: None }
    }
    pub fn max(mut self, max: impl Into<i64>) -> Stat {
        self.max = Some(max.into());
        self
    }
}

/// A graph drawn beside a player's stats (Senjutsu's kamae tree): `links` are pairs of node
/// indices; the `current` node is ringed.
#[derive(Clone, Debug, Serialize)]
pub struct Graph {
    pub title: &'static str,
    pub nodes: Vec<GraphNode>,
    pub links: Vec<[usize; 2]>,
}

#[derive(Clone, Debug, Serialize)]
pub struct GraphNode {
    pub label: String,
    pub group: &'static str,
    pub current: bool,
}

/// A labelled row of cards; one with an `owner` is drawn under that player. A `pile` draws only
/// its `count` (and its cards, if given, behind a toggle).
#[derive(Clone, Debug, Serialize)]
pub struct Zone {
    pub id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    pub cards: Vec<Card>,
}

impl Zone {
    /// A shared zone.
    pub fn table(id: impl Into<String>, name: impl Into<String>, cards: Vec<Card>) -> Zone {
        Zone { id: id.into(), name: name.into(), owner: None, layout: None, count: None, cards }
    }
    /// Player `owner`'s zone `p<owner>.<id>`.
    pub fn of(owner: usize, id: &str, name: impl Into<String>, cards: Vec<Card>) -> Zone {
        Zone { owner: Some(owner), ..Zone::table(format!("p{owner}.{id}"), name, cards) }
    }
    /// Drawn as a pile of `count` cards.
    pub fn pile(mut self, count: usize) -> Zone {
        self.layout = Some("pile");
        self.count = Some(count);
        self
    }
}

/// A card: shown, a back the viewer may not see through (`hidden`), or an open slot (`empty`).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Card {
    Shown(Shown),
    Hidden {
        hidden: bool,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        tags: Vec<String>,
    },
    Empty {
        empty: bool,
    },
}

impl Card {
    pub fn shown(name: impl Into<String>, text: impl Into<String>, color: &'static str) -> Shown {
        Shown { name: name.into(), text: text.into(), words: None, color, tags: Vec::new(), face: None, why_not: None }
    }
    pub fn hidden(tags: impl IntoIterator<Item = impl Into<String>>) -> Card {
        Card::Hidden { hidden: true, tags: strings(tags) }
    }
    pub fn empty() -> Card {
        Card::Empty { empty: true }
    }
}

/// A card the viewer sees: its name, its compact `text` (or, with a `face`, the printed card
/// as data), its text in `words` where the game writes them, a colour the stylesheet knows,
/// chips, and for its holder `why_not`: what its own rules say about when it cannot be chosen.
#[derive(Clone, Debug, Serialize)]
pub struct Shown {
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    #[serde(skip_serializing_if = "str::is_empty")]
    pub color: &'static str,
    pub tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_not: Option<String>,
}

impl Shown {
    pub fn tags(mut self, tags: impl IntoIterator<Item = impl Into<String>>) -> Shown {
        self.tags = strings(tags);
        self
    }
    pub fn words(mut self, words: String) -> Shown {
        self.words = Some(words);
        self
    }
    pub fn face(mut self, face: Value) -> Shown {
        self.face = Some(face);
        self
    }
    pub fn why_not(mut self, why: Option<String>) -> Shown {
        self.why_not = why;
        self
    }
}

impl From<Shown> for Card {
    fn from(shown: Shown) -> Card {
        Card::Shown(shown)
    }
}

/// A label/value row (round, timers, piles…).
#[derive(Clone, Debug, Serialize)]
pub struct Info {
    pub label: String,
    pub value: String,
}

impl Info {
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Info {
        Info { label: label.into(), value: value.into() }
    }
}

/// The board: hexes in axial coordinates, or a grid of labelled cells holding items.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Board {
    Hex { cells: Vec<HexCell>, pieces: Vec<Piece> },
    Grid { rows: Vec<&'static str>, cols: Vec<&'static str>, cells: Vec<GridCell> },
}

/// A hex of the floor: `terrain` a name the stylesheet knows, `label` a short mark.
#[derive(Clone, Debug, Serialize)]
pub struct HexCell {
    pub q: i8,
    pub r: i8,
    pub terrain: &'static str,
    pub label: String,
}

/// A player's figure on a hex board, facing in sixths of a turn clockwise from east.
#[derive(Clone, Debug, Serialize)]
pub struct Piece {
    pub q: i8,
    pub r: i8,
    pub player: usize,
    pub label: String,
    pub name: String,
    pub facing: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    pub tags: Vec<String>,
}

/// A cell of a grid board and what stands in it.
#[derive(Clone, Debug, Serialize)]
pub struct GridCell {
    pub row: u8,
    pub col: u8,
    pub label: String,
    pub items: Vec<GridItem>,
}

/// A figure or marker in a grid cell: `kind` (`fighter`, `enemy`, `boss`, `marker`) picks its
/// style; `player` for a player's figure, `group` for the group it belongs to.
#[derive(Clone, Debug, Serialize)]
pub struct GridItem {
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<usize>,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub text: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}
