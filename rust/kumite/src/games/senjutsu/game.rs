//! The configured game every file of the folder reads: the options, the content in play with
//! each seat's samurai and deck, the battlefield and the teams, the constructor that checks
//! them, and what follows from them (the utility, the seatings, a decklist's check).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::cards::CardId;
use crate::core::{GameError, ProblemKind, ProblemList, Seating, Utility};
use crate::games::senjutsu::content::{self, CardType, Content, Instant, MAX_KINDS};

/// The most seats a game has (`players`, SJ-1.1); the state's per-seat arrays are this long.
pub const MAX_PLAYERS: usize = 4;

const DEFAULT_SAMURAI: [&str; 4] = ["old_master", "eager_student", "wanderer", "spear_captain"];

/// A deck for one seat: the samurai's preset, another samurai's preset, or 40 card ids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckChoice {
    Preset(String),
    Cards(Vec<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Setup {
    Choose,
    Fixed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeclareOrder {
    LowFirst,
    HighFirst,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SenjutsuOptions {
    pub players: u8,
    pub samurai: Vec<String>,
    pub decks: Vec<Option<DeckChoice>>,
    pub battlefield: String,
    pub teams: Option<Vec<u8>>,
    pub setup: Setup,
    pub declare_order: DeclareOrder,
    pub friendly_fire: bool,
    pub content_dir: Option<String>,
}

impl Default for SenjutsuOptions {
    fn default() -> Self {
        SenjutsuOptions {
            players: 2,
            samurai: Vec::new(),
            decks: Vec::new(),
            battlefield: "river_ford".into(),
            teams: None,
            setup: Setup::Choose,
            declare_order: DeclareOrder::HighFirst,
            friendly_fire: false,
            content_dir: None,
        }
    }
}

/// A configured Senjutsu game: options, content, each seat's samurai and deck, the battlefield.
#[derive(Clone, Debug)]
pub struct Senjutsu {
    pub options: SenjutsuOptions,
    pub content: Arc<Content>,
    pub seats: Vec<usize>,
    pub decks: Vec<Vec<CardId>>,
    pub battlefield: usize,
    pub teams: [u8; MAX_PLAYERS],
    /// The hand listings' filters by the card alone, as sets of card kinds, worked out by `new`
    /// from the content (`with_content` works them out again for a changed content).
    pub(crate) kinds: KindSets,
}

/// Words of a set of card kinds, one bit a kind.
pub(crate) const KIND_WORDS: usize = MAX_KINDS / 64;

/// Sets of card kinds read by the hand listings (`distinct_hand`): a listing marks the kinds in
/// the hand and looks up only those in its set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KindSets {
    /// Per kamae zone (`Zone as usize`), the kinds selectable there: no instant (played only
    /// onto a selected card, SJ-12.1), and no required zone or this one (SJ-9.3).
    pub select: [[u64; KIND_WORDS]; 4],
    /// The kinds that may be discarded down to the hand limit (SJ-13.9): attack, defense and
    /// meditation cards; never the core card (SJ-3.6) or a stun card (SJ-11.2).
    pub discard: [u64; KIND_WORDS],
    /// Instant cards: those an instant listing goes on to test against the played card.
    pub instant: [u64; KIND_WORDS],
    /// Per kamae zone, the attack cards usable there: those an evade listing goes on to test
    /// against the attack's speed (SJ-7.6).
    pub attack: [[u64; KIND_WORDS]; 4],
}

impl KindSets {
    fn of(content: &Content) -> KindSets {
        let mut sets = KindSets {
            select: [[0; KIND_WORDS]; 4],
            discard: [0; KIND_WORDS],
            instant: [0; KIND_WORDS],
            attack: [[0; KIND_WORDS]; 4],
        };
        for (k, c) in content.cards.iter().enumerate() {
            let bit = 1u64 << (k % 64);
            for z in 0..4 {
                if c.requires.is_none_or(|r| r as usize == z) {
                    if c.instant == Instant::None {
                        sets.select[z][k / 64] |= bit;
                    }
                    if c.ty == CardType::Attack {
                        sets.attack[z][k / 64] |= bit;
                    }
                }
            }
            if c.instant != Instant::None {
                sets.instant[k / 64] |= bit;
            }
            if matches!(c.ty, CardType::Attack | CardType::Defense | CardType::Meditation) {
                sets.discard[k / 64] |= bit;
            }
        }
        sets
    }
}

fn read_content_dir(content: &mut Content, dir: &str) -> Result<(), GameError> {
    let [cards, samurai, battlefields] = crate::cards::content_folder(dir, ["cards", "samurai", "battlefields"])?;
    for (name, text) in cards {
        content.add_cards(&name, &text)?;
    }
    for (name, text) in samurai {
        content.add_samurai(&name, &text)?;
    }
    for (name, text) in battlefields {
        content.add_battlefields(&name, &text)?;
    }
    content.check_owners()
}

impl Senjutsu {
    pub fn new(options: SenjutsuOptions) -> Result<Senjutsu, GameError> {
        let check = |ok: bool, option: &str, reason: String| {
            if ok {
                Ok(())
            } else {
                Err(GameError::option(option, reason))
            }
        };
        let n = usize::from(options.players);
        check((2..=4).contains(&n), "players", "must be 2, 3 or 4".into())?;
        let mut content = Content::builtin();
        if let Some(dir) = &options.content_dir {
            read_content_dir(&mut content, dir)?;
        }
        let keys: Vec<String> = if options.samurai.is_empty() {
            DEFAULT_SAMURAI[..n].iter().map(|s| s.to_string()).collect()
        } else {
            options.samurai.clone()
        };
        check(keys.len() == n, "samurai", format!("{} samurai for {n} players", keys.len()))?;
        let known = || content.samurai.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ");
        let mut seats = Vec::new();
        for k in &keys {
            seats.push(
                content.samurai_by_id(k).ok_or_else(|| {
                    GameError::option("samurai", format!("unknown samurai {k:?}; known: {}", known()))
                })?,
            );
        }
        check(
            options.decks.is_empty() || options.decks.len() == n,
            "decks",
            format!("{} decks for {n} players", options.decks.len()),
        )?;
        let mut decks = Vec::new();
        for (seat, &s) in seats.iter().enumerate() {
            let deck = match options.decks.get(seat).cloned().flatten() {
                None => content.samurai[s].deck.clone(),
                Some(DeckChoice::Preset(k)) => {
                    let i = content.samurai_by_id(&k).ok_or_else(|| {
                        GameError::option("decks", format!("seat {seat}: no preset deck {k:?}; known: {}", known()))
                    })?;
                    content.preset_for(i, s).map_err(|e| GameError::option("decks", format!("seat {seat}: {e}")))?
                }
                Some(DeckChoice::Cards(list)) => content
                    .cards_by_id(&list)
                    .map_err(|unknown| GameError::option("decks", format!("seat {seat}: unknown cards {unknown:?}")))?,
            };
            content
                .validate_deck(s, &deck)
                .map_err(|e| GameError::option("decks", format!("seat {seat} ({}): {e}", content.samurai[s].id)))?;
            decks.push(deck);
        }
        let battlefield = content.battlefield_by_id(&options.battlefield).ok_or_else(|| {
            let known: Vec<_> = content.battlefields.iter().map(|b| b.id.as_str()).collect();
            GameError::option(
                "battlefield",
                format!("unknown battlefield {:?}; known: {}", options.battlefield, known.join(", ")),
            )
        })?;
        check(
            content.battlefields[battlefield].starts.len() >= n,
            "battlefield",
            format!("{} has fewer than {n} start hexes", options.battlefield),
        )?;
        let mut teams = [0, 1, 2, 3];
        if let Some(t) = &options.teams {
            check(t.len() == n, "teams", format!("{} team numbers for {n} players", t.len()))?;
            check(t.iter().all(|&x| usize::from(x) < n), "teams", format!("team numbers are 0..{n}"))?;
            let mut distinct = t.clone();
            distinct.sort_unstable();
            distinct.dedup();
            check(distinct.len() >= 2, "teams", "at least two teams".into())?;
            teams[..n].copy_from_slice(t);
        }
        let kinds = KindSets::of(&content);
        Ok(Senjutsu { options, content: Arc::new(content), seats, decks, battlefield, teams, kinds })
    }

    /// The same match with its content changed (tests that rewrite a card).
    pub fn with_content(self, content: Content) -> Senjutsu {
        Senjutsu { kinds: KindSets::of(&content), content: Arc::new(content), ..self }
    }

    pub fn n(&self) -> usize {
        usize::from(self.options.players)
    }
    pub fn samurai(&self, seat: usize) -> &content::Samurai {
        &self.content.samurai[self.seats[seat]]
    }
    pub fn battlefield(&self) -> &content::Battlefield {
        &self.content.battlefields[self.battlefield]
    }
    pub fn enemies(&self, a: usize, b: usize) -> bool {
        self.teams[a] != self.teams[b]
    }
}

/// A deck as the `decks` option takes 40 card ids (SJ-4.1, SJX-12), built for the samurai
/// `character` names: its signature cards are its own. Senjutsu has no sideboard.
pub(crate) fn validate_deck(
    game: &Senjutsu,
    cards: &[String],
    sideboard: &[String],
    character: Option<&str>,
) -> Result<(), GameError> {
    let mut p = ProblemList::in_file("decklist");
    if !sideboard.is_empty() {
        p.add_card(ProblemKind::Invalid, "decklist", "sideboard", "Senjutsu has no sideboard");
    }
    let samurai = match character {
        None => {
            p.add_card(
                ProblemKind::Invalid,
                "decklist",
                "character",
                "name the samurai the deck is for (its signature cards are its own)",
            );
            None
        }
        Some(k) => {
            let found = game.content.samurai_by_id(k);
            p.require_card(found.is_some(), ProblemKind::UnknownId, k, "character", || format!("no samurai {k:?}"));
            found
        }
    };
    match game.content.cards_by_id(cards) {
        Err(unknown) => unknown.iter().for_each(|k| p.add_card(ProblemKind::UnknownId, k, "cards", "no such card")),
        Ok(deck) => {
            for problem in samurai.map(|s| game.content.deck_problems(s, &deck)).unwrap_or_default() {
                p.add_card(ProblemKind::Invalid, "decklist", "cards", problem);
            }
        }
    }
    p.into_result()
}

/// SJ-2.2: +1 for the side left standing, −1 for the others (0 for a last common fall), so
/// two sides of equal size add up to zero; one winner among three does not.
pub(crate) fn utility(game: &Senjutsu) -> Utility {
    let teams = &game.teams[..game.n()];
    let size = |team: u8| teams.iter().filter(|&&t| t == team).count();
    let second = teams.iter().find(|&&t| t != teams[0]).map_or(0, |&t| size(t));
    if size(teams[0]) == second && 2 * second == teams.len() {
        Utility::ZeroSum
    } else {
        Utility::GeneralSum
    }
}

/// The samurai configured; each samurai of the content against itself; the first one on
/// three and four seats, free-for-all, and on four seats in two teams.
pub(crate) fn seatings(game: &Senjutsu) -> Vec<Seating> {
    use serde_json::json;
    let keys: Vec<&str> = game.seats.iter().map(|&s| game.content.samurai[s].id.as_str()).collect();
    let mut out = Vec::new();
    if keys.iter().any(|k| *k != keys[0]) {
        let title = format!("{} players, {}", keys.len(), keys.join(" against "));
        out.push(Seating { mirror: false, ..Seating::mirror(title, json!({})) });
    }
    let mirror = |n: usize, k: &str, teams: bool| {
        let options = json!({
            "players": n,
            "samurai": vec![k; n],
            "decks": [],
            "teams": if teams { json!([0, 1, 0, 1]) } else { json!(null) },
        });
        let title = match (n, teams) {
            (2, _) => format!("2 players, {k} against {k}"),
            (_, false) => format!("{n} players, {k} on every seat, free-for-all"),
            (_, true) => format!("{n} players, {k} on every seat, teams 0+2 against 1+3"),
        };
        let sides = if teams { vec![0, 1, 0, 1] } else { Vec::new() };
        Seating { sides, ..Seating::mirror(title, options) }
    };
    for s in &game.content.samurai {
        out.push(mirror(2, &s.id, false));
    }
    if let Some(first) = game.content.samurai.first() {
        out.extend([mirror(3, &first.id, false), mirror(4, &first.id, false), mirror(4, &first.id, true)]);
    }
    out
}

/// What Senjutsu says about itself (`core::GameInfo`).
pub const INFO: crate::core::GameInfo = {
    use crate::core::{BalancePlan, BalanceTable::*, Conformance, GameInfo, KnowledgeRun, Mark, Options};
    use crate::core::{SecretsRun, Setting::*, Utility};
    GameInfo {
        name: "senjutsu",
        display_name: "Senjutsu",
        min_players: 2,
        max_players: 4,
        utility: Utility::ZeroSum,
        default_bots: &["mcts:100"],
        balance: BalancePlan {
            tables: &[
                Matrix {
                    name: "samurai",
                    title: "Samurai against samurai, 2 players, each with its preset deck",
                    noun: "samurai",
                    content: "samurai",
                    option: "samurai",
                    fixed: Options(r#"{"players": 2, "decks": [], "teams": null}"#),
                    alternate: None,
                },
                // The game's own mirrors of the content's first samurai, for 2, 3 and 4 players
                // free-for-all and 4 players in teams 0+2 against 1+3.
                Seats { name: "seats", content: "samurai" },
            ],
            cooperative: false,
            first_option: None,
            campaign: None,
        },
        // Its heuristic guides a weaker search than its playouts, so Tekken's recipe lost here
        // (docs/agents.md, "Senjutsu's and UFS's recipe"): rollout-valued self-play; priors and
        // the value mix measured level with it (38 vs 33 %, within the noise).
        recipe: &[("simulations", Int(32))],
        legend: &[
            Mark::terrain("blocked", "#", "blocked: no entry", false),
            Mark::terrain("water", "~", "water: no entry", false),
            Mark::terrain("forest", "T", "trees: no entry", false),
            Mark::label(
                "S",
                "S",
                "start hex: a samurai sets up on it or on a hex next to it, unless an opponent set up by that start hex (SJ-4.6)",
            ),
        ],
        // Selections and over-the-limit discards are secret decisions.
        conformance: Conformance {
            secrets: &[
                SecretsRun { options: Options("{}"), games: 10, more_than: Some(100) },
                SecretsRun { options: Options(r#"{"players": 3}"#), games: 3, more_than: Some(50) },
                SecretsRun { options: Options(r#"{"players": 4, "teams": [0, 1, 0, 1]}"#), games: 3, more_than: Some(50) },
            ],
            layouts: &[Options(r#"{"players": 2}"#), Options(r#"{"players": 3}"#), Options(r#"{"players": 4}"#)],
            knowledge: &[
                KnowledgeRun::full(r#"{"players": 2}"#, 2),
                KnowledgeRun::fewer(r#"{"players": 3}"#, 3, 3, 0, 5),
                KnowledgeRun::fewer(r#"{"players": 4, "teams": [0, 1, 0, 1]}"#, 4, 3, 0, 5),
            ],
            seats_seed: Some(2),
        },
    }
};
