//! The configured match every file of the folder reads: the options, the content in play with
//! each player's deck, character card and sideboard, the symbols `Infinity` stands for, the
//! action id space sized from the decks, the constructor that checks them, and the match's bounds.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::cards::CardId;
use crate::core::{GameError, ProblemList, Seating, MAX_LEGAL_ACTIONS};
use crate::games::ufs::content::{self, Content, Kind, Symbol, Trigger, MAX_ABILITIES};

/// A deck given by preset name or as a list of card ids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckChoice {
    Preset(String),
    List(Vec<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SymbolMatch {
    Any,
    Every,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UfsOptions {
    pub decks: [DeckChoice; 2],
    pub characters: [Option<String>; 2],
    pub sideboards: [Option<Vec<String>>; 2],
    pub first_player: Option<u8>,
    pub infinity: [Option<Symbol>; 2],
    pub symbol_match: SymbolMatch,
    /// The turn-limit variant (UFX-8); `None`, the seed's game, has no limit.
    pub max_turns: Option<u16>,
    pub content_dir: Option<String>,
}

impl Default for UfsOptions {
    fn default() -> Self {
        UfsOptions {
            decks: [DeckChoice::Preset("brann".into()), DeckChoice::Preset("isolde".into())],
            characters: [None, None],
            sideboards: [None, None],
            first_player: None,
            infinity: [None, None],
            symbol_match: SymbolMatch::Any,
            max_turns: None,
            content_dir: None,
        }
    }
}

/// A configured UFS game: options, content, and each player's resolved deck.
#[derive(Clone, Debug)]
pub struct Ufs {
    pub options: UfsOptions,
    pub content: Arc<Content>,
    /// Each player's deck without its starting character.
    pub decks: [Vec<CardId>; 2],
    pub characters: [CardId; 2],
    pub sideboards: [Vec<CardId>; 2],
    pub infinity: [Symbol; 2],
    /// Per player, per card id: the card's symbols as a bit mask, Infinity replaced by the
    /// player's choice (UF-7.2).
    symbol_masks: [Vec<u16>; 2],
    /// Per player, per card id: what the card can be played as from the hand (`PLAY_*` bits),
    /// from its kind and abilities alone, so the listings look no card up.
    hand_plays: [Vec<u8>; 2],
    /// The distinct cards of both decks, in id order: the observation's card axis.
    pub universe: Vec<CardId>,
    universe_index: Vec<u16>,
    /// Each card's one-line description, for views.
    pub texts: Vec<String>,
    /// The action id space, sized from the decks (UFX-11).
    pub ids: Ids,
}

/// The built-in content with `content_dir`'s `cards/*.toml`, then `decks/*.toml` (a deck names
/// cards of any file), added.
fn load_content(dir: Option<&str>) -> Result<Content, GameError> {
    let mut content = Content::builtin();
    let Some(dir) = dir else { return Ok(content) };
    let [cards, decks] = crate::cards::content_folder(dir, ["cards", "decks"])?;
    for (file, text) in cards {
        content.add_cards(&file, &text)?;
    }
    for (file, text) in decks {
        content.add_decks(&file, &text)?;
    }
    Ok(content)
}

impl Ufs {
    pub fn new(options: UfsOptions) -> Result<Ufs, GameError> {
        if options.first_player.is_some_and(|p| p > 1) {
            return Err(GameError::option("first_player", "must be 0, 1 or null"));
        }
        if options.max_turns.is_some_and(|m| !(2..=1000).contains(&m)) {
            return Err(GameError::option("max_turns", "must be in 2..=1000, or null for no turn limit"));
        }
        if options.infinity.iter().flatten().any(|&s| s == Symbol::Infinity) {
            return Err(GameError::option("infinity", "Infinity stands for one of the 12 symbols, not itself"));
        }
        let content = load_content(options.content_dir.as_deref())?;
        let mut decks: [Vec<CardId>; 2] = [Vec::new(), Vec::new()];
        let mut characters = [CardId(0); 2];
        let mut sideboards: [Vec<CardId>; 2] = [Vec::new(), Vec::new()];
        for p in 0..2 {
            let mut problems = ProblemList::in_file(format!("decks[{p}]"));
            let wanted_char = options.characters[p].as_deref();
            let resolved = match &options.decks[p] {
                DeckChoice::Preset(name) => {
                    let preset = content.deck(name).ok_or_else(|| {
                        let known: Vec<&str> = content.decks.iter().map(|d| d.id.as_str()).collect();
                        GameError::option("decks", format!("unknown preset deck {name:?}; known: {}", known.join(", ")))
                    })?;
                    let mut list: Vec<String> = vec![content.card(preset.character).id.clone()];
                    list.extend(preset.cards.iter().map(|&c| content.card(c).id.clone()));
                    let side: Vec<String> = match &options.sideboards[p] {
                        Some(s) => s.clone(),
                        None => preset.sideboard.iter().map(|&c| content.card(c).id.clone()).collect(),
                    };
                    let ch = wanted_char.unwrap_or(&content.card(preset.character).id).to_string();
                    content.check_deck(&list, &side, Some(&ch), name, &mut problems)
                }
                DeckChoice::List(list) => {
                    let side = options.sideboards[p].clone().unwrap_or_default();
                    content.check_deck(list, &side, wanted_char, &format!("decks[{p}]"), &mut problems)
                }
            };
            problems.into_result()?;
            let (ch, deck, side) = resolved.ok_or_else(|| GameError::option("decks", "deck could not be resolved"))?;
            characters[p] = ch;
            decks[p] = deck;
            sideboards[p] = side;
        }
        let infinity = [0, 1].map(|p| {
            options.infinity[p].unwrap_or_else(|| {
                content
                    .card(characters[p])
                    .symbols
                    .iter()
                    .copied()
                    .find(|&s| s != Symbol::Infinity)
                    .unwrap_or(Symbol::All)
            })
        });
        let symbol_masks = [0, 1].map(|p| {
            content
                .cards
                .iter()
                .map(|c| {
                    c.symbols
                        .iter()
                        .fold(0u16, |m, &s| m | if s == Symbol::Infinity { infinity[p].bit() } else { s.bit() })
                })
                .collect()
        });
        let hand_plays = [0, 1].map(|p| {
            let person = &content.card(characters[p]).person;
            content.cards.iter().map(|c| hand_play(c, person)).collect()
        });
        let mut universe: Vec<CardId> = decks.iter().flatten().chain(characters.iter()).copied().collect();
        universe.sort_unstable();
        universe.dedup();
        let mut universe_index = vec![u16::MAX; content.cards.len()];
        for (i, c) in universe.iter().enumerate() {
            universe_index[usize::from(c.0)] = i as u16;
        }
        let ids = action_space(&content, &decks)?;
        let texts = content.cards.iter().map(|c| c.describe()).collect();
        Ok(Ufs {
            texts,
            options,
            content: Arc::new(content),
            decks,
            characters,
            sideboards,
            infinity,
            symbol_masks,
            hand_plays,
            universe,
            universe_index,
            ids,
        })
    }

    pub fn max_vitality(&self, p: usize) -> u8 {
        self.content.card(self.characters[p]).vitality
    }
    pub fn hand_size(&self, p: usize) -> u8 {
        self.content.card(self.characters[p]).hand_size
    }
    #[inline]
    pub fn symbols(&self, p: usize, card: CardId) -> u16 {
        self.symbol_masks[p][usize::from(card.0)]
    }
    /// `card`'s `PLAY_*` bits for player `p`.
    #[inline]
    pub(crate) fn hand_play(&self, p: usize, card: CardId) -> u8 {
        self.hand_plays[p][usize::from(card.0)]
    }
    /// The card's index on the observation's card axis.
    pub fn universe_index(&self, card: CardId) -> usize {
        usize::from(self.universe_index[usize::from(card.0)])
    }
}

/// A hand card `p` can play in its combat phase, symbols aside (UF-5.2): a foundation, asset or
/// attack; a copy of its own character's person (UF-11.3); an action with a play ability.
pub(crate) const PLAY_FORM: u8 = 1;
/// An action card with an enhance ability for its user's own attack (or for any attack).
pub(crate) const PLAY_ENHANCE_OWN: u8 = 2;
/// An action card with an enhance ability for the attack against its user (or for any).
pub(crate) const PLAY_ENHANCE_AGAINST: u8 = 4;

/// `card`'s `PLAY_*` bits for a player whose character is `person`.
fn hand_play(card: &content::Card, person: &str) -> u8 {
    let form = match card.kind {
        Kind::Foundation | Kind::Asset | Kind::Attack => true,
        Kind::Character => card.person == person,
        Kind::Action => card.abilities.iter().any(|a| a.trigger == Trigger::Play),
    };
    let enhance = |user_attacks: bool| {
        card.kind == Kind::Action
            && card
                .abilities
                .iter()
                .any(|a| a.trigger == Trigger::Enhance && a.attack.is_none_or(|w| w.fits(user_attacks)))
    };
    u8::from(form) * PLAY_FORM
        + u8::from(enhance(true)) * PLAY_ENHANCE_OWN
        + u8::from(enhance(false)) * PLAY_ENHANCE_AGAINST
}

/// Where each kind of action starts in the id space of one game. Ability sources: staging slot
/// `k` is `k`, character row entry `k` is `char_source + k`, the attack card in the pool is
/// `attack_source`; commit source `char_source` is the character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ids {
    pub char_source: usize,
    pub attack_source: usize,
    pub(super) block: usize,
    pub(super) discard: usize,
    pub(super) use_: usize,
    pub(super) commit: usize,
    pub(super) pass: usize,
    pub(super) mulligan: usize,
    pub(super) momentum: usize,
    pub count: usize,
}

impl Ids {
    /// For hands of up to `hand` cards, `staging` staged cards and a character row of `chars`.
    pub fn new(hand: usize, staging: usize, chars: usize) -> Ids {
        let char_source = staging;
        let attack_source = staging + chars;
        let block = hand;
        let discard = block + hand;
        let use_ = discard + hand;
        let commit = use_ + (attack_source + 1) * MAX_ABILITIES;
        let pass = commit + staging + 1;
        let mulligan = pass + 1;
        let momentum = mulligan + 2;
        Ids { char_source, attack_source, block, discard, use_, commit, pass, mulligan, momentum, count: momentum + 2 }
    }
}

/// The action ids for these decks (UFX-11): hands of a whole deck, a staging area of every
/// foundation and asset, a character row of every character card. Refused only past what a
/// `u16` action id or the legal-action list can hold (decks of thousands of cards): no
/// preset or table-sized deck comes near.
fn action_space(content: &Content, decks: &[Vec<CardId>; 2]) -> Result<Ids, GameError> {
    let of = |d: &[CardId], kinds: &[Kind]| d.iter().filter(|&&c| kinds.contains(&content.card(c).kind)).count();
    let distinct = |d: &[CardId], kinds: &[Kind]| {
        let mut v: Vec<CardId> = d.iter().copied().filter(|&c| kinds.contains(&content.card(c).kind)).collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    const STAGED: [Kind; 2] = [Kind::Foundation, Kind::Asset];
    const ALL: [Kind; 5] = [Kind::Foundation, Kind::Asset, Kind::Attack, Kind::Action, Kind::Character];
    let hand = decks.iter().map(Vec::len).max().unwrap_or(0);
    let staging = decks.iter().map(|d| of(d, &STAGED)).max().unwrap_or(0);
    let chars = decks.iter().map(|d| 1 + of(d, &[Kind::Character])).max().unwrap_or(1);
    let ids = Ids::new(hand, staging, chars);
    if ids.count > usize::from(u16::MAX) + 1 {
        return Err(GameError::option(
            "decks",
            format!(
                "these decks need {} action ids, past the {} an action id can name",
                ids.count,
                u16::MAX as usize + 1
            ),
        ));
    }
    // The most actions one decision offers: a play per distinct hand card; a use per ability of
    // each distinct staged card in each of its 4 usable mark states (committed or not, used in
    // the other window or not) and of each character row entry and the attack card; a pass.
    for (p, d) in decks.iter().enumerate() {
        let most = distinct(d, &ALL) + 4 * distinct(d, &STAGED) * MAX_ABILITIES + (chars + 1) * MAX_ABILITIES + 1;
        if most > MAX_LEGAL_ACTIONS {
            return Err(GameError::option(
                "decks",
                format!(
                    "decks[{p}] could offer {most} actions in one decision, past the {MAX_LEGAL_ACTIONS} a legal-action list holds"
                ),
            ));
        }
    }
    Ok(ids)
}

/// Upper bound on the cards that leave a deck of `d` cards in one game: they leave only by draws
/// and check flips and come back only by relief, which removes 10 for good each time (UF-3.4),
/// so the deck yields at most d + (d - 10) + (d - 20) + … cards.
fn deck_yield(d: usize) -> usize {
    (0..=d / 10).map(|k| d - 10 * k).sum()
}

/// Upper bound on the actions of one turn (the proof is in `docs/rules/ufs.md`, "Game length").
/// Every check starts with a hand card put into a pool, and cards reach a hand only from the
/// opening hand or a deck, so the checks of one turn are at most both opening hands plus every card
/// the decks can yield; each check takes a play, its commits and an accepting pass. Form
/// abilities are used once per card in play per turn; in each attack (its card stays in the
/// pool, so at most a deck's worth of attacks) each source enhances at most once per side, each use or
/// enhance play is followed by at most one pass, then two passes, a block or no block. Then the
/// review step, the end of the combat phase and one momentum choice per attack.
fn turn_bound(game: &Ufs) -> usize {
    let ids = &game.ids;
    let staging = ids.char_source;
    let chars = ids.attack_source - ids.char_source;
    let pool = game.decks.iter().map(Vec::len).max().unwrap_or(0);
    let commits = staging + 1;
    let sources = ids.attack_source + 1;
    let checks =
        2 * usize::from(content::MAX_HAND_SIZE) + game.decks.iter().map(|d| deck_yield(d.len())).sum::<usize>();
    let per_attack = 2 * (2 * sources) + 2 + 1;
    1 + checks * (1 + commits + 1 + 1) + (staging + chars) + pool * per_attack + 1 + pool
}

/// With the turn limit off, the run's bound: the turns of the longest turn-limit variant.
const RUN_TURNS: usize = 1000;

/// The turns times the bound on one turn: `max_turns` with the variant, else the run's allowance.
pub(crate) fn max_game_length(game: &Ufs) -> usize {
    let turns = game.options.max_turns.map_or(RUN_TURNS, usize::from);
    2 + turns * turn_bound(game)
}

/// The deck rules (UF-2.1..UF-2.4): at least 60 cards, at most 4 copies of a card (deck and
/// sideboard together), a character card for the start (`character`, or the first listed), a
/// sideboard of 0 or exactly 8 cards; each problem names the card (or the deck) and the rule.
pub(crate) fn validate_deck(
    game: &Ufs,
    cards: &[String],
    sideboard: &[String],
    character: Option<&str>,
) -> Result<(), GameError> {
    let mut p = ProblemList::in_file("decklist");
    game.content.check_deck(cards, sideboard, character, "decklist", &mut p);
    p.into_result()
}

/// The decks configured, and each preset deck of the content against itgame. The first
/// player is a coin flip (UF-4.3, `first_player` null), so no seat has an edge.
pub(crate) fn seatings(game: &Ufs) -> Vec<Seating> {
    let o = &game.options;
    let mut out = Vec::new();
    if o.decks[0] != o.decks[1] || o.characters[0] != o.characters[1] || o.sideboards[0] != o.sideboards[1] {
        let name = |d: &DeckChoice| match d {
            DeckChoice::Preset(p) => p.clone(),
            DeckChoice::List(_) => "a deck list".into(),
        };
        let title = format!("{} against {}", name(&o.decks[0]), name(&o.decks[1]));
        out.push(Seating { mirror: false, ..Seating::mirror(title, serde_json::json!({})) });
    }
    for d in &game.content.decks {
        let d = &d.id;
        let options = serde_json::json!({ "decks": [d, d], "characters": [null, null], "sideboards": [null, null] });
        out.push(Seating::mirror(format!("{d} against {d}"), options));
    }
    out
}

/// What UFS says about itself (`core::GameInfo`).
pub const INFO: crate::core::GameInfo = {
    use crate::core::{BalancePlan, BalanceTable::Matrix, Conformance, GameInfo, KnowledgeRun, Options};
    use crate::core::{SecretsRun, Setting::*, Utility};
    GameInfo {
        name: "ufs",
        display_name: "Universal Fighting System",
        min_players: 2,
        max_players: 2,
        utility: Utility::ZeroSum,
        default_bots: &["mcts:100"],
        balance: BalancePlan {
            // Half of each pairing's games with each player first (UF-4.3 flips a coin): the
            // matrix and the first-player line come from the same games.
            tables: &[Matrix {
                name: "decks",
                title: "Preset deck against preset deck",
                noun: "deck",
                content: "decks",
                option: "decks",
                fixed: Options("{}"),
                alternate: Some(("first_player", &[0, 1])),
            }],
            cooperative: false,
            first_option: Some("first_player"),
            campaign: None,
        },
        // Rollout-valued self-play at 32 simulations guided by the latest priors for the first 45 % of
        // the run, then the network's own values at 64; half of each value target from the search
        // throughout. The shipped network ran the two stages as two commands (61 minutes of the first,
        // resumed for 75 of the second, one thread; `make agents GAMES=ufs AGENT_MINUTES=136.4
        // AGENT_THREADS=1` runs them as one): az:200 won 37 % against mcts:2000 (400 games), the first
        // stage's network 12 % (of 100). Its heuristic guides a weaker search than its playouts, so
        // Tekken's recipe lost here (docs/agents.md, "Senjutsu's and UFS's recipe", "Net-guided
        // self-play on Senjutsu and UFS").
        recipe: &[
            ("simulations", Int(64)),
            ("warmup", Float(0.45)),
            ("warmup_simulations", Int(32)),
            ("warmup_priors", Bool(true)),
            ("value_mix", Float(0.5)),
        ],
        legend: &[],
        // UFS has no hidden choice.
        conformance: Conformance {
            secrets: &[SecretsRun { options: Options("{}"), games: 5, more_than: None }],
            layouts: &[Options("{}")],
            knowledge: &[KnowledgeRun::fewer("{}", 0, 3, 0, 3)],
            seats_seed: Some(3),
        },
    }
};
