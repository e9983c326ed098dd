//! Scenario tests: each sets up a position, acts, and checks the exact outcome. The clause ids
//! (UF-…, UFX-…) are those of `docs/rules/ufs.md`.

use crate::cards::CardId;
use crate::conformance::{check_random_games, Conformance};
use crate::core::{ActionList, Game, GameError, State};
use crate::games::ufs::actions::{UfsAction as A, ATTACK_SOURCE, CHAR_SOURCE};
use crate::games::ufs::content::{Content, Kind, BUILTIN};
use crate::games::ufs::state::{Phase, Purpose, Slot, UfsState, MAX_STAGING};
use crate::games::ufs::{DeckChoice, Symbol, SymbolMatch, Ufs, UfsOptions};

const CHAR: u8 = MAX_STAGING as u8;

fn with(decks: [&str; 2]) -> Ufs {
    Ufs::new(UfsOptions {
        first_player: Some(0),
        decks: decks.map(|d| DeckChoice::Preset(d.into())),
        ..Default::default()
    })
    .unwrap()
}

fn game() -> Ufs {
    with(["brann", "isolde"])
}

fn preset_list(g: &Ufs, deck: &str) -> Vec<String> {
    let d = g.content.deck(deck).unwrap();
    std::iter::once(d.character).chain(d.cards.iter().copied()).map(|c| g.content.card(c).id.clone()).collect()
}

/// Brann's preset plus `extra` cards (a legal user decklist).
fn brann_plus(extra: &[&str], options: UfsOptions) -> Ufs {
    let g = game();
    let mut list = preset_list(&g, "brann");
    list.extend(extra.iter().map(|s| s.to_string()));
    Ufs::new(UfsOptions {
        first_player: Some(0),
        decks: [DeckChoice::List(list), DeckChoice::Preset("isolde".into())],
        ..options
    })
    .unwrap()
}

fn id(g: &Ufs, name: &str) -> CardId {
    g.content.card_index(name).unwrap_or_else(|| panic!("no card {name}"))
}

fn act(g: &Ufs, s: &mut UfsState, a: A) {
    s.apply(g, a.encode()).unwrap_or_else(|e| panic!("{a:?}: {e}\n{}", s.render(g)));
}

fn legal(g: &Ufs, s: &UfsState) -> Vec<A> {
    let mut out = ActionList::new();
    s.legal_actions(g, &mut out);
    out.iter().map(|&a| A::decode(a)).collect()
}

/// Removes one copy of `name` from `p`'s deck, discard or hand.
fn take(g: &Ufs, s: &mut UfsState, p: usize, name: &str) -> CardId {
    let c = id(g, name);
    let side = &mut s.sides[p];
    let in_deck = side.deck.iter().position(|x| x == c);
    let in_discard = side.discard.iter().position(|x| x == c);
    let in_hand = side.hand.iter().position(|x| x == c);
    if let Some(i) = in_deck {
        side.deck.remove(i);
    } else if let Some(i) = in_discard {
        side.discard.remove(i);
    } else if let Some(i) = in_hand {
        side.hand.remove(i);
    } else {
        panic!("no free {name} for P{p}");
    }
    c
}

/// `p` holds exactly `names` (the old hand goes back into the deck).
fn set_hand(g: &Ufs, s: &mut UfsState, p: usize, names: &[&str]) {
    let side = &mut s.sides[p];
    side.hand.move_all_to(&mut side.deck);
    for n in names {
        let c = take(g, s, p, n);
        s.sides[p].hand.push(c);
    }
}

/// Puts `names` on top of `p`'s deck, the last one on top (turned over first).
fn set_top(g: &Ufs, s: &mut UfsState, p: usize, names: &[&str]) {
    for n in names {
        let c = take(g, s, p, n);
        s.sides[p].deck.push(c);
    }
}

fn stage(g: &Ufs, s: &mut UfsState, p: usize, name: &str) {
    let c = take(g, s, p, name);
    s.sides[p].staging.push(Slot::new(c));
}

fn hand_index(g: &Ufs, s: &UfsState, p: usize, name: &str) -> u8 {
    let c = id(g, name);
    s.sides[p].hand.iter().position(|x| x == c).unwrap_or_else(|| panic!("{name} not in P{p}'s hand")) as u8
}

fn play(g: &Ufs, s: &mut UfsState, p: usize, name: &str) {
    let i = hand_index(g, s, p, name);
    act(g, s, A::Play(i));
}

/// Both keep their hands: P0's first combat phase, its character committed. Hands are emptied
/// (back into the decks) so that tests give exactly the cards they need.
fn start(g: &Ufs) -> UfsState {
    let mut s = g.new_state(1);
    act(g, &mut s, A::Mulligan(false));
    act(g, &mut s, A::Mulligan(false));
    assert_eq!(s.phase, Phase::Combat);
    set_hand(g, &mut s, 0, &[]);
    set_hand(g, &mut s, 1, &[]);
    s.validate(g).unwrap();
    s
}

/// Passes (keeping hands, ending combat phases, declining momentum) until `p`'s combat phase.
fn to_combat(g: &Ufs, s: &mut UfsState, p: usize) {
    while !(s.phase == Phase::Combat && usize::from(s.active) == p) {
        let a = if s.phase == Phase::Momentum { A::Momentum(false) } else { A::Pass };
        act(g, s, a);
    }
}

fn names(g: &Ufs, cards: impl Iterator<Item = CardId>) -> Vec<String> {
    cards.map(|c| g.content.card(c).id.clone()).collect()
}

// UF-1.1, UF-1.2, UF-6.1, UF-6.2, UF-6.12, UF-6.13, UF-11.9, UF-11.11, UF-12.2, UFX-13
#[test]
fn uf_1_2_an_unblocked_attack_that_takes_vitality_to_zero_wins() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    s.sides[1].vitality = 2;
    play(&g, &mut s, 0, "quick_jab");
    // Quick Jab: difficulty 2, the turned-over card has control 6: the attack begins.
    let a = s.attack.unwrap();
    assert_eq!((a.speed, a.damage, a.zone), (4, 2, crate::games::ufs::Zone::High));
    assert_eq!(s.sides[0].discard.iter().last(), Some(id(&g, "training_regimen")));
    // P0 (character committed, empty hand) has nothing to enhance; P1 may use Isolde's enhance.
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    act(&g, &mut s, A::Pass);
    // P1 has no cards to block with: the damage step follows at once.
    assert_eq!(s.sides[1].vitality, 0);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.result, Some([1, -1]));
    assert!(s.is_terminal());
}

// UF-6.3, UF-6.9, UFX-10, UFX-13
#[test]
fn uf_6_3_enhance_step_alternates_from_the_attacker_until_both_pass() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab", "rising_heat"]);
    set_hand(&g, &mut s, 1, &["serene_guard"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    // The attacker holds an enhance action: it acts first.
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 0 });
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Pass]);
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    // Serene Guard (an enhance action from hand) or Isolde (enhance, commit: damage -1).
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Use(CHAR_SOURCE as u8, 0), A::Pass]);
    act(&g, &mut s, A::Use(CHAR_SOURCE as u8, 0));
    assert!(s.sides[1].character_committed());
    assert_eq!(s.attack.unwrap().damage, 1);
    // A use resets the passes: the attacker may answer.
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 0 });
    set_top(&g, &mut s, 0, &["ember_wraps"]);
    act(&g, &mut s, A::Play(0)); // Rising Heat: difficulty 2 + 1 progressive, control 6
    assert_eq!(s.attack.unwrap().speed, 6);
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 0 });
    act(&g, &mut s, A::Pass);
    // P0 has nothing left and passes at once: two passes in a row end the step.
    assert_eq!(s.phase, Phase::Block);
    act(&g, &mut s, A::Pass);
    assert_eq!(s.sides[1].vitality, 19);
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(names(&g, s.sides[0].pool.cards()), ["quick_jab", "rising_heat"]);
}

// UF-6.3, UFX-10. 「強化ステップ」 in the seed is each player improving its own side of the attack: an
// ability says whose attack its speed, damage and zone effects change (`attack = "yours"`: the
// attack its user makes; `"theirs"`: the attack made against its user), and only that player
// may use it. The attacker cannot spend Brace's "damage -2" on its own attack, nor the defender
// Training Regimen's "damage +1" on the attack against it; each may use the other.
#[test]
fn ufx_10_enhances_change_only_the_attack_they_name() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab", "brace", "rising_heat"]);
    set_hand(&g, &mut s, 1, &["serene_guard"]);
    stage(&g, &mut s, 0, "training_regimen");
    stage(&g, &mut s, 1, "training_regimen");
    stage(&g, &mut s, 1, "still_waters");
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 0 });
    let brace = hand_index(&g, &s, 0, "brace");
    let heat = hand_index(&g, &s, 0, "rising_heat");
    let l = legal(&g, &s);
    assert!(l.contains(&A::Play(heat)) && l.contains(&A::Use(0, 0)), "{l:?}");
    assert!(!l.contains(&A::Play(brace)), "Brace (the attack against you) is not for the attacker: {l:?}");
    act(&g, &mut s, A::Use(0, 0)); // Training Regimen: damage +1 on its user's attack
    let damage = s.attack.unwrap().damage;
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 0 });
    let l = legal(&g, &s);
    assert!(
        !l.contains(&A::Use(0, 0)),
        "the defender's Training Regimen (your attack) is not for the attack against it: {l:?}"
    );
    assert!(l.contains(&A::Use(1, 0)) && l.contains(&A::Use(CHAR_SOURCE as u8, 0)) && l.contains(&A::Play(0)), "{l:?}");
    act(&g, &mut s, A::Use(1, 0)); // Still Waters: damage -1 on the attack against its user
    assert_eq!(s.attack.unwrap().damage, damage - 1);
    // The texts say whose attack.
    let view = s.view(&g, Some(0)).to_string();
    assert!(view.contains("enhance (your attack) commit: damage +1"), "{view}");
    assert!(view.contains("enhance (the attack against you): damage -2"), "{view}");
    let regimen = g.content.card(id(&g, "training_regimen"));
    assert_eq!(regimen.abilities[0].text(), "enhance (your attack) commit: damage +1");
    let brace_card = g.content.card(id(&g, "brace"));
    assert_eq!(brace_card.abilities[0].text(), "enhance (the attack against you): damage -2");
}

