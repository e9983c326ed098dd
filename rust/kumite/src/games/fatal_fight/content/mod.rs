//! Fatal Fight content: arts and supply cards, characters, enemies, bosses and stage cards, as
//! the tables the rules use. `load.rs` reads the TOML into plain `Raw*` structs and validates
//! them, reporting every problem with its file, card and field; `language.rs` is the cards' text
//! effects as written (FFX-17); `wording.rs` says cards, skills and gimmicks for people.

mod language;
mod load;
mod wording;

pub use load::{CAMPAIGNS, CARDS, CHARACTERS, DEFAULT_CAMPAIGN};

use serde::Deserialize;

use crate::cards::CardId;

/// Limits that size the state and the action space.
pub const MAX_CARD_TYPES: usize = 64;
pub const MAX_ENEMY_TYPES: usize = 32;
pub const MAX_CARRY: usize = 4;
pub const MAX_BOSS_SKILLS: usize = 6;
pub const STAGES: usize = 4;
pub const RESPAWNS: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Starter,
    Common,
    Unique,
}

#[derive(Clone, Debug)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    /// Physical copies in the shop (commons) or unique pile (uniques); 0 for starters.
    pub copies: u8,
    pub attack: bool,
    pub ap: u8,
    pub guard: u8,
    pub draw: u8,
    pub heal: u8,
    pub area: bool,
    pub pierce: bool,
    pub launch: bool,
    pub exile: bool,
    pub carry: bool,
    pub always: bool,
    /// The card's own text effects (FF-6.3 「固有のテキスト効果」), in printed order.
    pub text: Vec<TextEffect>,
    /// The card one step up this card's line, and whether it is a line's later step.
    pub next: Option<CardId>,
    pub later_step: bool,
    pub cost: u8,
}

/// When a text effect resolves: as the card is played, or as the attack it made hits (FFX-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Play,
    Hit,
}

/// What a text effect does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Free moves for the rest of the own turn (FF-10.1).
    Move(u8),
    Draw(u8),
    Guard(u8),
    Heal(u8),
    /// More actions in the own turn; in a combination, more combination plays (FF-9.5).
    Action(u8),
    /// The struck group's head, if it stands, goes to the group's tail (hit only).
    Throw,
}

/// The condition a text effect needs, read when it resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    Always,
    /// The player stands in the centre area.
    Centre,
    /// The player stands in the left or right area.
    Side,
    /// The player stands on this line (0 top, 1 middle, 2 bottom).
    Line(u8),
    /// The struck group is in the player's area (close quarters, FF-7.4; hit only).
    Cqb,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextEffect {
    pub when: When,
    pub verb: Verb,
    pub cond: Cond,
}

pub const MAX_TEXT: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Special {
    /// +1 AP on the first attack card of each own turn.
    Brawler,
    /// Two free moves per turn.
    Sprinter,
    /// 1 GP at every round start.
    Guardian,
    /// Saving costs one action and one face-down card fewer than `save_actions` (FFX-23): 1 and 1
    /// by default.
    Medic,
}

#[derive(Clone, Debug)]
pub struct Character {
    pub id: String,
    pub name: String,
    pub life: u8,
    pub actions: u8,
    pub max_hand: u8,
    pub max_carry: u8,
    pub order: u8,
    pub special: Special,
    pub deck: Vec<CardId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnemySkill {
    None,
    Strike(u8),
    Pierce(u8),
    Rally,
}

#[derive(Clone, Debug)]
pub struct Enemy {
    pub id: String,
    pub name: String,
    pub stage: u8,
    pub copies: u8,
    pub life: u8,
    pub guard: u8,
    pub carrier: u8,
    pub cross: bool,
    pub skill: EnemySkill,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BossSkill {
    DamageAll(u8),
    PierceAll(u8),
    DamageLine(u8),
    Summon(u8),
    StripGuard,
}

#[derive(Clone, Debug)]
pub struct Boss {
    pub id: String,
    pub name: String,
    pub life: u8,
    pub skills: Vec<BossSkill>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gimmick {
    None,
    Hazard(u8),
    Supply(u8),
    Cheer(u8),
    Rush(u8),
    Dark,
}

#[derive(Clone, Debug)]
pub struct StageCard {
    pub id: String,
    pub name: String,
    pub stage: u8,
    pub boss: bool,
    pub respawn: [u8; RESPAWNS],
    /// (respawn index 0..6, minimum players).
    pub extra: Vec<(u8, u8)>,
    pub gimmick: Gimmick,
}

#[derive(Clone, Debug, Default)]
pub struct Content {
    pub cards: Vec<Card>,
    pub characters: Vec<Character>,
    pub enemies: Vec<Enemy>,
    /// One boss per stage, index = stage - 1.
    pub bosses: Vec<Boss>,
    pub stages: Vec<StageCard>,
    /// The campaign in play (its id) and every campaign read, as (id, name).
    pub campaign: String,
    pub campaigns: Vec<(String, String)>,
    /// Per card type, its place among the carried items (`carry` cards) and among the uniques,
    /// in file order; `u8::MAX` for the others. Observations give those blocks only as many
    /// entries as there are such cards.
    pub carry_slot: Vec<u8>,
    pub unique_slot: Vec<u8>,
    /// How many card types can be carried, and how many are unique: those blocks' widths.
    pub carry_types: usize,
    pub unique_types: usize,
}
