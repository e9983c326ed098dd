//! The dense action space of Fatal Fight. Ranges are sized by the worst case: `MAX_CARD_TYPES`
//! card types to play or pay from the hand (a card is named by its type, so the hand's size
//! costs no actions), 9 squares, 6 groups, `MAX_CARRY` items, 4 players, `MAX_CARD_TYPES`
//! card types and the 4 face-up uniques.

use crate::core::{Action, State, MAX_LEGAL_ACTIONS};
use crate::games::fatal_fight::content::{MAX_CARD_TYPES, MAX_CARRY, RESPAWNS};
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::state::{square_name, FatalFightState, Phase};
use crate::games::fatal_fight::state::{MAX_PLAYERS, SQUARES};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FfAction {
    /// Play a hand card of this type face up (FF-6.3); in a combination, without an action.
    Play(u8),
    /// Play a hand card of this type face down as payment (FF-10.2, FF-10.4).
    Pay(u8),
    /// Move to this square (FF-10.1, FF-10.2).
    Move(u8),
    /// Resolve the open chain against the group at this respawn index (FF-7, FF-9).
    Strike(u8),
    /// Close a chain that has no legal target (its AP is lost).
    Whiff,
    /// Offer the open chain to the players on the same square (FF-9.3).
    Combination,
    /// A combination partner stops adding cards.
    Pass,
    /// Use the carried item at this index (FF-10.3).
    Item(u8),
    /// Start saving this downed player (FF-10.4).
    Save(u8),
    EndTurn,
    /// Buy a card of this type from the shop piles (FF-4.5).
    Buy(u8),
    /// Upgrade one card of this type in the deck one step (FF-4.1).
    Upgrade(u8),
    /// Buy the face-up unique in this slot (FF-3.4).
    BuyUnique(u8),
    /// Discard the carried item at this index (FF-4.9).
    Drop(u8),
    ShopDone,
    /// The team assigns the pending mass damage to this player (FF-12.9).
    Assign(u8),
}

const PLAY: Action = 0;
const PAY: Action = PLAY + MAX_CARD_TYPES as Action;
const MOVE: Action = PAY + MAX_CARD_TYPES as Action;
const STRIKE: Action = MOVE + SQUARES as Action;
const WHIFF: Action = STRIKE + RESPAWNS as Action;
const COMBINATION: Action = WHIFF + 1;
const PASS: Action = COMBINATION + 1;
const ITEM: Action = PASS + 1;
const SAVE: Action = ITEM + MAX_CARRY as Action;
const END_TURN: Action = SAVE + MAX_PLAYERS as Action;
const BUY: Action = END_TURN + 1;
const UPGRADE: Action = BUY + MAX_CARD_TYPES as Action;
const BUY_UNIQUE: Action = UPGRADE + MAX_CARD_TYPES as Action;
const DROP: Action = BUY_UNIQUE + 4;
const SHOP_DONE: Action = DROP + MAX_CARRY as Action;
const ASSIGN: Action = SHOP_DONE + 1;
pub const NUM_ACTIONS: usize = (ASSIGN + MAX_PLAYERS as Action) as usize;
const _: () = assert!(NUM_ACTIONS <= MAX_LEGAL_ACTIONS);

impl FfAction {
    pub fn encode(self) -> Action {
        match self {
            FfAction::Play(i) => PLAY + Action::from(i),
            FfAction::Pay(i) => PAY + Action::from(i),
            FfAction::Move(i) => MOVE + Action::from(i),
            FfAction::Strike(i) => STRIKE + Action::from(i),
            FfAction::Whiff => WHIFF,
            FfAction::Combination => COMBINATION,
            FfAction::Pass => PASS,
            FfAction::Item(i) => ITEM + Action::from(i),
            FfAction::Save(i) => SAVE + Action::from(i),
            FfAction::EndTurn => END_TURN,
            FfAction::Buy(i) => BUY + Action::from(i),
            FfAction::Upgrade(i) => UPGRADE + Action::from(i),
            FfAction::BuyUnique(i) => BUY_UNIQUE + Action::from(i),
            FfAction::Drop(i) => DROP + Action::from(i),
            FfAction::ShopDone => SHOP_DONE,
            FfAction::Assign(i) => ASSIGN + Action::from(i),
        }
    }