// UFX-10: the content says whose attack, and the loader holds it to that.
#[test]
fn ufx_10_attack_effects_must_name_whose_attack() {
    let card = |ability: &str| {
        format!(
        "[[card]]\nid = \"x_test\"\nname = \"X\"\ntype = \"action\"\ndifficulty = 1\ncontrol = 5\nsymbols = [\"fire\", \"air\", \"void\"]\n[[card.ability]]\ntrigger = \"enhance\"\n{ability}\n"
    )
    };
    let load = |ability: &str| {
        let mut c = Content::builtin();
        c.add_cards("x.toml", &card(ability)).map(|_| ()).map_err(|e| e.to_string())
    };
    load("effect = [\"damage +1\"]\nattack = \"yours\"").unwrap();
    load("effect = [\"damage -1\"]\nattack = \"theirs\"").unwrap();
    let e = load("effect = [\"damage +1\"]").unwrap_err();
    assert!(e.contains("ability[0].attack") && e.contains("whose attack"), "{e}");
    let e = load("effect = [\"draw 1\"]\nattack = \"yours\"").unwrap_err();
    assert!(e.contains("ability[0].attack") && e.contains("has none"), "{e}");
    let e = load("effect = [\"speed +1\"]\nattack = \"mine\"").unwrap_err();
    assert!(e.contains("mine"), "{e}");
}

/// P0 attacks with Cinder Jab (high, speed 5, damage 3); P1 holds `hand` and has passed its
/// enhance: the block step.
fn block_step(hand: &[&str]) -> (Ufs, UfsState) {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["cinder_jab"]);
    set_hand(&g, &mut s, 1, hand);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "cinder_jab");
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Block);
    (g, s)
}

// UF-6.4, UF-6.5, UF-10.1, UF-10.7, UF-10.8, UF-10.9
#[test]
fn uf_10_9_a_low_block_cannot_answer_a_high_attack() {
    let (g, s) = block_step(&["quick_jab", "wave_palm", "riptide_sweep"]);
    // High block (same zone) and mid block (adjacent) are offered; low (riptide) is not.
    assert_eq!(legal(&g, &s), vec![A::Block(0), A::Block(1), A::Pass]);
    assert_eq!(s.action_to_string(&g, A::Block(1).encode()), "block with Wave Palm");
}

// UF-6.6, UF-6.7, UF-6.8, UF-6.10, UF-10.2, UF-10.5, UF-10.6
#[test]
fn uf_6_10_a_full_block_in_the_same_zone_takes_no_damage() {
    let (g, mut s) = block_step(&["quick_jab", "wave_palm"]);
    // Quick Jab: printed 2 + progressive 0 + speed 5 + modifier -1 = 6; the flip shows 6.
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.sides[1].vitality, 20);
    assert_eq!(s.phase, Phase::Combat);
    // The successful block stays in P1's pool until the end of the turn.
    assert_eq!(names(&g, s.sides[1].pool.cards()), ["quick_jab"]);
    assert!(!s.sides[0].pool.as_slice()[0].damaged());
}

// UF-6.11, UF-8.7, UF-11.4
#[test]
fn uf_6_11_a_partial_block_takes_half_the_damage_rounded_up() {
    let (g, mut s) = block_step(&["wave_palm"]);
    // Wave Palm: 3 + 0 + 5 - 1 = 7 against a flip of 6: one commit (the character) makes it.
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.phase, Phase::Check);
    let c = s.check.unwrap();
    assert_eq!((c.player, c.need, c.have, c.purpose), (1, 7, 6, Purpose::Block));
    assert_eq!(legal(&g, &s), vec![A::Commit(CHAR), A::Pass]);
    act(&g, &mut s, A::Commit(CHAR));
    assert!(s.sides[1].character_committed());
    assert_eq!(s.sides[1].vitality, 20 - 2, "3 halved and rounded up");
    assert!(s.sides[0].pool.as_slice()[0].damaged());
}

// UF-6.8, UF-6.12, UF-8.9
#[test]
fn uf_6_8_a_failed_block_is_discarded_and_the_damage_is_full() {
    let (g, mut s) = block_step(&["wave_palm"]);
    set_top(&g, &mut s, 1, &["crashing_tide"]); // control 4: 4 + 1 commit < 7
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.sides[1].vitality, 17);
    assert!(s.sides[1].pool.is_empty());
    assert_eq!(names(&g, s.sides[1].discard.iter()), ["crashing_tide", "wave_palm"]);
    assert!(!s.sides[1].character_committed(), "no commit offered when it cannot help (UFX-4)");
}

// UF-10.3
#[test]
fn uf_10_3_blocks_come_only_from_hand() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 1, "tidal_focus"); // a block icon, but in play
    s.sides[1].character.as_mut_slice()[0].set_committed(true); // no enhance either
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.phase, Phase::Combat, "no enhance, no block: straight to damage");
    assert_eq!(s.sides[1].vitality, 18);
}

// UF-10.4
#[test]
fn uf_10_4_a_block_also_needs_a_matching_symbol() {
    let g = brann_plus(&["wave_palm"], UfsOptions::default());
    let mut s = start(&g);
    act(&g, &mut s, A::Pass); // P1's turn
    set_hand(&g, &mut s, 0, &["wave_palm", "blaze_hook"]); // both mid blocks
    set_hand(&g, &mut s, 1, &["wave_palm"]);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    play(&g, &mut s, 1, "wave_palm"); // mid attack
                                      // P0's Wave Palm (water) matches nothing of Brann's: only Blaze Hook may block.
    assert_eq!(s.phase, Phase::Block);
    assert_eq!(legal(&g, &s), vec![A::Block(1), A::Pass]);
}

// UF-8.1, UF-8.3, UF-8.4, UF-8.5, UF-8.6, UF-8.8, UF-8.9, UF-8.10, UF-12.2
#[test]
fn uf_8_6_progressive_difficulty_counts_the_cards_left_of_the_card() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["ember_wraps", "furnace_stance", "iron_resolve", "training_regimen", "second_wind"]);
    // Flips in order: 6 vs 1+0, 5 vs 2+1, 4 vs 2+2, 4 vs 1+3, then 4 vs 2+4 (fails).
    set_top(&g, &mut s, 0, &["burning_ring", "magma_knee", "reckless_charge", "furnace_stance", "ember_wraps"]);
    for name in ["ember_wraps", "furnace_stance", "iron_resolve", "training_regimen"] {
        play(&g, &mut s, 0, name);
        assert_eq!(s.phase, Phase::Combat, "{name} passes its check");
    }
    assert_eq!(s.sides[0].pool.len(), 4);
    assert_eq!(
        names(&g, s.sides[0].discard.iter()),
        ["ember_wraps", "furnace_stance", "reckless_charge", "magma_knee"]
    );
    play(&g, &mut s, 0, "second_wind");
    // Failed form: the card is discarded and the combat phase ends (end phase, P1's turn).
    assert_eq!(names(&g, s.sides[0].discard.iter()).last().unwrap(), "second_wind");
    assert_eq!(s.active, 1);
    assert_eq!(s.turn, 2);
    assert_eq!(
        names(&g, s.sides[0].staging.cards()),
        ["ember_wraps", "furnace_stance", "iron_resolve", "training_regimen"]
    );
}

// UF-6.2
#[test]
fn uf_6_2_a_failed_attack_check_ends_the_attack_and_the_phase() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["magma_knee"]); // difficulty 5
    set_top(&g, &mut s, 0, &["burning_ring"]); // control 4
    play(&g, &mut s, 0, "magma_knee");
    assert!(s.attack.is_none());
    assert_eq!((s.active, s.phase), (1, Phase::Combat), "P1's turn (empty hand: no review)");
    assert_eq!(s.sides[1].vitality, 20);
}

// UF-8.7, UF-11.4, UF-11.6
#[test]
fn uf_8_7_committing_ready_foundations_and_the_character_adds_one_each() {
    let g = game();
    let mut s = start(&g);
    s.sides[0].character.as_mut_slice()[0].set_committed(false);
    stage(&g, &mut s, 0, "ember_wraps");
    stage(&g, &mut s, 0, "burning_ring"); // an asset: no check bonus (UF-11.8)
    set_hand(&g, &mut s, 0, &["magma_knee"]);
    set_top(&g, &mut s, 0, &["burning_ring"]); // control 4 against 5 + 0... plus nothing
    play(&g, &mut s, 0, "magma_knee");
    assert_eq!(s.phase, Phase::Check);
    assert_eq!(legal(&g, &s), vec![A::Commit(0), A::Commit(CHAR), A::Pass]);
    act(&g, &mut s, A::Commit(0));
    assert!(s.sides[0].staging.as_slice()[0].committed());
    assert!(s.attack.is_some(), "4 + 1 reaches 5: the attack begins");
}

// UF-11.8
#[test]
fn uf_11_8_assets_give_no_check_bonus() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 0, "burning_ring");
    set_hand(&g, &mut s, 0, &["magma_knee"]);
    set_top(&g, &mut s, 0, &["burning_ring"]);
    play(&g, &mut s, 0, "magma_knee");
    // Character committed (first turn), only an asset in play: nothing can help, it fails.
    assert_eq!(s.active, 1);
}

