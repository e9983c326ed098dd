//! The Fatal Fight position: plain data with small ids, fixed-capacity piles and its own RNG; whose
//! turn it is, and what the position is worth (`returns`, `heuristic`).

use serde::{Deserialize, Serialize};

use crate::cards::{CardId, Pile};
use crate::core::{NoEvents, Rng};
use crate::games::fatal_fight::content::{Kind, MAX_BOSS_SKILLS, MAX_CARRY, RESPAWNS};
use crate::games::fatal_fight::game::FatalFight;

// The capacities `FatalFight::new` checks the content against, and the card counts it keeps,
// live in `game.rs`, which every file of the folder reads.
pub use crate::games::fatal_fight::game::{
    Counts, MAX_ENEMY_CARDS, MAX_GROUP, MAX_OWNED, MAX_PLAYED, MAX_PLAYERS, MAX_UNIQUES,
};

// `Player::discard_seen` has one bit per discard slot.
const _: () = assert!(MAX_OWNED <= 128);
/// A hand can hold every card of the game, so no draw is ever lost (FF-8.2 「最大手札枚数を超えても
/// 問題ありません」, FFX-10): a hand holds only cards its player owns, at most `MAX_OWNED`.
pub const MAX_HAND: usize = MAX_OWNED;
pub const SQUARES: usize = 9;
/// The boss in an enemy group.
pub const BOSS: CardId = CardId(u16::MAX);

/// Squares are `area * 3 + line`: areas 0 left, 1 centre, 2 right; lines 0 upper, 1 middle,
/// 2 lower. Respawn points (enemy groups) are `side * 3 + line` with side 0 left, 1 right; their
/// numbers 1–6 are index + 1.
pub const fn square_area(sq: u8) -> u8 {
    sq / 3
}
pub const fn square_line(sq: u8) -> u8 {
    sq % 3
}
pub fn group_area(g: usize) -> u8 {
    if g < 3 {
        0
    } else {
        2
    }
}
pub fn group_line(g: usize) -> u8 {
    (g % 3) as u8
}
pub const AREA_NAMES: [&str; 3] = ["left", "centre", "right"];
pub const LINE_NAMES: [&str; 3] = ["upper", "middle", "lower"];

pub fn square_name(sq: u8) -> String {
    format!("{} {}", AREA_NAMES[usize::from(square_area(sq) % 3)], LINE_NAMES[usize::from(square_line(sq))])
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Index into the content's characters.
    pub character: u8,
    pub square: u8,
    pub life: i8,
    pub gp: u8,
    pub down: bool,
    /// Saved this round: neither targeted nor damaged, and takes no turn (FF-13.5).
    pub immune: bool,
    /// Actions left in the current own turn.
    pub actions: u8,
    /// Free moves left in the current own turn (FF-10.1).
    pub moves: u8,
    /// Combination plays left this round (FF-9.4, FFX-6).
    pub combo_left: u8,
    /// The brawler's +1 AP is still available this turn.
    pub special_ready: bool,
    pub gold: u32,
    pub deck: Pile<MAX_OWNED>,
    pub hand: Pile<MAX_HAND>,
    pub discard: Pile<MAX_OWNED>,
    /// Bit `i` set: `discard[i]` was played face up and discarded in view (FF-14.3), so everyone
    /// knows it; the other discarded cards (face-down payments, hands at stage clear) are hidden.
    #[serde(default)]
    pub discard_seen: u128,
    /// Cards played face up this round.
    pub played: Pile<MAX_PLAYED>,
    /// Cards played face down this round (extra moves, saving): hidden from the others.
    pub facedown: Pile<MAX_PLAYED>,
    pub carried: Pile<MAX_CARRY>,
}

impl Player {
    pub fn owned(&self) -> usize {
        self.deck.len() + self.hand.len() + self.discard.len() + self.played.len() + self.facedown.len()
    }
    /// The discarded cards everyone saw go there (FF-14.3).
    pub fn discarded_in_view(&self) -> impl Iterator<Item = CardId> + '_ {
        self.discard.iter().enumerate().filter(|(i, _)| self.discard_seen & (1 << i) != 0).map(|(_, c)| c)
    }
    pub fn active(&self) -> bool {
        !self.down && !self.immune
    }
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.deck
            .iter()
            .chain(self.hand.iter())
            .chain(self.discard.iter())
            .chain(self.played.iter())
            .chain(self.facedown.iter())
            .chain(self.carried.iter())
    }
}

