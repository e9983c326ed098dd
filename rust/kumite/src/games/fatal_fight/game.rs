//! The configured campaign every file of the folder reads: the options, the content in play with
//! each player's character and the copies of every card, the constructor that checks them (and
//! the content against the state's capacities, defined here), and the run's bounds.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::core::GameError;
use crate::games::fatal_fight::content::{self, Content, MAX_CARD_TYPES};

/// The most cards a game may hold (shop, uniques and the starting decks in play, checked when
/// the game is built), so a player's deck or discard can hold every card of the game: no play
/// reaches it (FFX-10).
pub const MAX_OWNED: usize = 128;
/// Cards played in one round: at most 5 actions on the own turn plus 5 in combinations, and the
/// face-down cards paid for moves and saving (one per action).
pub const MAX_PLAYED: usize = 16;
/// A group after mass damage holds at most 4 enemies and the boss; a round adds at most 5 per
/// respawn, a boss summon 3, a rally 1 and a cross 1.
pub const MAX_GROUP: usize = 16;
pub const MAX_ENEMY_CARDS: usize = 64;
pub const MAX_UNIQUES: usize = 32;
pub const MAX_PLAYERS: usize = 4;
/// The most gold one action can create: a combo bonus (below 255 hits), carriers' gold (at most
/// 255 each in a group of `MAX_GROUP`), a supply gimmick (at most 255) and the 1 gold a stage
/// clear gives each player. `FatalFight::new` refuses a game whose run bound times this could
/// reach `u32::MAX`, so gold never saturates (FFX-9).
pub const MAX_GOLD_PER_ACTION: u64 = 255 + 255 * MAX_GROUP as u64 + 255 + MAX_PLAYERS as u64;

/// A count per card type (shop stock, cards removed from the game), serialised as a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts(pub [u8; MAX_CARD_TYPES]);

impl Default for Counts {
    fn default() -> Self {
        Counts([0; MAX_CARD_TYPES])
    }
}

impl Serialize for Counts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Counts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        if v.len() != MAX_CARD_TYPES {
            return Err(serde::de::Error::custom(format!("expected {MAX_CARD_TYPES} counts, found {}", v.len())));
        }
        let mut c = Counts::default();
        c.0.copy_from_slice(&v);
        Ok(c)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FatalFightOptions {
    pub players: u8,
    pub characters: Vec<String>,
    pub final_boss_variant: bool,
    /// FFX-11, a variant: the seed has no stage timer, so `None` (the default) plays without one.
    pub stage_rounds: Option<u8>,
    pub start_stage: u8,
    /// The campaign played: a campaign file's name (built in, or from `content_dir`).
    pub campaign: String,
    pub content_dir: Option<String>,
    /// FF-0.5: "ゲーム開始時に３金", the gold each player receives at setup (draft 8: 3).
    pub start_gold: u8,
    /// FF-0.6: "開始前にいきなりショップできる", the shop before the first stage (draft 8: on).
    /// Off plays the earlier draft: the campaign opens with the first stage's first round, and
    /// the shops at the start of the later stages stay (FFX-24).
    pub opening_shop: bool,
    /// FF-0.7: "セービングを３アクションから２アクションへ軽減", the actions and face-down cards a
    /// save costs (draft 8: 2; 3 is the earlier draft). The medic pays one fewer (FFX-23).
    pub save_actions: u8,
    /// FFX-13, a variant: the seed returns the enemy discard to the pile only at the next stage
    /// (「エネミーの捨て札を山へ戻し」), so by default an empty pile gives no more enemies; `true`
    /// shuffles the discard in whenever the pile runs out (the engine's earlier behaviour).
    pub enemy_reshuffle: bool,
}

impl Default for FatalFightOptions {
    fn default() -> Self {
        FatalFightOptions {
            players: 2,
            characters: Vec::new(),
            final_boss_variant: false,
            stage_rounds: None,
            start_stage: 1,
            campaign: content::DEFAULT_CAMPAIGN.to_string(),
            content_dir: None,
            start_gold: 3,
            opening_shop: true,
            save_actions: 2,
            enemy_reshuffle: false,
        }
    }
}