// UF-2.1, UF-2.2, UF-2.3, UF-2.4, UFX-18
#[test]
fn uf_2_deck_rules_name_the_card_and_the_rule() {
    let g = game();
    let good = preset_list(&g, "brann");
    g.validate_deck(&good, &[], None).unwrap();
    let text = |r: Result<(), GameError>| r.unwrap_err().to_string();
    let short = &good[..59];
    assert!(text(g.validate_deck(short, &[], None)).contains("UF-2.1"));
    let mut five = good.clone();
    five.push("quick_jab".into());
    let t = text(g.validate_deck(&five, &[], None));
    assert!(t.contains("quick_jab") && t.contains("UF-2.2"), "{t}");
    let mut no_char: Vec<String> = good.iter().filter(|c| !c.starts_with("brann_")).cloned().collect();
    no_char.extend(["tidal_focus".to_string(), "tidal_focus".into(), "tidal_focus".into(), "tidal_focus".into()]);
    assert_eq!(no_char.len(), 60);
    let t = text(g.validate_deck(&no_char, &[], None));
    assert!(t.contains("UF-2.3"), "{t}");
    let side3 = vec!["tidal_focus".to_string(); 3];
    assert!(text(g.validate_deck(&good, &side3, None)).contains("UF-2.4"));
    let side8: Vec<String> = [
        "tidal_focus",
        "tidal_focus",
        "tidal_focus",
        "tidal_focus",
        "wave_palm",
        "wave_palm",
        "wave_palm",
        "wave_palm",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    g.validate_deck(&good, &side8, None).unwrap();
    // Copies count across deck and sideboard.
    let mut side_jab = side8.clone();
    side_jab[0] = "quick_jab".into();
    let t = text(g.validate_deck(&good, &side_jab, None));
    assert!(t.contains("quick_jab") && t.contains("UF-2.2"), "{t}");
    let mut unknown = good.clone();
    unknown.push("no_such_card".into());
    let t = text(g.validate_deck(&unknown, &[], None));
    assert!(t.contains("no_such_card") && t.contains("no such card"), "{t}");
    assert!(text(g.validate_deck(&good, &[], Some("quick_jab"))).contains("UF-4.1"));
    // The same checks guard `load`.
    let err = Ufs::new(UfsOptions {
        decks: [DeckChoice::List(short.to_vec()), DeckChoice::Preset("vex".into())],
        ..Default::default()
    })
    .unwrap_err();
    assert!(matches!(err, GameError::CardData { .. }) && err.to_string().contains("UF-2.1"), "{err}");
}

// UF-2.5, UF-2.6, UF-3.1, UF-4.1, UF-4.2, UF-4.3, UF-4.4, UF-11.1, UF-11.2, UF-12.1, UF-12.3, UFX-7
#[test]
fn uf_4_setup_character_vitality_hand_size_and_the_first_player_committed() {
    let g = game();
    let s = g.new_state(5);
    assert_eq!(s.phase, Phase::Mulligan { player: 0 });
    assert_eq!((s.sides[0].vitality, s.sides[1].vitality), (22, 20));
    assert_eq!((s.sides[0].hand.len(), s.sides[1].hand.len()), (6, 6));
    assert_eq!((s.sides[0].deck.len(), s.sides[1].deck.len()), (53, 53));
    assert_eq!(names(&g, s.sides[0].character.cards()), ["brann_kestrel"]);
    assert!(s.sides[0].character_committed() && !s.sides[1].character_committed());
    // Shuffled: another seed gives another order.
    assert_ne!(g.new_state(6).sides[0].deck, s.sides[0].deck);
    // A seeded coin flip without the option.
    let coin = Ufs::new(UfsOptions::default()).unwrap();
    let firsts: std::collections::BTreeSet<u8> = (0..20).map(|k| coin.new_state(k).first).collect();
    assert_eq!(firsts.len(), 2);
}

// UF-2.7, UF-4.5, UF-2.8, UF-4.6, UFX-6
#[test]
fn uf_2_7_the_mulligan_removes_the_old_hand_from_the_game() {
    let g = game();
    let mut s = g.new_state(2);
    let old = s.sides[0].hand;
    act(&g, &mut s, A::Mulligan(true));
    assert!(s.sides[0].mulliganed.iter().eq(old.iter()));
    assert_eq!(s.sides[0].hand.len(), 6);
    assert_eq!(s.sides[0].deck.len(), 47);
    assert_eq!(s.phase, Phase::Mulligan { player: 1 });
    act(&g, &mut s, A::Mulligan(false));
    // UF-2.8: P0's first turn goes straight to combat, its character still committed.
    assert_eq!(s.phase, Phase::Combat);
    assert!(s.sides[0].character_committed());
    // The mulliganed cards are hidden from P1.
    assert!(!s.information_state_string(&g, 1).contains("mulliganed:"));
    assert!(s.information_state_string(&g, 0).contains("mulliganed:"));
    // UF-4.6: turns alternate; P1 readies in its own ready phase.
    set_hand(&g, &mut s, 1, &[]);
    act(&g, &mut s, A::Pass);
    assert_eq!((s.active, s.turn), (1, 2));
    assert_eq!(s.phase, Phase::Combat, "empty hand: no review step");
    act(&g, &mut s, A::Pass);
    assert_eq!((s.active, s.turn, s.phase), (0, 3, Phase::Review));
    assert!(!s.sides[0].character_committed(), "P0's second turn readies its character");
}

// UF-5.1, UF-3.2
#[test]
fn uf_5_1_review_discards_one_then_draws_up_to_hand_size() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 1, &["wave_palm", "brace", "tidal_focus"]);
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Review);
    assert_eq!(legal(&g, &s), vec![A::Discard(0), A::Discard(1), A::Discard(2), A::Pass]);
    act(&g, &mut s, A::Discard(1));
    assert_eq!(names(&g, s.sides[1].discard.iter()), ["brace"]);
    assert_eq!(s.sides[1].hand.len(), 6);
    assert_eq!(s.phase, Phase::Combat);
}

// UF-3.2
#[test]
fn uf_3_2_no_discard_at_end_of_turn_and_no_draw_above_hand_size() {
    let g = game();
    let mut s = start(&g);
    let eight =
        ["wave_palm", "brace", "tidal_focus", "quick_jab", "low_sweep", "still_waters", "ebb_and_flow", "wave_palm"];
    set_hand(&g, &mut s, 1, &eight);
    act(&g, &mut s, A::Pass);
    act(&g, &mut s, A::Pass); // P1 keeps all 8
    assert_eq!(s.sides[1].hand.len(), 8);
    act(&g, &mut s, A::Pass); // P1 ends its turn holding 8: nothing discarded
    assert_eq!(s.sides[1].hand.len(), 8);
    assert!(s.sides[1].discard.is_empty());
}

// UF-5.3, UF-9.1, UF-9.3, UF-9.4, UF-11.3, UF-11.5, UF-11.9, UF-11.12, UF-12.4, UFX-12
#[test]
fn uf_5_3_end_phase_moves_permanents_attaches_characters_and_offers_momentum() {
    let g = game();
    let mut s = start(&g);
    for n in ["ember_wraps", "burning_ring", "brann_ashen_fist", "quick_jab", "rising_heat"] {
        let c = take(&g, &mut s, 0, n);
        s.sides[0].pool.push(Slot::new(c));
    }
    s.sides[0].pool.as_mut_slice()[3].set_damaged(true);
    let c = take(&g, &mut s, 1, "brace");
    s.sides[1].pool.push(Slot::new(c));
    s.validate(&g).unwrap();
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Momentum);
    assert_eq!(legal(&g, &s), vec![A::Momentum(false), A::Momentum(true)]);
    act(&g, &mut s, A::Momentum(true));
    let p0 = &s.sides[0];
    assert_eq!(names(&g, p0.staging.cards()), ["ember_wraps", "burning_ring"]);
    assert_eq!(names(&g, p0.character.cards()), ["brann_kestrel", "brann_ashen_fist"]);
    assert_eq!(names(&g, p0.momentum.iter()), ["quick_jab"]);
    assert_eq!(names(&g, p0.discard.iter()), ["rising_heat"]);
    assert!(p0.pool.is_empty() && s.sides[1].pool.is_empty());
    assert_eq!(names(&g, s.sides[1].discard.iter()), ["brace"]);
    // UF-11.3: the attached copy adds nothing to vitality or hand size.
    assert_eq!(g.max_vitality(0), 22);
    assert_eq!(s.sides[0].vitality, 22);
    // Momentum is face down: its text is gone, it is never a source of abilities.
    assert!(s.render(&g).contains("momentum 1"));
}

// UF-9.3
#[test]
fn uf_9_3_a_damaging_attack_may_also_go_to_the_discard_pile() {
    let g = game();
    let mut s = start(&g);
    let c = take(&g, &mut s, 0, "quick_jab");
    s.sides[0].pool.push({
        let mut x = Slot::new(c);
        x.set_damaged(true);
        x
    });
    act(&g, &mut s, A::Pass);
    act(&g, &mut s, A::Momentum(false));
    assert!(s.sides[0].momentum.is_empty());
    assert_eq!(names(&g, s.sides[0].discard.iter()), ["quick_jab"]);
}