/// The chain combo being built (FF-9): summed AP and the union of sub-attributes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    pub ap: u8,
    pub hits: u8,
    pub area: bool,
    pub pierce: bool,
    pub launch: bool,
    /// The combination has been offered since the turn player's last card (FF-9.3, FFX-5: it
    /// may be offered again after each card the turn player adds).
    pub combined: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    Move { to: u8 },
    Save { target: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// `player` shops (FF-3.6, FF-4, FF-5.1): any number of transactions, then a pass; the shop
    /// goes round the table until every player has passed in a row (`shop_passed`).
    Shop {
        player: u8,
    },
    /// `player`'s turn in the action phase (FF-6).
    Turn {
        player: u8,
    },
    /// `player`, on the turn player's square, may continue the chain (FF-9.3).
    Combination {
        player: u8,
    },
    /// `player` chooses `left` more cards to play face down for `then` (FF-10.2, FF-10.4).
    Pay {
        player: u8,
        left: u8,
        then: Pending,
    },
    /// The team (its leader, FFX-7) picks who takes the mass damage of group `group` (FF-12.9).
    MassDamage {
        group: u8,
    },
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FatalFightState {
    pub phase: Phase,
    /// 0..4 while playing; 4 after the final stage is cleared.
    pub stage: u8,
    /// Rounds started in this stage. Without the stage timer (FFX-11) it only counts; it
    /// saturates at `u16::MAX`, beyond any run's bound (`max_game_length` is below 40,000).
    pub round: u16,
    /// One slot per seat the state can hold; the JSON lists only the game's players (the slots
    /// after them are empty, `validate` checks it).
    #[serde(with = "seats")]
    pub players: [Player; MAX_PLAYERS],
    /// Player indices in character order (FF-6.1); only the first `players` entries count.
    pub order: [u8; MAX_PLAYERS],
    /// Enemy groups at respawn points 1–6; index 0 of a group is its head.
    pub groups: [Pile<MAX_GROUP>; RESPAWNS],
    pub boss_present: bool,
    pub boss_placed: bool,
    /// The boss pile: indices into the boss's skills; the top (last) is the current skill.
    pub boss_pile: Pile<MAX_BOSS_SKILLS>,
    /// The bottom cards of the boss pile whose order everyone has seen: each used skill goes to
    /// the bottom in view (FF-12.3), so after `k` enemy phases the bottom `k` are known.
    #[serde(default)]
    pub boss_known: u8,
    /// Normal stage cards of this stage not yet drawn (indices into the content's stages).
    pub stage_pile: Pile<8>,
    pub stage_used: Pile<8>,
    pub current_stage_card: Option<u16>,
    pub enemy_pile: Pile<MAX_ENEMY_CARDS>,
    pub enemy_discard: Pile<MAX_ENEMY_CARDS>,
    /// Carriers that escaped (FF-14.2); they rejoin the pile at stage clear (FFX-12).
    pub escaped: Pile<MAX_ENEMY_CARDS>,
    pub shop: Counts,
    pub unique_pile: Pile<MAX_UNIQUES>,
    pub unique_row: [Option<CardId>; 4],
    /// Cards removed from the game (exile, used or dropped items).
    pub removed: Counts,
    /// The team's gold earned in this stage (FF-11.2), split at stage clear.
    pub pool: u32,
    /// Gold earned in the whole game (for the final-boss variant, FF-0.4).
    pub earned: u32,
    /// Players who have passed in the shop since its last transaction, one bit per player
    /// (FF-3.6): the shop ends when all have.
    #[serde(default)]
    pub shop_passed: u8,
    pub chain: Chain,
    /// The player whose turn it is (the chain's owner while partners add to it).
    pub chain_owner: u8,
    /// Mass damage waiting to be assigned, per group.
    pub mass: [u8; RESPAWNS],
    /// `Some(true)` won, `Some(false)` lost, once over.
    pub result: Option<bool>,
    pub score: u32,
    pub rng: Rng,
}

pub use crate::core::{event, Event};

/// `players` in JSON: the slots up to the last one in use, read back with the rest empty, so a
/// 2-player state lists 2 players and the round trip is exact.
mod seats {
    use arrayvec::ArrayVec;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Player, MAX_PLAYERS};

    pub fn serialize<S: Serializer>(players: &[Player; MAX_PLAYERS], s: S) -> Result<S::Ok, S::Error> {
        let empty = Player::empty();
        let used = players.iter().rposition(|p| *p != empty).map_or(0, |i| i + 1);
        players[..used].serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Player; MAX_PLAYERS], D::Error> {
        // ArrayVec refuses a fifth entry as it reads it, whatever the list's length.
        let listed = ArrayVec::<Player, MAX_PLAYERS>::deserialize(d)?;
        let mut players = [const { Player::empty() }; MAX_PLAYERS];
        for (slot, p) in players.iter_mut().zip(listed) {
            *slot = p;
        }
        Ok(players)
    }
}