/// A configured Fatal Fight campaign: options, content, and each player's character.
#[derive(Clone, Debug)]
pub struct FatalFight {
    pub options: FatalFightOptions,
    pub content: Arc<Content>,
    /// Index into `content.characters` per player.
    pub characters: Vec<usize>,
    /// Copies of each card type in the whole game (shop, uniques, starting decks in play).
    pub totals: Counts,
    /// `Game::max_game_length` of these options and content, worked out once by `new`: it walks
    /// the content's cards, and every random game, playout bound and search asks for it (a game
    /// whose public fields are changed after `new` keeps the bound it was built with).
    pub(super) max_game_length: usize,
    /// The content's card types by what the listings ask of them, worked out once by `new`.
    pub(super) types: TypeSets,
    /// Per stage card, the enemies it adds at each respawn point for this party (its respawn
    /// numbers plus the extra ones for this many players, FF-5.7, FF-5.8), worked out once by
    /// `new`.
    pub(super) respawns: Vec<[usize; content::RESPAWNS]>,
}

/// Sets of card types, a bit per type (`MAX_CARD_TYPES` is 64): the turn's play listing is a
/// few mask operations on the hand's types instead of a card lookup per type.
#[derive(Clone, Copy, Debug)]
pub(super) struct TypeSets {
    pub attack: u64,
    pub carry: u64,
    /// Carried cards with a use (not `always`: those only hold their effect, FF-4.7).
    pub item: u64,
    /// Commons of a line's first step: the cards the shop sells (FF-4.5); a later step is only
    /// reached by an upgrade.
    pub sold: u64,
    pub cost: [u8; MAX_CARD_TYPES],
}

impl TypeSets {
    fn of(content: &Content) -> TypeSets {
        const { assert!(MAX_CARD_TYPES <= 64) };
        let mut s = TypeSets { attack: 0, carry: 0, item: 0, sold: 0, cost: [0; MAX_CARD_TYPES] };
        for (t, c) in content.cards.iter().enumerate() {
            s.cost[t] = c.cost;
            let bit = 1u64 << t;
            s.attack |= if c.attack { bit } else { 0 };
            s.carry |= if c.carry { bit } else { 0 };
            s.item |= if c.carry && !c.always { bit } else { 0 };
            s.sold |= if c.kind == content::Kind::Common && !c.later_step { bit } else { 0 };
        }
        s
    }
}

/// The built-in content with `content_dir`'s `cards/`, `characters/` and `campaigns/` files
/// added, playing the campaign `campaign`.
fn load_content(dir: Option<&str>, campaign: &str) -> Result<Content, GameError> {
    use content::{CAMPAIGNS, CARDS, CHARACTERS};
    if dir.is_none() && campaign == content::DEFAULT_CAMPAIGN {
        return Ok(Content::builtin());
    }
    let mut files = [vec![CARDS], vec![CHARACTERS], CAMPAIGNS.to_vec()];
    let read = match dir {
        Some(dir) => crate::cards::content_folder(dir, ["cards", "characters", "campaigns"])?,
        None => Default::default(),
    };
    for (list, more) in files.iter_mut().zip(&read) {
        list.extend(more.iter().map(|(f, t)| (f.as_str(), t.as_str())));
    }
    let [cards, characters, campaigns] = &files;
    Content::read(cards, characters, campaigns, campaign)
}