// UF-11.3, UFX-10, UFX-14
// 「自分のキャラクターと同一人物のカードに限られる」「配備エリアのキャラクターに付ける形で永続する」
// 「配置することでシンボルや能力などが追加される」: only cards of the same person; they attach to the
// character in the staging area; placing one adds symbols, abilities and so on.
#[test]
fn uf_11_3_another_card_of_the_same_person_attaches_and_adds_abilities() {
    let g = brann_plus(&["isolde_marr"], UfsOptions::default());
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["brann_ashen_fist", "isolde_marr"]);
    // Isolde is another person: not playable. (Her symbols do not match either.)
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Pass]);
    set_top(&g, &mut s, 0, &["training_regimen"]); // 6 >= 6
    play(&g, &mut s, 0, "brann_ashen_fist");
    act(&g, &mut s, A::Pass);
    assert_eq!(names(&g, s.sides[0].character.cards()), ["brann_kestrel", "brann_ashen_fist"]);
    assert_eq!(g.hand_size(0), 6);
    // On P0's next attack (its character readied, one momentum) it can use both cards'
    // enhances: Brann Kestrel's (commit: damage +1) and Ashen Fist's (Surge 1: damage +2).
    to_combat(&g, &mut s, 1);
    to_combat(&g, &mut s, 0);
    let m = take(&g, &mut s, 0, "quick_jab");
    s.sides[0].momentum.push(m);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_hand(&g, &mut s, 1, &[]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    s.sides[1].character.as_mut_slice()[0].set_committed(true); // Isolde has no enhance left
    let before = s.sides[1].vitality;
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 0 });
    let c0 = CHAR_SOURCE as u8;
    assert_eq!(legal(&g, &s), vec![A::Use(c0, 0), A::Use(c0 + 1, 0), A::Pass]);
    act(&g, &mut s, A::Use(c0, 0));
    // Committing Brann Kestrel commits the whole character (UFX-14); P1 has nothing and passes,
    // so P0 may still use the attached card's ability, which costs no commit.
    assert!(s.sides[0].character_committed());
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 1 });
    assert_eq!(legal(&g, &s), vec![A::Use(c0 + 1, 0), A::Pass]);
    act(&g, &mut s, A::Use(c0 + 1, 0));
    assert!(s.sides[0].momentum.is_empty());
    // P1 cannot block: Quick Jab's 2 + 1 + 2.
    assert_eq!(s.sides[1].vitality, before - 5);
}

// UF-3.7, UF-11.3, UFX-9
// 「ユニーク処理： ユニークキーワードのあるカード、自軍ユニーク、先出し生存」: a card with the unique
// keyword is unique on your side; the one out first survives. Characters are no exception.
#[test]
fn uf_3_7_a_second_identical_unique_character_does_not_survive() {
    // The issue's repro: two more Vex Ordane would attach, and "Surge 2: damage +3" would fire
    // three times, so a 3-damage Shade Claw dealt 12 (Shade Claw deals 4 since the deck balance
    // pass, docs/rules/ufs.md: 13).
    let g = {
        let base = game();
        let mut list = preset_list(&base, "vex");
        list.extend(["vex_ordane".to_string(), "vex_ordane".into()]);
        Ufs::new(UfsOptions {
            first_player: Some(0),
            decks: [DeckChoice::List(list), DeckChoice::Preset("isolde".into())],
            ..Default::default()
        })
        .unwrap()
    };
    let mut s = start(&g);
    for n in ["vex_ordane", "vex_hollow_crown", "vex_ordane"] {
        let c = take(&g, &mut s, 0, n);
        s.sides[0].pool.push(Slot::new(c));
    }
    s.validate(&g).unwrap();
    act(&g, &mut s, A::Pass);
    // Both identical copies are discarded; the other card of the same person attaches.
    assert_eq!(names(&g, s.sides[0].character.cards()), ["vex_ordane", "vex_hollow_crown"]);
    assert_eq!(names(&g, s.sides[0].discard.iter()), ["vex_ordane", "vex_ordane"]);
    // P1 passes; on P0's next turn Shade Claw (4 damage) is enhanced by Vex Ordane once.
    set_hand(&g, &mut s, 1, &[]);
    if s.phase == Phase::Review {
        act(&g, &mut s, A::Pass);
    }
    act(&g, &mut s, A::Pass);
    assert_eq!((s.active, s.phase), (0, Phase::Combat), "an empty hand skips the review step");
    set_hand(&g, &mut s, 0, &["shade_claw"]);
    for _ in 0..6 {
        let m = s.sides[0].deck.pop().unwrap();
        s.sides[0].momentum.push(m);
    }
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "shade_claw");
    let c0 = CHAR_SOURCE as u8;
    assert_eq!(legal(&g, &s), vec![A::Use(c0, 0), A::Pass]);
    act(&g, &mut s, A::Use(c0, 0));
    // Vex Ordane has enhanced this attack and nothing else can: both pass at once, P1 cannot
    // block, and the damage step deals 4 + 3.
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(s.sides[1].vitality, 20 - 7, "7, not 13");
    // A loaded state with two identical unique characters attached is refused.
    let mut two = s.clone();
    let c = take(&g, &mut two, 0, "vex_ordane");
    two.sides[0].character.push(Slot::new(c));
    let e = two.validate(&g).unwrap_err().to_string();
    assert!(e.contains("unique"), "{e}");
}

// UF-11.3, UF-7.4
#[test]
fn uf_11_3_an_attached_card_adds_its_symbols_but_not_vitality_or_hand_size() {
    let g = brann_plus(&["brann_ashen_fist", "shade_claw"], UfsOptions::default());
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["brann_ashen_fist", "shade_claw"]);
    // Shade Claw (evil) matches nothing of Brann's yet.
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Pass]);
    set_top(&g, &mut s, 0, &["training_regimen"]); // 6 >= 6
    play(&g, &mut s, 0, "brann_ashen_fist");
    act(&g, &mut s, A::Pass); // attaches at the end phase
    assert_eq!(names(&g, s.sides[0].character.cards()), ["brann_kestrel", "brann_ashen_fist"]);
    set_hand(&g, &mut s, 1, &[]);
    if s.phase == Phase::Review {
        act(&g, &mut s, A::Pass);
    }
    act(&g, &mut s, A::Pass); // P1 ends its turn
    assert_eq!((s.active, s.phase), (0, Phase::Review));
    act(&g, &mut s, A::Pass);
    // Hand size stays Brann Kestrel's 6 (the attached card says 5), vitality maximum 22 (not 18).
    assert_eq!(s.sides[0].hand.len(), 6);
    assert_eq!(g.max_vitality(0), 22);
    // Evil now comes from the attached card: Shade Claw is playable.
    let i = hand_index(&g, &s, 0, "shade_claw");
    assert!(legal(&g, &s).contains(&A::Play(i)));
}

// UF-7.1, UF-7.3, UF-7.4, UF-8.2
#[test]
fn uf_7_4_a_card_needs_a_symbol_of_the_character_or_a_pool_card() {
    let options = UfsOptions { infinity: [Some(Symbol::Water), None], ..Default::default() };
    let g = brann_plus(&["wave_palm"], options);
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["wave_palm", "iron_resolve", "training_regimen"]);
    // Wave Palm (water) and Training Regimen (infinity = water) match nothing of Brann's.
    assert_eq!(legal(&g, &s), vec![A::Play(1), A::Pass]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "iron_resolve"); // infinity (water) + all: now water is in the pool
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Play(1), A::Pass]);
}

// UF-7.2, UFX-2
#[test]
fn uf_7_2_infinity_stands_for_the_symbol_chosen_in_advance() {
    let g = game(); // Brann's infinity defaults to fire, his first symbol
    assert_eq!(g.infinity, [Symbol::Fire, Symbol::Water]);
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["training_regimen"]);
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Pass]);
    let g2 = Ufs::new(UfsOptions { first_player: Some(0), infinity: [Some(Symbol::Void), None], ..Default::default() })
        .unwrap();
    let mut s = start(&g2);
    set_hand(&g2, &mut s, 0, &["training_regimen"]);
    assert_eq!(legal(&g2, &s), vec![A::Pass]);
}

// UFX-1
#[test]
fn ufx_1_symbol_match_every_needs_the_character_and_every_pool_card() {
    let options =
        UfsOptions { infinity: [Some(Symbol::Water), None], symbol_match: SymbolMatch::Every, ..Default::default() };
    let g = brann_plus(&["wave_palm"], options);
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["wave_palm", "iron_resolve", "ember_wraps"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "iron_resolve");
    // Wave Palm still shares nothing with the character; Ember Wraps (fire, all) shares "all"
    // with the character and with Iron Resolve.
    assert_eq!(legal(&g, &s), vec![A::Play(1), A::Pass]);
}

// UF-11.10, UF-6.6
#[test]
fn uf_11_10_speed_adds_to_the_block_difficulty() {
    let (g, mut s) = block_step(&["quick_jab"]);
    s.attack.as_mut().unwrap().speed = 9;
    // 2 + 0 + 9 - 1 = 10: a 6 and one commit cannot reach it: no commit step, block fails.
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.sides[1].vitality, 17);
}

// UF-1.3, UF-3.3, UF-3.4
#[test]
fn uf_3_4_relief_reuses_the_discard_and_removes_ten() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["ember_wraps"]);
    // 1 card left in the deck, 20 in the discard pile.
    while s.sides[0].deck.len() > 1 {
        let c = s.sides[0].deck.pop().unwrap();
        if s.sides[0].discard.len() < 20 {
            s.sides[0].discard.push(c);
        } else {
            s.sides[0].removed.push(c);
        }
    }
    let removed_before = s.sides[0].removed.len();
    act(&g, &mut s, A::Play(0));
    // The flip emptied the deck: 21 cards (with the flipped one) become the deck, 10 removed.
    assert_eq!(s.sides[0].removed.len(), removed_before + 10);
    assert_eq!(s.sides[0].deck.len(), 11);
    assert!(s.sides[0].discard.is_empty());
    assert!(!s.is_terminal());
}

// UF-1.3, UF-3.4, UFX-3
#[test]
fn uf_1_3_a_deck_that_cannot_be_refilled_loses() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["ember_wraps"]);
    // 1 card in the deck, 9 in the discard: with the flipped card that is 10, which empties the
    // new deck at once; it runs out again with nothing to reuse.
    while s.sides[0].deck.len() > 1 {
        let c = s.sides[0].deck.pop().unwrap();
        if s.sides[0].discard.len() < 9 {
            s.sides[0].discard.push(c);
        } else {
            s.sides[0].removed.push(c);
        }
    }
    act(&g, &mut s, A::Play(0));
    assert_eq!(s.result, Some([-1, 1]));
}