    /// The action for an id in `0..NUM_ACTIONS`.
    pub fn decode(a: Action) -> FfAction {
        let at = |base: Action| (a - base) as u8;
        match a {
            _ if a < PAY => FfAction::Play(at(PLAY)),
            _ if a < MOVE => FfAction::Pay(at(PAY)),
            _ if a < STRIKE => FfAction::Move(at(MOVE)),
            _ if a < WHIFF => FfAction::Strike(at(STRIKE)),
            WHIFF => FfAction::Whiff,
            COMBINATION => FfAction::Combination,
            PASS => FfAction::Pass,
            _ if a < SAVE => FfAction::Item(at(ITEM)),
            _ if a < END_TURN => FfAction::Save(at(SAVE)),
            END_TURN => FfAction::EndTurn,
            _ if a < UPGRADE => FfAction::Buy(at(BUY)),
            _ if a < BUY_UNIQUE => FfAction::Upgrade(at(UPGRADE)),
            _ if a < DROP => FfAction::BuyUnique(at(BUY_UNIQUE)),
            _ if a < SHOP_DONE => FfAction::Drop(at(DROP)),
            SHOP_DONE => FfAction::ShopDone,
            _ => FfAction::Assign(at(ASSIGN)),
        }
    }
}

pub(crate) fn action_to_string(state: &FatalFightState, game: &FatalFight, action: Action) -> String {
    let c = &game.content;
    let me = state.current_player().unwrap_or(0);
    let pl = &state.players[me.min(3)];
    let card_name = |t: u8| c.cards.get(usize::from(t)).map_or("?".to_string(), |x| x.name.clone());
    match FfAction::decode(action) {
        FfAction::Play(t) => match c.cards.get(usize::from(t)) {
            Some(x) if x.carry => format!("use {} from the hand ({}): no action, exiled", x.name, x.describe()),
            Some(x) => format!("play {} ({})", x.name, x.describe()),
            None => format!("play card type {t}"),
        },
        FfAction::Pay(t) => format!("play {} face down", card_name(t)),
        FfAction::Move(sq) => {
            let paid = !matches!(state.phase, Phase::Turn { .. }) || pl.moves == 0;
            format!("move to {}{}", square_name(sq % 9), if paid { " (1 action + 1 card)" } else { "" })
        }
        FfAction::Strike(g) => format!("attack group {}", g + 1),
        FfAction::Whiff => "end chain without a target".into(),
        FfAction::Combination => "offer combination".into(),
        FfAction::Pass => "pass".into(),
        FfAction::Item(i) => match pl.carried.get(usize::from(i)) {
            Some(x) => format!("use {}", c.card(x).name),
            None => format!("use item {}", i + 1),
        },
        FfAction::Save(q) => format!("save P{q}"),
        FfAction::EndTurn => "end turn".into(),
        FfAction::Buy(t) => format!("buy {}", card_name(t)),
        FfAction::Upgrade(t) => {
            let next =
                c.cards.get(usize::from(t)).and_then(|x| x.next).map_or("?".to_string(), |n| c.card(n).name.clone());
            format!("upgrade {} to {}", card_name(t), next)
        }
        FfAction::BuyUnique(slot) => match state.unique_row.get(usize::from(slot)).copied().flatten() {
            Some(x) => format!("buy unique {}", c.card(x).name),
            None => format!("buy unique slot {}", slot + 1),
        },
        FfAction::Drop(i) => match pl.carried.get(usize::from(i)) {
            Some(x) => format!("discard item {}", c.card(x).name),
            None => format!("discard item {}", i + 1),
        },
        FfAction::ShopDone => "leave the shop".into(),
        FfAction::Assign(q) => format!("P{q} takes the mass damage"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_id_round_trips() {
        for a in 0..NUM_ACTIONS as Action {
            assert_eq!(FfAction::decode(a).encode(), a);
        }
    }
}