impl FatalFight {
    pub fn new(mut options: FatalFightOptions) -> Result<FatalFight, GameError> {
        if !(1..=4).contains(&options.players) {
            return Err(GameError::option("players", "must be in 1..=4"));
        }
        if !(1..=4).contains(&options.start_stage) {
            return Err(GameError::option("start_stage", "must be in 1..=4"));
        }
        if options.stage_rounds.is_some_and(|r| !(6..=30).contains(&r)) {
            return Err(GameError::option("stage_rounds", "must be in 6..=30"));
        }
        if options.start_gold > MAX_START_GOLD {
            return Err(GameError::option("start_gold", format!("must be in 0..={MAX_START_GOLD}")));
        }
        if !(2..=3).contains(&options.save_actions) {
            return Err(GameError::option("save_actions", "must be 2 or 3 (2 is draft 8, 3 the earlier draft)"));
        }
        let content = load_content(options.content_dir.as_deref(), &options.campaign)?;
        let n = usize::from(options.players);
        if options.characters.len() > n {
            return Err(GameError::option(
                "characters",
                format!("{} characters for {n} players", options.characters.len()),
            ));
        }
        let mut characters = Vec::new();
        for id in &options.characters {
            let c = content.character(id).ok_or_else(|| {
                let known: Vec<_> = content.characters.iter().map(|c| c.id.as_str()).collect();
                GameError::option("characters", format!("unknown character {id:?}; known: {}", known.join(", ")))
            })?;
            if characters.contains(&c) {
                return Err(GameError::option("characters", format!("{id:?} chosen twice")));
            }
            characters.push(c);
        }
        for c in 0..content.characters.len() {
            if characters.len() == n {
                break;
            }
            if !characters.contains(&c) {
                characters.push(c);
            }
        }
        if characters.len() < n {
            return Err(GameError::option("players", format!("only {} characters exist", content.characters.len())));
        }
        options.characters = characters.iter().map(|&c| content.characters[c].id.clone()).collect();
        let enemy_copies: usize = content.enemies.iter().map(|e| usize::from(e.copies)).sum();
        if enemy_copies > MAX_ENEMY_CARDS {
            return Err(GameError::option("content_dir", format!("at most {} enemy cards", MAX_ENEMY_CARDS)));
        }
        let uniques = content.cards.iter().filter(|c| c.kind == content::Kind::Unique).count();
        if uniques > MAX_UNIQUES {
            return Err(GameError::option("content_dir", format!("at most {} unique cards", MAX_UNIQUES)));
        }
        let mut totals = Counts::default();
        for (t, c) in content.cards.iter().enumerate() {
            totals.0[t] = c.copies;
        }
        for &c in &characters {
            for card in &content.characters[c].deck {
                totals.0[usize::from(card.0)] += 1;
            }
        }
        let cards: usize = totals.0.iter().map(|&k| usize::from(k)).sum();
        if cards > MAX_OWNED {
            return Err(GameError::option(
                "content_dir",
                format!("{cards} cards in the game (shop, uniques, starting decks in play); at most {}", MAX_OWNED),
            ));
        }
        // Text actions (FFX-17) add plays to a round: each card in the game is played at most once
        // a round, so a player's plays stay within its actions, its combination plays and every
        // `action` text of the game, which must fit the played pile.
        let most_actions = characters.iter().map(|&c| usize::from(content.characters[c].actions)).max().unwrap_or(1);
        if 2 * most_actions + text_actions(&content, &totals) > MAX_PLAYED {
            return Err(GameError::option(
                "content_dir",
                format!("twice the actions plus every \"action\" text of the game's cards is above the {} plays a round holds", MAX_PLAYED),
            ));
        }
        let types = TypeSets::of(&content);
        let n = options.players;
        let respawns = content
            .stages
            .iter()
            .map(|card| {
                std::array::from_fn(|r| {
                    let extra = card.extra.iter().filter(|&&(er, min)| usize::from(er) == r && n >= min).count();
                    usize::from(card.respawn[r]) + extra
                })
            })
            .collect();
        let mut game =
            FatalFight { options, content: Arc::new(content), characters, totals, max_game_length: 0, types, respawns };
        game.max_game_length = max_game_length(&game);
        // FFX-9: gold has no cap; a run cannot earn `u32::MAX`.
        // Twice: a state loaded holding the most gold may still play a whole run on.
        if 2 * game.most_gold() >= u64::from(u32::MAX) {
            return Err(GameError::option("content_dir", "the run bound is too long for gold to stay below 2^32"));
        }
        Ok(game)
    }