// UF-3.5, UF-11.6
#[test]
fn uf_3_5_no_summoning_sickness_a_new_foundation_commits_on_the_next_turn() {
    let g = game();
    let mut s = start(&g);
    to_combat(&g, &mut s, 1);
    set_hand(&g, &mut s, 1, &["still_waters"]);
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    play(&g, &mut s, 1, "still_waters");
    act(&g, &mut s, A::Pass); // to the staging area, P0's turn
                              // P0 attacks; P1 defends: Still Waters (enhance, commit: damage -1 on the attack against
                              // it) is usable already.
    to_combat(&g, &mut s, 0);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_hand(&g, &mut s, 1, &[]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    s.sides[0].character.as_mut_slice()[0].set_committed(true);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.current_player(), Some(1));
    let k = s.sides[1].staging.cards().position(|c| c == id(&g, "still_waters")).unwrap() as u8;
    assert!(legal(&g, &s).contains(&A::Use(k, 0)));
}

// UF-3.6
#[test]
fn uf_3_6_bonuses_end_with_the_turn_momentum_and_staging_stay() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 0, "furnace_stance");
    let m = take(&g, &mut s, 0, "quick_jab");
    s.sides[0].momentum.push(m);
    act(&g, &mut s, A::Use(0, 0)); // form, commit: control 2
    assert_eq!(s.sides[0].control_bonus, 2);
    s.sides[0].breaker = 1;
    act(&g, &mut s, A::Pass);
    assert_eq!((s.sides[0].control_bonus, s.sides[0].breaker), (0, 0));
    assert_eq!(s.sides[0].momentum.len(), 1);
    assert_eq!(s.sides[0].staging.len(), 1);
    assert_eq!(s.sides[0].vitality, 22);
}

// UF-3.7, UFX-9
#[test]
fn uf_3_7_the_first_unique_copy_survives() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 0, "burning_ring");
    let c = take(&g, &mut s, 0, "burning_ring");
    s.sides[0].pool.push(Slot::new(c));
    act(&g, &mut s, A::Pass);
    assert_eq!(names(&g, s.sides[0].staging.cards()), ["burning_ring"]);
    assert_eq!(names(&g, s.sides[0].discard.iter()), ["burning_ring"]);
}

// UF-5.2
#[test]
fn uf_5_2_combat_phase_offers_every_card_type_and_form_abilities() {
    let g = game();
    let mut s = start(&g);
    s.sides[0].character.as_mut_slice()[0].set_committed(false);
    stage(&g, &mut s, 0, "furnace_stance");
    set_hand(
        &g,
        &mut s,
        0,
        &["ember_wraps", "burning_ring", "brann_ashen_fist", "quick_jab", "reckless_charge", "rising_heat"],
    );
    // Rising Heat is an enhance-only action: not a form.
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Play(1), A::Play(2), A::Play(3), A::Play(4), A::Use(0, 0), A::Pass]);
    // Furnace Stance: form, commit: control 2 (the next check this turn).
    act(&g, &mut s, A::Use(0, 0));
    assert!(s.sides[0].staging.as_slice()[0].committed() && s.sides[0].staging.as_slice()[0].used_turn());
    set_top(&g, &mut s, 0, &["magma_knee"]); // control 4 + 2 against Reckless Charge's 3
    play(&g, &mut s, 0, "reckless_charge");
    assert_eq!(s.sides[0].hand.len(), 5 + 2, "play: draw 2");
    assert_eq!(s.sides[0].control_bonus, 0);
}

// UF-9.2, keyword Surge (momentum cost)
#[test]
fn uf_9_2_surge_pays_by_discarding_momentum() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["blaze_hook"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "blaze_hook");
    // No momentum: the attack's Surge enhance is not offered.
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    let mut s2 = s.clone();
    let m = take(&g, &mut s2, 0, "quick_jab");
    s2.sides[0].momentum.push(m);
    s2.phase = Phase::Enhance { priority: 0, passes: 0 };
    assert_eq!(legal(&g, &s2), vec![A::Use(ATTACK_SOURCE as u8, 0), A::Pass]);
    act(&g, &mut s2, A::Use(ATTACK_SOURCE as u8, 0));
    assert_eq!(s2.attack.unwrap().damage, 6);
    assert!(s2.sides[0].momentum.is_empty());
    assert_eq!(names(&g, s2.sides[0].discard.iter()).last().unwrap(), "quick_jab");
}

// Keyword Combo
#[test]
fn keyword_combo_needs_the_listed_trait_right_before() {
    let g = game();
    let mut s = start(&g);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["quick_jab", "cinder_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen", "ember_wraps"]);
    play(&g, &mut s, 0, "quick_jab"); // a punch; resolves unblocked
    assert_eq!(s.phase, Phase::Combat);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    play(&g, &mut s, 0, "cinder_jab"); // 3 + 1 = 4 against 6
    assert_eq!(s.sides[1].vitality, 20 - 2 - 5, "Combo (punch): damage 3 + 2");
    // Without a punch before it, no bonus.
    let mut s = start(&g);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["cinder_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "cinder_jab");
    assert_eq!(s.sides[1].vitality, 17);
}

// Keyword Desperation
#[test]
fn keyword_desperation_works_below_half_vitality() {
    let g = game();
    for (vitality, speed) in [(11, 3), (10, 5)] {
        let mut s = start(&g);
        s.sides[0].vitality = vitality;
        set_hand(&g, &mut s, 0, &["magma_knee"]);
        set_top(&g, &mut s, 0, &["training_regimen"]);
        play(&g, &mut s, 0, "magma_knee");
        assert_eq!(s.attack.unwrap().speed, speed, "vitality {vitality} of 22");
    }
}

// Keyword Breaker, UFX-16
#[test]
fn keyword_breaker_raises_the_attackers_next_difficulty() {
    let g = game();
    let (_, mut s) = block_step(&["serene_guard"]); // Breaker 2, mid block
                                                    // 1 + 0 + 5 - 3 = 3 against 6: partial block (mid against high).
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.sides[1].vitality, 18);
    assert_eq!(s.sides[0].breaker, 2);
    set_hand(&g, &mut s, 0, &["ember_wraps"]);
    set_top(&g, &mut s, 0, &["furnace_stance"]);
    play(&g, &mut s, 0, "ember_wraps"); // 1 + 1 progressive + 2 breaker = 4 against 5
    assert_eq!(s.sides[0].breaker, 0, "spent on the next card");
    assert_eq!(s.phase, Phase::Combat);
    let mut s2 = s.clone();
    s2.sides[0].breaker = 3;
    set_hand(&g, &mut s2, 0, &["training_regimen"]);
    set_top(&g, &mut s2, 0, &["furnace_stance"]);
    play(&g, &mut s2, 0, "training_regimen"); // 1 + 2 + 3 = 6 against 5: fails
    assert_eq!(s2.phase, Phase::Momentum, "the phase ends; the damaging Cinder Jab may become momentum");
}

// UF-11.7, stun, UFX-14
#[test]
fn uf_11_7_a_face_down_foundation_loses_its_abilities_but_still_commits() {
    let g = with(["vex", "isolde"]);
    let mut s = start(&g);
    stage(&g, &mut s, 1, "tidal_focus");
    stage(&g, &mut s, 1, "still_waters");
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["grave_sweep"]);
    set_top(&g, &mut s, 0, &["hollow_pact"]);
    play(&g, &mut s, 0, "grave_sweep"); // 4 against 6
                                        // P1 may use Still Waters (damage -1); it passes.
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    act(&g, &mut s, A::Pass);
    assert_eq!(s.sides[1].vitality, 16);
    assert!(s.sides[1].staging.as_slice()[0].face_down(), "damage: shatter");
    act(&g, &mut s, A::Pass);
    act(&g, &mut s, A::Momentum(false)); // P1's turn
    assert_eq!(s.phase, Phase::Combat);
    set_hand(&g, &mut s, 1, &[]);
    // Tidal Focus's form ability is gone; Still Waters has no form ability.
    assert_eq!(legal(&g, &s), vec![A::Pass]);
    // It still commits for +1: Crashing Tide (5) against a flip of 4.
    set_hand(&g, &mut s, 1, &["crashing_tide"]);
    set_top(&g, &mut s, 1, &["crashing_tide"]);
    play(&g, &mut s, 1, "crashing_tide");
    assert_eq!(s.phase, Phase::Check);
    assert_eq!(legal(&g, &s), vec![A::Commit(0), A::Commit(1), A::Commit(CHAR), A::Pass]);
    act(&g, &mut s, A::Commit(0));
    assert!(s.sides[1].pool.cards().any(|c| c == id(&g, "crashing_tide")), "the check passed");
    assert!(s.sides[1].staging.as_slice()[0].committed() && s.sides[1].staging.as_slice()[0].face_down());
}

// Stun effect
#[test]
fn effect_stun_commits_the_opponents_ready_foundations() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 1, "tidal_focus");
    stage(&g, &mut s, 1, "still_waters");
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    s.sides[1].staging.as_mut_slice()[1].set_committed(true);
    set_hand(&g, &mut s, 0, &["low_sweep"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "low_sweep");
    assert_eq!(s.phase, Phase::Combat);
    assert!(s.sides[1].staging.as_slice()[0].committed(), "stun 1 commits the first ready foundation");
}

// UF-8.10 (enhance actions are not forms), UFX-5, UFX-16
#[test]
fn ufx_5_a_failed_enhance_action_does_not_end_the_phase() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab", "rising_heat"]);
    set_top(&g, &mut s, 0, &["burning_ring", "training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    s.sides[0].breaker = 3; // 2 + 1 + 3 = 6 against 4
    act(&g, &mut s, A::Play(0));
    assert_eq!(names(&g, s.sides[0].discard.iter()).last().unwrap(), "rising_heat");
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 0 });
    act(&g, &mut s, A::Pass); // P1 passes, P0 has nothing left: no block, damage
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(s.active, 0);
}