impl Player {
    pub(crate) const fn empty() -> Player {
        Player {
            character: 0,
            square: 4,
            life: 0,
            gp: 0,
            down: false,
            immune: false,
            actions: 0,
            moves: 0,
            combo_left: 0,
            special_ready: false,
            gold: 0,
            deck: Pile::new(),
            hand: Pile::new(),
            discard: Pile::new(),
            discard_seen: 0,
            played: Pile::new(),
            facedown: Pile::new(),
            carried: Pile::new(),
        }
    }
}

/// Whose decision it is (`None` once the campaign is over).
pub(crate) fn current_player(state: &FatalFightState) -> Option<usize> {
    match state.phase {
        Phase::Shop { player } | Phase::Turn { player } | Phase::Combination { player } | Phase::Pay { player, .. } => {
            Some(usize::from(player))
        }
        Phase::MassDamage { .. } => Some(usize::from(state.leader())),
        Phase::Over => None,
    }
}

impl FatalFightState {
    pub fn new(game: &FatalFight, seed: u64) -> FatalFightState {
        // Built in place: the state is 4.5 KB, and each part made apart and moved in was a copy.
        let mut s = FatalFightState {
            phase: Phase::Over,
            stage: 0,
            round: 0,
            players: [const { Player::empty() }; MAX_PLAYERS],
            order: [0, 1, 2, 3],
            groups: [const { Pile::new() }; RESPAWNS],
            boss_present: false,
            boss_placed: false,
            boss_pile: Pile::new(),
            boss_known: 0,
            stage_pile: Pile::new(),
            stage_used: Pile::new(),
            current_stage_card: None,
            enemy_pile: Pile::new(),
            enemy_discard: Pile::new(),
            escaped: Pile::new(),
            shop: Counts::default(),
            unique_pile: Pile::new(),
            unique_row: [None; 4],
            removed: Counts::default(),
            pool: 0,
            earned: 0,
            shop_passed: 0,
            chain: Chain::default(),
            chain_owner: 0,
            mass: [0; RESPAWNS],
            result: None,
            score: 0,
            rng: Rng::new(seed),
        };
        let n = game.n();
        for (p, player) in s.players.iter_mut().enumerate().take(n) {
            let c = game.character(p);
            player.character = game.characters[p] as u8;
            player.life = c.life as i8;
            player.gold = u32::from(game.options.start_gold); // FF-0.5: 3 by default
            player.deck = c.deck.iter().copied().collect();
            player.deck.shuffle(&mut s.rng);
        }
        s.order[..n].sort_by_key(|&p| game.character(usize::from(p)).order);
        for (t, c) in game.content.cards.iter().enumerate() {
            match c.kind {
                Kind::Common => s.shop.0[t] = c.copies,
                Kind::Unique => s.unique_pile.push(CardId(t as u16)),
                Kind::Starter => {}
            }
        }
        s.unique_pile.shuffle(&mut s.rng);
        for slot in &mut s.unique_row {
            *slot = s.unique_pile.pop();
        }
        s.phase = Phase::Shop { player: s.order[0] };
        // FFX-16: a later start stage carries the earlier stages' enemies, as a campaign would.
        for k in 0..game.options.start_stage {
            s.stage = k;
            s.prepare_stage(game);
        }
        // FF-0.6: draft 8 opens the shop before the first stage. Without `opening_shop` (the
        // earlier draft, FFX-24) the campaign opens with the first stage's first round; the
        // setup's events are not told (a new state has no event stream).
        if !game.options.opening_shop {
            s.start_round(game, &mut NoEvents);
        }
        s
    }
}

/// FFX-9: a win is worth 1 + score / 100 to every player, a loss -1; 0 while playing.
pub(crate) fn returns(s: &FatalFightState, game: &FatalFight, out: &mut [f32]) {
    let r = match s.result {
        Some(true) => 1.0 + s.score as f32 / 100.0,
        Some(false) => -1.0,
        None => 0.0,
    };
    out[..game.n()].fill(r);
}

/// The campaign's progress for search (docs "Heuristic"): stages cleared plus, inside the
/// stage, the team's life and who is standing, the enemies cleared from the board, the boss
/// in reach of the team's chains, the strength of the decks and the gold. The same value for
/// every player (co-op), below a win's and above a loss's.
pub(crate) fn heuristic(s: &FatalFightState, game: &FatalFight, out: &mut [f32]) -> bool {
    let v = match s.result {
        Some(true) => 1.0,
        Some(false) => -1.0,
        None => (-1.0 + 0.5 * (f32::from(s.stage) + 0.8 * s.stage_progress(game))).clamp(-1.0, 1.0),
    };
    out[..game.n()].fill(v);
    true
}