    pub fn n(&self) -> usize {
        usize::from(self.options.players)
    }
    /// The most gold a run can hold: every action's most plus every start gold.
    pub fn most_gold(&self) -> u64 {
        self.max_game_length as u64 * MAX_GOLD_PER_ACTION + 4 * u64::from(MAX_START_GOLD)
    }
    pub fn character(&self, player: usize) -> &content::Character {
        &self.content.characters[self.characters[player]]
    }

    /// Shop transactions a whole game allows (FF-3.6, FF-4), whatever the gold: with `C` cards in
    /// the game and upgrade lines of at most `L` steps, an upgrade into step k takes a card of the
    /// shop's step-k stock, which only an upgrade out of step k refills, so at most `(L − 1)·C`
    /// upgrades; buys take the shop's stock, refilled only by upgrades: at most `L·C`; unique buys
    /// at most `C`; each drop follows an item's buy. So `(3L + 1)·C`.
    fn shop_transactions(&self) -> usize {
        let cards: usize = self.totals.0.iter().map(|&k| usize::from(k)).sum();
        let c = &self.content.cards;
        let steps = |mut t: usize| {
            let mut k = 1;
            while let (Some(next), true) = (c[t].next, k < c.len()) {
                t = usize::from(next.0);
                k += 1;
            }
            k
        };
        let longest = (0..c.len()).map(steps).max().unwrap_or(1);
        (3 * longest + 1) * cards
    }
}

/// The most gold the `start_gold` option gives each player (FF-0.5 gives 3).
pub const MAX_START_GOLD: u8 = 20;

/// Rounds per stage that a run allows without the stage timer (the run's bound, not a rule):
/// the timer variant's largest setting, 2.5 times its usual 12. Measured campaigns of good teams
/// clear a stage in well under this (docs/rules/fatal_fight.md, "Campaign").
pub const RUN_ROUNDS: u8 = 30;

/// Upper bound on the actions of one player's turn with `a` actions (text actions included): each
/// action buys at most a play, a strike, a combination offer, a move, a payment and the `m` moves
/// a card's text gives; plus free moves, items, end turn; and each partner's plays and pass in a
/// combination.
fn turn_bound(a: usize, players: usize, m: usize) -> usize {
    4 + content::MAX_CARRY + (6 + m) * a + players * (a + 1) * a
}

impl FatalFight {
    /// The most actions (or combination plays) `action` texts give a player in a round (FFX-17).
    pub fn text_actions(&self) -> usize {
        text_actions(&self.content, &self.totals)
    }
    /// The most moves one card's text gives (FFX-17).
    pub fn text_moves(&self) -> usize {
        text_moves(&self.content)
    }
}

/// The actions every `action` text of the game's cards gives, each card played once a round.
fn text_actions(content: &content::Content, totals: &Counts) -> usize {
    let per_card = |c: &content::Card| -> usize {
        c.text.iter().map(|e| if let content::Verb::Action(n) = e.verb { usize::from(n) } else { 0 }).sum()
    };
    content.cards.iter().enumerate().map(|(t, c)| usize::from(totals.0[t]) * per_card(c)).sum()
}

/// The most moves one card's text gives (played and hitting).
fn text_moves(content: &content::Content) -> usize {
    let per_card = |c: &content::Card| -> usize {
        c.text.iter().map(|e| if let content::Verb::Move(n) = e.verb { usize::from(n) } else { 0 }).sum()
    };
    content.cards.iter().map(per_card).max().unwrap_or(0)
}