// UF-2.5: 「自分が使用するキャラクターに記載されている生命力。上限も同じ」: the vitality printed on your
// character, which is also the maximum.
#[test]
fn uf_2_5_healing_never_exceeds_the_characters_vitality() {
    let g = with(["isolde", "brann"]);
    let mut s = start(&g);
    stage(&g, &mut s, 0, "healing_spring"); // form, destroy: heal 3
    s.sides[0].vitality = 19;
    act(&g, &mut s, A::Use(0, 0));
    assert_eq!(s.sides[0].vitality, 20);
}

// UF-4.1: 「それぞれ自分のデッキから任意のキャラクターカード 1枚を、使用キャラクターとして場に配置する」:
// each player places any one character card of its deck as its character. UFX-7.
#[test]
fn uf_4_1_any_character_card_of_the_deck_may_start() {
    let g = Ufs::new(UfsOptions {
        characters: [Some("brann_ashen_fist".into()), None],
        first_player: Some(0),
        ..Default::default()
    })
    .unwrap();
    let s = g.new_state(1);
    assert_eq!(names(&g, s.sides[0].character.cards()), ["brann_ashen_fist"]);
    assert_eq!((s.sides[0].vitality, s.sides[0].hand.len()), (18, 5));
    assert!(
        s.sides[0].all_cards().filter(|&c| c == id(&g, "brann_kestrel")).count() == 1,
        "Brann Kestrel is in the deck"
    );
}

// UF-9.4: 「モメンタムとなったカードは裏向きとなり、記載能力はすべて失われる」: momentum is face down and
// loses all its text.
#[test]
fn uf_9_4_momentum_cards_lose_their_text() {
    let g = game();
    let mut s = start(&g);
    // Burning Ring's text would add momentum after damage; under the character it does nothing.
    let m = take(&g, &mut s, 0, "burning_ring");
    s.sides[0].momentum.push(m);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.sides[1].vitality, 18);
    assert_eq!(names(&g, s.sides[0].momentum.iter()), ["burning_ring"]);
    assert_eq!(legal(&g, &s), vec![A::Pass], "no ability of a momentum card is offered");
}

// UF-12.4
#[test]
fn uf_12_4_destroyed_permanents_go_to_the_discard_pile() {
    let g = with(["isolde", "brann"]);
    let mut s = start(&g);
    stage(&g, &mut s, 0, "healing_spring");
    s.sides[0].vitality = 10;
    act(&g, &mut s, A::Use(0, 0)); // form, destroy: heal 2
    assert_eq!(s.sides[0].vitality, 12);
    assert!(s.sides[0].staging.is_empty());
    assert_eq!(names(&g, s.sides[0].discard.iter()), ["healing_spring"]);
}

// UF-4.6: 「互いにターンと呼ばれる手順を繰り返し、一方が勝利条件を満たした時ゲーム終了」: turns
// repeat until one player meets a win condition. The seed has no turn limit.
#[test]
fn uf_4_6_the_game_goes_on_past_turn_200() {
    let g = game();
    assert_eq!(g.options.max_turns, None);
    assert!(!g.length_bounded_by_rules());
    let mut s = start(&g);
    s.turn = 200;
    s.validate(&g).unwrap();
    act(&g, &mut s, A::Pass);
    assert_eq!((s.turn, s.active, s.result), (201, 1, None));
    assert!(!s.is_terminal());
    assert!(s.render(&g).contains("UFS | turn 201 |"), "{}", s.render(&g));
    // A state far past any old limit loads and plays on; the counter never wraps.
    s.turn = u32::MAX - 1;
    let mut s = g.state_from_json(&s.to_json()).unwrap();
    set_hand(&g, &mut s, 1, &[]);
    act(&g, &mut s, A::Pass);
    act(&g, &mut s, A::Pass);
    assert_eq!((s.turn, s.result), (u32::MAX, None));
    let mut obs = vec![0.0; g.observation_len()];
    s.observation(&g, 0, &mut obs);
    assert!(obs.iter().all(|x| x.is_finite()));
    // The turn feature (after the scalars, the card blocks, the phase and three flags): t/(t+20).
    let turn_feature = obs[2 * 14 + 18 * g.universe.len() + 8 + 3];
    assert!(turn_feature > 0.99 && turn_feature <= 1.0, "{turn_feature}");
    s.turn = 20;
    s.observation(&g, 0, &mut obs);
    assert_eq!(obs[2 * 14 + 18 * g.universe.len() + 8 + 3], 0.5);
}

// UFX-8 (a variant, not in the seed)
#[test]
fn ufx_8_the_turn_limit_variant_draws_the_game() {
    let g = Ufs::new(UfsOptions { first_player: Some(0), max_turns: Some(2), ..Default::default() }).unwrap();
    assert!(g.length_bounded_by_rules());
    let mut s = start(&g);
    assert!(s.render(&g).contains("UFS | turn 1 of at most 2 |"));
    act(&g, &mut s, A::Pass);
    set_hand(&g, &mut s, 1, &[]);
    if s.phase == Phase::Review {
        act(&g, &mut s, A::Pass);
    }
    act(&g, &mut s, A::Pass);
    assert_eq!(s.result, Some([0, 0]));
    assert!(s.is_terminal());
    // The variant's turn range guards loaded states.
    let mut late = start(&g);
    late.turn = 3;
    assert!(late.validate(&g).unwrap_err().to_string().contains("max_turns"));
}

// UFX-11: a capacity is never a rule. 「ディスカード： 無し（ただし上限値までしか補充できない）。」 (no discard;
// only the refill stops at the hand size): a draw effect draws past the hand size, however big the
// hand. The hand holds a whole deck, so it is never full: a "draw 2" into 12 cards draws both.
#[test]
fn ufx_11_a_draw_is_never_cut_by_the_hand() {
    let g = game();
    let mut s = start(&g);
    let twelve = [
        "quick_jab",
        "quick_jab",
        "quick_jab",
        "quick_jab",
        "low_sweep",
        "low_sweep",
        "low_sweep",
        "low_sweep",
        "brace",
        "brace",
        "brace",
        "reckless_charge",
    ];
    set_hand(&g, &mut s, 0, &twelve);
    set_top(&g, &mut s, 0, &["training_regimen", "iron_resolve", "training_regimen"]);
    play(&g, &mut s, 0, "reckless_charge"); // draw 2 into a hand of 11
    assert_eq!(s.sides[0].hand.len(), 13);
    // Every card of the deck in one hand still fits.
    let all: Vec<CardId> = s.sides[0].deck.iter().collect();
    let n = s.sides[0].hand.len() + all.len();
    for c in all {
        s.sides[0].hand.push(c);
    }
    s.sides[0].deck.clear();
    assert_eq!(s.sides[0].hand.len(), n);
    assert!(n > 50);
}

/// Brann's preset with four more of three cards, P0 with 24 foundations staged and ready.
fn brann_with_24_foundations_staged() -> (Ufs, UfsState) {
    let extra = [
        "tidal_focus",
        "tidal_focus",
        "tidal_focus",
        "tidal_focus",
        "still_waters",
        "still_waters",
        "still_waters",
        "still_waters",
        "grave_sigil",
        "grave_sigil",
        "grave_sigil",
        "grave_sigil",
    ];
    let g = brann_plus(&extra, UfsOptions::default());
    let mut s = start(&g);
    let foundations =
        ["training_regimen", "iron_resolve", "ember_wraps", "furnace_stance", "tidal_focus", "still_waters"];
    for n in foundations.iter().cycle().take(24) {
        stage(&g, &mut s, 0, n);
    }
    (g, s)
}

// UFX-11: a foundation that passed its check is staged at the end phase, however many are
// staged already: 24 staged and a 25th joins them. The staging area holds as many foundations
// and assets as a deck may hold (a loader capacity), so it is never full.
#[test]
fn ufx_11_a_25th_foundation_is_staged_not_discarded() {
    let (g, mut s) = brann_with_24_foundations_staged();
    let c = take(&g, &mut s, 0, "grave_sigil");
    s.sides[0].pool.push(Slot::new(c));
    s.validate(&g).unwrap();
    act(&g, &mut s, A::Pass); // end the combat phase: the pool's foundation is staged
    assert_eq!(s.sides[0].staging.len(), 25);
    assert!(s.sides[0].staging.cards().any(|x| x == c));
    assert!(!s.sides[0].discard.iter().any(|x| x == c));
}

// UFX-11, the card pool (a capacity, not a rule). Progressive difficulty makes each card in the
// pool harder to control (「プログレッシブ難易度」), but nothing caps what a check may add: every ready
// foundation commits for +1 (UF-8.7) and ready effects stand them up again. With 24 foundations
// staged, a 17th card enters the pool and is controlled; the pool holds a whole deck (its cards
// are its player's own), so no play is ever refused for room.
#[test]
fn ufx_11_a_17th_card_enters_the_pool() {
    let (g, mut s) = brann_with_24_foundations_staged();
    set_hand(&g, &mut s, 0, &["grave_sigil"]);
    for _ in 0..16 {
        // The turn's earlier plays: attacks and actions off the deck's bottom.
        let i =
            s.sides[0].deck.iter().position(|x| matches!(g.content.card(x).kind, Kind::Attack | Kind::Action)).unwrap();
        let c = s.sides[0].deck.remove(i);
        s.sides[0].pool.push(Slot::new(c));
    }
    set_top(&g, &mut s, 0, &["quick_jab"]); // control 6
    s.validate(&g).unwrap();
    assert!(legal(&g, &s).contains(&A::Play(0)), "{:?}", legal(&g, &s));
    act(&g, &mut s, A::Play(0));
    assert_eq!(s.phase, Phase::Check);
    while s.phase == Phase::Check {
        let commit =
            legal(&g, &s).into_iter().find(|a| matches!(a, A::Commit(_))).expect("a ready foundation to commit");
        act(&g, &mut s, commit);
    }
    assert_eq!(s.sides[0].pool.len(), 17);
    assert_eq!(s.sides[0].pool.cards().last(), Some(id(&g, "grave_sigil")));
}

// UFX-11, deck capacities (not rules). 「デッキ枚数： 60枚以上。」 (60 cards or more) sets no maximum; kumite
// holds decks of up to 100 cards, with up to 40 foundations and assets and 8 character cards, and
// a larger deck gets an error naming the capacity, never a rule.
#[test]
fn ufx_11_deck_capacities_are_named_loader_errors() {
    let g = game();
    let permanents: Vec<String> = g
        .content
        .cards
        .iter()
        .filter(|c| matches!(c.kind, Kind::Foundation | Kind::Asset))
        .map(|c| c.id.clone())
        .collect();
    let others: Vec<String> = g
        .content
        .cards
        .iter()
        .filter(|c| matches!(c.kind, Kind::Attack | Kind::Action))
        .map(|c| c.id.clone())
        .collect();
    let fours = |ids: &[String], n: usize| -> Vec<String> {
        ids.iter().flat_map(|c| std::iter::repeat_n(c.clone(), 4)).take(n).collect()
    };
    let deck = |n_perm: usize, n_other: usize| {
        let mut d = vec!["brann_kestrel".to_string()];
        d.extend(fours(&permanents, n_perm));
        d.extend(fours(&others, n_other));
        d
    };
    // 101 cards, legal by every rule of the seed.
    let big = deck(30, 70);
    assert_eq!(big.len(), 101);
    let e = g.validate_deck(&big, &[], None).unwrap_err().to_string();
    assert!(e.contains("capacity limit") && e.contains("at most 100") && !e.contains("UF-2"), "{e}");
    g.validate_deck(&deck(30, 69), &[], None).unwrap();
    // 41 foundations and assets.
    let e = g.validate_deck(&deck(41, 30), &[], None).unwrap_err().to_string();
    assert!(e.contains("capacity limit") && e.contains("staging area holds at most 40"), "{e}");
    g.validate_deck(&deck(40, 30), &[], None).unwrap();
    // 9 character cards: 4 each of two versions is 8 with the starting one... one more is 9.
    let mut chars = deck(20, 40);
    chars.extend(
        [
            "brann_ashen_fist",
            "brann_ashen_fist",
            "brann_ashen_fist",
            "brann_ashen_fist",
            "isolde_marr",
            "isolde_marr",
            "isolde_marr",
            "isolde_marr",
        ]
        .map(String::from),
    );
    let e = g.validate_deck(&chars, &[], None).unwrap_err().to_string();
    assert!(e.contains("capacity limit") && e.contains("character row holds at most 8"), "{e}");
    chars.pop();
    g.validate_deck(&chars, &[], None).unwrap();
}

// UFX-12, UF-9.3
#[test]
fn ufx_12_the_momentum_effect_takes_the_top_of_the_discard_pile() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 0, "burning_ring"); // damage: momentum 1
    let d = take(&g, &mut s, 0, "brace");
    s.sides[0].discard.push(d);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_top(&g, &mut s, 0, &["ember_wraps"]);
    play(&g, &mut s, 0, "quick_jab");
    // The flipped Ember Wraps went on top of the discard pile: it becomes momentum.
    assert_eq!(names(&g, s.sides[0].momentum.iter()), ["ember_wraps"]);
    assert_eq!(names(&g, s.sides[0].discard.iter()), ["brace"]);
}

// UFX-15, UFX-10
#[test]
fn ufx_15_damage_lowered_to_zero_is_no_damage() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_hand(&g, &mut s, 1, &["brace"]);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    set_top(&g, &mut s, 1, &["tidal_focus", "tidal_focus"]);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    act(&g, &mut s, A::Play(0)); // Brace: damage -2 on a 2-damage attack
                                 // Nobody has anything more and P1 has no block card left: the damage step deals 0.
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(s.sides[1].vitality, 20);
    assert!(!s.sides[0].pool.as_slice()[0].damaged());
}

// UFX-17
#[test]
fn ufx_17_identical_copies_give_one_action() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab", "quick_jab", "ember_wraps"]);
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Play(2), A::Pass]);
    stage(&g, &mut s, 0, "furnace_stance");
    stage(&g, &mut s, 0, "furnace_stance");
    let uses: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Use(..))).collect();
    assert_eq!(uses, vec![A::Use(0, 0)]);
    act(&g, &mut s, A::Use(0, 0));
    let uses: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Use(..))).collect();
    assert_eq!(uses, vec![A::Use(1, 0)], "the copies now differ");
}

#[test]
fn ufx_determinize_resamples_only_hidden_information() {
    let g = game();
    let mut s = g.new_state(3);
    act(&g, &mut s, A::Mulligan(true));
    act(&g, &mut s, A::Mulligan(false));
    let d = s.determinize(&g, 1, 11);
    d.validate(&g).unwrap();
    assert_eq!(d.sides[1].hand, s.sides[1].hand, "own hand kept");
    let sorted = |v: Vec<CardId>| {
        let mut v = v;
        v.sort();
        v
    };
    let hidden = |x: &UfsState| {
        sorted(x.sides[0].hand.iter().chain(x.sides[0].deck.iter()).chain(x.sides[0].mulliganed.iter()).collect())
    };
    assert_eq!(hidden(&d), hidden(&s));
    assert_eq!(d.sides[0].mulliganed.len(), 6);
    assert!((0..20).any(|k| s.determinize(&g, 1, k).sides[0].hand != s.sides[0].hand));
    assert_eq!(d.information_state_string(&g, 1), s.information_state_string(&g, 1));
}