/// The bound on the actions of `RUN_ROUNDS` rounds in each of the four stages (the timer's
/// rounds when the variant is on): with the variant the rules end every game within it; without,
/// a run cuts the game there as truncated.
fn max_game_length(game: &FatalFight) -> usize {
    let n = game.n();
    let a = (0..n).map(|p| usize::from(game.character(p).actions)).max().unwrap_or(1) + game.text_actions();
    let per_round = n * turn_bound(a, n, game.text_moves()) + content::RESPAWNS;
    // FF-3.6: every pass but the last n of each shop follows a transaction.
    let transactions = game.shop_transactions();
    let shop = transactions + n * (transactions + content::STAGES);
    let rounds = usize::from(game.options.stage_rounds.unwrap_or(RUN_ROUNDS));
    // FF-4.7, FFX-8: beyond the carried ones a turn counts, items used from the hand; each
    // such use exiles a card, so a game holds at most one per usable carried card.
    let items: usize = (game.content.cards.iter().enumerate())
        .filter(|(_, c)| c.carry && !c.always)
        .map(|(t, _)| usize::from(game.totals.0[t]))
        .sum();
    shop + content::STAGES * rounds * per_round + items
}

/// What Fatal Fight says about itself (`core::GameInfo`).
pub const INFO: crate::core::GameInfo = {
    use crate::core::{BalancePlan, BalanceTable::*, Campaign, Conformance, GameInfo, KnowledgeRun, Options};
    use crate::core::{SecretsRun, Setting::*, Utility};
    GameInfo {
        name: "fatal_fight",
        display_name: "Fatal Fight",
        min_players: 1,
        max_players: 4,
        utility: Utility::Identical,
        // Its campaigns are never won by an MCTS with random playouts, so the teams search with
        // the game's heuristic at the leaves instead.
        default_bots: &["mcts:1000:heuristic"],
        balance: BalancePlan {
            tables: &[
                Party {
                    name: "party",
                    title: "Campaigns by party size (characters in content order)",
                    noun: "players",
                    content: "characters",
                    sizes: &[1, 2, 3, 4],
                    fixed: Options(r#"{"characters": []}"#),
                },
                Pairs {
                    name: "pair",
                    title: "Campaigns of two players, by pair of characters",
                    noun: "pair",
                    content: "characters",
                    option: "characters",
                },
            ],
            cooperative: true,
            first_option: None,
            campaign: Some(Campaign { stage: "stage", round: "round", stages: content::STAGES }),
        },
        // Random playouts lose nearly every campaign and take a hundred times longer than the
        // game's heuristic, so its search values leaves by the heuristic, guided by the latest
        // network's priors (uniform ones in the first iteration). After 30 cheap iterations a
        // stronger teacher, 1,000 simulations a move, and half of each value target from its
        // search: the teacher from the start made three fifths as many campaigns in the same
        // minutes (docs/agents.md, "A fixed opponent, deeper targets and a stronger teacher"). Its
        // learning-curve points are campaigns of teams on one core: at the defaults (40 games
        // every 5 iterations) they took 55 of the 90 minutes, so fewer.
        recipe: &[
            ("simulations", Int(128)),
            ("warmup_values", Text("heuristic")),
            ("warmup_priors", Bool(true)),
            ("schedule", Text("30:warmup_simulations=1000,value_mix=0.5")),
            ("eval_every", Int(10)),
            ("eval_games", Int(20)),
        ],
        legend: &[],
        // Face-down payments are secret decisions. A cooperative game: no seatings.
        conformance: Conformance {
            secrets: &[SecretsRun { options: Options("{}"), games: 10, more_than: Some(0) }],
            layouts: &[
                Options(r#"{"players": 1}"#),
                Options(r#"{"players": 2}"#),
                Options(r#"{"players": 3}"#),
                Options(r#"{"players": 4}"#),
            ],
            knowledge: &[
                KnowledgeRun::fewer(r#"{"players": 1}"#, 1, 3, 1, 5),
                KnowledgeRun::fewer(r#"{"players": 2}"#, 2, 3, 1, 5),
                KnowledgeRun::fewer(r#"{"players": 3}"#, 3, 3, 0, 5),
                KnowledgeRun::fewer(r#"{"players": 4}"#, 4, 3, 0, 5),
            ],
            seats_seed: None,
        },
    }
};