#[test]
fn hostile_json_states_are_rejected_with_reasons() {
    let g = game();
    let s = start(&g);
    let json = s.to_json();
    assert_eq!(g.state_from_json(&json).unwrap(), s);
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["sides"][0]["vitality"] = 99.into();
    let e = g.state_from_json(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("vitality"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["sides"][0]["hand"] = serde_json::json!([9999]);
    assert!(g.state_from_json(&v.to_string()).is_err());
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["sides"][1]["hand"] = serde_json::json!([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert!(g.state_from_json(&v.to_string()).is_err());
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["phase"] = "check".into();
    let e = g.state_from_json(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("check"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["bogus"] = 1.into();
    assert!(g.state_from_json(&v.to_string()).is_err());
    assert!(g.state_from_json(&json[..json.len() / 2]).is_err());
    // An empty deck mid-game would have been refilled (UF-3.4): refused, never a panic later.
    let mut empty = s.clone();
    let deck = empty.sides[0].deck;
    for c in deck.iter() {
        empty.sides[0].discard.push(c);
    }
    empty.sides[0].deck.clear();
    let e = g.state_from_json(&empty.to_json()).unwrap_err().to_string();
    assert!(e.contains("deck is empty"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["phase"] = "momentum".into();
    assert!(g.state_from_json(&v.to_string()).unwrap_err().to_string().contains("momentum"));
    // A second mulligan (which would also overflow the mulliganed pile) is refused.
    let mut again = g.new_state(1);
    act(&g, &mut again, A::Mulligan(true));
    act(&g, &mut again, A::Mulligan(false));
    again.phase = Phase::Mulligan { player: 0 };
    let e = g.state_from_json(&again.to_json()).unwrap_err().to_string();
    assert!(e.contains("second time"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["active"] = 7.into();
    assert!(g.state_from_json(&v.to_string()).is_err());
    assert!(g.state_from_json("[]").is_err());
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["attack"] = serde_json::json!({"slot": 7, "speed": 1, "damage": 1, "zone": "high", "block": null});
    v["phase"] = serde_json::json!({"enhance": {"priority": 0, "passes": 0}});
    assert!(g.state_from_json(&v.to_string()).is_err());
}

#[test]
fn malformed_content_names_file_card_and_field() {
    let (file, cards) = BUILTIN[0];
    let bad = cards
        .replacen("speed = 4\nzone = \"high\"\ndamage = 2", "speed = 4\nzone = \"high\"\ndamage = 0", 1)
        .replacen("effect = [\"stun 1\"]", "effect = [\"explode 3\"]", 1)
        .replacen("symbols = [\"infinity\", \"order\", \"good\"]", "symbols = [\"plasma\", \"order\", \"good\"]", 1)
        // UF-7.3: 「3つ一組のアイコン」, a set of three icons.
        .replacen("symbols = [\"infinity\", \"all\", \"earth\"]", "symbols = [\"infinity\", \"all\"]", 1);
    let mut c = Content::default();
    let err = c.add_cards(file, &bad).unwrap_err().to_string();
    assert!(err.contains("cards.toml: quick_jab: field `damage`"), "{err}");
    assert!(err.contains("cards.toml: low_sweep: field `ability[0].effect`"), "{err}");
    assert!(err.contains("cards.toml: training_regimen: field `symbols`"), "{err}");
    assert!(err.contains("iron_resolve: field `symbols`: UF-7.3"), "{err}");
    let err = Content::default().add_cards(file, "[[card]]\nid = 3").unwrap_err().to_string();
    assert!(err.contains("cards.toml") && err.contains("line"), "{err}");
    let bad_cost = cards.replacen(
        "trigger = \"damage\"\neffect = [\"stun 1\"]",
        "trigger = \"damage\"\ncost = [\"commit\"]\neffect = [\"stun 1\"]",
        1,
    );
    let err = Content::default().add_cards(file, &bad_cost).unwrap_err().to_string();
    assert!(err.contains("low_sweep: field `ability[0].cost`"), "{err}");
    let mut c = Content::default();
    c.add_cards(file, cards).unwrap();
    let err = c.add_decks("decks.toml", "[[deck]]\nid = \"x\"\ncards = [[\"quick_jab\", 5]]").unwrap_err().to_string();
    assert!(err.contains("UF-2.1") && err.contains("UF-2.2"), "{err}");
}

// UFX-7
#[test]
fn bad_options_are_refused() {
    let bad = |o: UfsOptions| Ufs::new(o).unwrap_err();
    assert!(bad(UfsOptions { first_player: Some(2), ..Default::default() }).to_string().contains("first_player"));
    assert!(bad(UfsOptions { max_turns: Some(1), ..Default::default() }).to_string().contains("max_turns"));
    assert!(bad(UfsOptions { infinity: [Some(Symbol::Infinity), None], ..Default::default() })
        .to_string()
        .contains("infinity"));
    let e = bad(UfsOptions {
        decks: [DeckChoice::Preset("nope".into()), DeckChoice::Preset("vex".into())],
        ..Default::default()
    });
    assert!(e.to_string().contains("brann"), "{e}");
    let e = bad(UfsOptions { characters: [Some("quick_jab".into()), None], ..Default::default() });
    assert!(e.to_string().contains("UF-4.1"), "{e}");
    let e = bad(UfsOptions { content_dir: Some("/no/such/dir".into()), ..Default::default() });
    assert!(e.to_string().contains("content_dir"), "{e}");
    let opts: serde_json::Map<String, serde_json::Value> = serde_json::from_str(r#"{"decks": [3, "vex"]}"#).unwrap();
    assert!(Ufs::from_options(&opts).is_err());
    let opts: serde_json::Map<String, serde_json::Value> = serde_json::from_str(r#"{"nope": 1}"#).unwrap();
    assert!(Ufs::from_options(&opts).is_err());
}

#[test]
fn content_dir_adds_cards_and_decks() {
    let dir = std::env::temp_dir().join(format!("kumite_ufs_content_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("cards.toml"),
        "[[card]]\nid = \"my_jab\"\nname = \"My Jab\"\ntype = \"attack\"\ndifficulty = 1\ncontrol = 6\nsymbols = [\"fire\", \"air\", \"void\"]\nspeed = 3\nzone = \"mid\"\ndamage = 2\n",
    )
    .unwrap();
    let g = game();
    let mut list = preset_list(&g, "brann");
    list.extend(["my_jab".to_string(), "my_jab".into()]);
    let deck = format!(
        "[[deck]]\nid = \"mine\"\ncards = [{}]\n",
        list.iter().map(|c| format!("[\"{c}\", 1]")).collect::<Vec<_>>().join(", ")
    );
    std::fs::write(dir.join("decks.toml"), deck).unwrap();
    let g = Ufs::new(UfsOptions {
        decks: [DeckChoice::Preset("mine".into()), DeckChoice::Preset("vex".into())],
        content_dir: Some(dir.display().to_string()),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(g.decks[0].len(), 61);
    check_random_games(&g, Conformance { games: 200, seed: 1, deep_games: 5 }).unwrap();
    std::fs::write(dir.join("cards.toml"), "[[card]]\nid = \"x\"\n").unwrap();
    let e = Ufs::new(UfsOptions { content_dir: Some(dir.display().to_string()), ..Default::default() }).unwrap_err();
    assert!(e.to_string().contains("cards.toml"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn builtin_content_uses_every_type_and_symbol() {
    let g = game();
    let c = &g.content;
    assert_eq!(c.decks.len(), 4);
    for k in [
        crate::games::ufs::Kind::Character,
        crate::games::ufs::Kind::Foundation,
        crate::games::ufs::Kind::Asset,
        crate::games::ufs::Kind::Attack,
        crate::games::ufs::Kind::Action,
    ] {
        assert!(c.cards.iter().any(|x| x.kind == k));
    }
    for s in Symbol::TWELVE.into_iter().chain([Symbol::Infinity]) {
        assert!(c.cards.iter().any(|x| x.symbols.contains(&s)), "{s:?}");
    }
    let mut persons: Vec<&str> =
        c.cards.iter().filter(|x| x.kind == crate::games::ufs::Kind::Character).map(|x| x.person.as_str()).collect();
    persons.sort_unstable();
    persons.dedup();
    assert_eq!(persons, ["brann", "isolde", "tamsin", "vex"]);
    for d in &c.decks {
        assert_eq!(d.cards.len() + 1, 60);
        // UF-11.3 comes up in ordinary play: each preset holds another card of its person.
        let person = &c.card(d.character).person;
        assert!(
            d.cards.iter().any(|&x| x != d.character
                && c.card(x).kind == crate::games::ufs::Kind::Character
                && &c.card(x).person == person),
            "{}",
            d.id
        );
    }
    // UF-7.3: every card shows a set of three different symbols; UF-3.7: every character is unique.
    for x in &c.cards {
        assert_eq!(x.symbols.len(), 3, "{}", x.id);
        assert!(x.kind != crate::games::ufs::Kind::Character || x.unique, "{}", x.id);
    }
    assert_eq!(c.cards.len(), 54, "docs/rules/ufs.md gives the count");
}

/// Every clause of the rules summary has a row in `docs/rules/ufs.md`, and every test that row
/// names exists in this file.
#[test]
fn docs_name_a_real_test_for_every_clause() {
    const DOC: &str = include_str!("../../../../../docs/rules/ufs.md");
    const TESTS: &str = include_str!("tests.rs");
    // (section, clauses) of the rules summary: UF-1.1..UF-1.3, UF-2.1..UF-2.8, …
    const CLAUSES: [(u8, u8); 12] =
        [(1, 3), (2, 8), (3, 7), (4, 6), (5, 3), (6, 13), (7, 4), (8, 10), (9, 4), (10, 9), (11, 12), (12, 4)];
    for (section, n) in CLAUSES {
        for k in 1..=n {
            let id = format!("UF-{section}.{k}");
            let row =
                DOC.lines().find(|l| l.starts_with(&format!("| {id} |"))).unwrap_or_else(|| panic!("no row for {id}"));
            let tests = row.trim_end_matches('|').rsplit('|').next().unwrap();
            let named: Vec<&str> = tests.split('`').skip(1).step_by(2).collect();
            assert!(!named.is_empty(), "{id} names no test");
            for t in named {
                assert!(TESTS.contains(&format!("fn {t}(")), "{id} names `{t}`, which is not a test here");
            }
        }
    }
}

#[test]
fn conformance_suite_default_options() {
    let g = Ufs::new(UfsOptions::default()).unwrap();
    check_random_games(&g, Conformance::default()).unwrap();
}

#[test]
fn conformance_suite_other_decks_and_options() {
    for decks in [["vex", "tamsin"], ["tamsin", "brann"], ["isolde", "vex"]] {
        check_random_games(&with(decks), Conformance { games: 1_500, seed: 2, deep_games: 50 }).unwrap();
    }
    let every = Ufs::new(UfsOptions { symbol_match: SymbolMatch::Every, ..Default::default() }).unwrap();
    check_random_games(&every, Conformance { games: 1_500, seed: 4, deep_games: 50 }).unwrap();
    // The turn-limit variant (UFX-8) at a limit that random games reach.
    let limited = Ufs::new(UfsOptions { max_turns: Some(12), ..Default::default() }).unwrap();
    check_random_games(&limited, Conformance { games: 500, seed: 5, deep_games: 20 }).unwrap();
}

#[test]
fn view_cards_carry_their_face() {
    // Each card in a view has its face as data for drawing: difficulty, control, the three
    // resource symbols, the attack and block icons and the abilities, as the content gives them.
    let g = game();
    let s = g.new_state(1);
    let v = s.view(&g, Some(0));
    let zones = v["zones"].as_array().unwrap();
    let hand = zones.iter().find(|z| z["id"] == "p0.hand").unwrap()["cards"].as_array().unwrap().clone();
    assert!(!hand.is_empty());
    for c in &hand {
        let k = g.content.cards.iter().find(|k| k.name == c["name"].as_str().unwrap()).unwrap();
        let f = &c["face"];
        assert_eq!(f["layout"], "ufs");
        assert_eq!(f["difficulty"], k.difficulty);
        assert_eq!(f["control"], k.control);
        assert_eq!(f["symbols"].as_array().unwrap().len(), 3);
        assert_eq!(f["attack"].is_null(), k.attack.is_none());
        if let Some(a) = k.attack {
            assert_eq!(
                (f["attack"]["speed"].as_u64(), f["attack"]["damage"].as_u64()),
                (Some(u64::from(a.speed)), Some(u64::from(a.damage)))
            );
            assert_eq!(f["attack"]["zone"], a.zone.name());
        }
        if let Some(b) = k.block {
            assert_eq!(f["block"]["modifier"].as_i64(), Some(i64::from(b.modifier)));
        }
        assert_eq!(f["abilities"].as_array().unwrap().len(), k.abilities.len());
    }
}

/// The dead-text check (issue: "every printed effect of every shipped card … takes effect at
/// least sometimes"): every preset deck plays, random and MCTS; every effect of every ability
/// of every card in play must take effect somewhere, and every card with an ability is in a
/// preset deck or sideboard.
#[test]
fn dead_text_every_printed_ability_effect_takes_effect() {
    let content = Content::builtin();
    let ids: Vec<String> = content.decks.iter().map(|d| d.id.clone()).collect();
    let games: Vec<Ufs> = (0..ids.len()).map(|i| with([&ids[i], &ids[(i + 1) % ids.len()]])).collect();
    let in_play: std::collections::HashSet<CardId> =
        content.decks.iter().flat_map(|d| d.cards.iter().chain(&d.sideboard).chain([&d.character]).copied()).collect();
    let unplayed: Vec<&str> = content
        .cards
        .iter()
        .enumerate()
        .filter(|(i, c)| !c.abilities.is_empty() && !in_play.contains(&CardId(*i as u16)))
        .map(|(_, c)| c.id.as_str())
        .collect();
    assert!(unplayed.is_empty(), "cards with abilities in no preset deck: {unplayed:?}");
    let report = crate::conformance::dead_text::dead_text_over(&games, 1000, 0, 30, 7).unwrap();
    assert!(report.effects.len() > 40, "{} printed effects", report.effects.len());
    eprintln!("{}", report.rarest(8));
    report.check().unwrap();
}
