//! Options, content files and JSON states: what the loader accepts and refuses.

use super::*;

#[test]
fn content_dir_adds_four_samurai_with_decks_of_new_kinds() {
    // The card-kind capacity (`MAX_KINDS` = 512) holds the built-in 113 kinds (108 pool cards,
    // four core cards, the stun card) and 399 more: four new samurai with 40 new kinds and a core
    // card each load and play.
    let dir = many_kinds_dir("four", 4, 0);
    let o = json!({"players": 4, "samurai": ["s0", "s1", "s2", "s3"], "content_dir": dir.to_str().unwrap()});
    let g = game(o);
    assert_eq!(g.content.cards.len(), 113 + 4 * 41);
    check_random_games(&g, Conformance { games: 20, deep_games: 1, ..Conformance::default() }).unwrap();
    // The last new kind reaches the last card action ids.
    let g2 = game(json!({"samurai": ["s3", "old_master"], "content_dir": dir.to_str().unwrap()}));
    check_random_games(&g2, Conformance { games: 20, deep_games: 1, ..Conformance::default() }).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    // 399 new kinds fit (398 cards and a core card); one more is refused with the capacity named.
    let full = many_kinds_dir("full", 1, 398 - 40);
    let g = game(json!({"samurai": ["s0", "old_master"], "content_dir": full.to_str().unwrap()}));
    assert_eq!(g.content.cards.len(), content::MAX_KINDS);
    std::fs::remove_dir_all(&full).unwrap();
    let over = many_kinds_dir("over", 1, 399 - 40);
    let err = load_err(json!({"samurai": ["s0", "old_master"], "content_dir": over.to_str().unwrap()}));
    assert!(err.contains("at most 512 card kinds in all"), "{err}");
    std::fs::remove_dir_all(&over).unwrap();
}

#[test]
fn content_files_name_entries_by_id_and_still_read_key() {
    // Every game names a content entry by `id`; Senjutsu's files said `key` before, and such a
    // file still loads, to the same content.
    let old = |text: &str| text.replace("\nid = ", "\nkey = ").replace("{ id = ", "{ key = ");
    let cards = include_str!("../data/cards.toml");
    let samurai = include_str!("../data/samurai.toml");
    let fields = include_str!("../data/battlefields.toml");
    assert!(cards.contains("\nid = ") && samurai.contains("{ id = "));
    let now = Content::from_texts(cards, samurai, fields).expect("built-in content");
    let before = Content::from_texts(&old(cards), &old(samurai), &old(fields)).expect("the same files with `key`");
    assert_eq!(now.cards.len(), before.cards.len());
    let ids = |c: &Content| c.samurai.iter().map(|s| s.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&now), ids(&before));
    assert_eq!(before.card_by_id("straight_cut"), now.card_by_id("straight_cut"));
}

#[test]
fn a_card_listing_hundreds_of_draws_is_refused_not_overflowed() {
    // Found by the content_lists fuzz target: a debug build panicked adding up 200 draws in a u8
    // before the loader could say a card draws at most 2.
    let draws = vec!["\"draw 2\""; 200].join(", ");
    let text = format!("[[card]]\nkey = \"x\"\nname = \"X\"\nnumber = 999\nrank = 1\ntype = \"meditation\"\ninitiative = [5]\ncopies = 1\ndo = [{draws}]\n");
    let e = Content::builtin().add_cards("x.toml", &text).expect_err("200 draws").to_string();
    assert!(e.contains("a card draws at most 2") && e.contains("at most 8 actions"), "{e}");
}

/// A state the loader once accepted: P1's core card lies in its deck, and about 100 random moves
/// later P1 must select from a hand of cards it cannot select.
const DEAD_END: &str = include_str!("fixtures/accepted_state_dead_end.json");

fn dead_end_fixture() -> (Senjutsu, serde_json::Value) {
    let saved: serde_json::Value = serde_json::from_str(DEAD_END).expect("the fixture is JSON");
    (game(saved["options"].clone()), saved["state"].clone())
}

/// Random play from `s` for each seed: every live state offers an action, and the game ends.
fn plays_to_an_end(g: &Senjutsu, s: &SenjutsuState, seeds: u64) {
    let mut l = ActionList::new();
    for seed in 0..seeds {
        let mut s = s.clone();
        let mut rng = crate::core::Rng::new(seed);
        for step in 0..g.max_game_length() {
            if s.is_terminal() {
                break;
            }
            s.legal_actions(g, &mut l);
            assert!(!l.is_empty(), "seed {seed}, step {step}: a live state with no legal action\n{}", s.render(g));
            let a = l[rng.below(l.len() as u32) as usize];
            s.apply_unchecked(g, a, &mut crate::core::NoEvents);
            if step % 25 == 0 {
                let text = serde_json::to_string(&s).expect("a state serialises");
                g.state_from_json(&text).expect("every state reached loads again");
            }
        }
        assert!(s.is_terminal(), "seed {seed}: the game ends within its bound");
    }
}

#[test]
fn sj_4_7_sj_13_8_a_core_card_outside_the_hand_is_refused() {
    // SJ-4.7, SJ-13.8. 「最後に、各プレイヤーは自分のデッキの上から5枚の能力カードを、コア能力カードと
    // ともに手札に引きます。」(each player draws five cards from its deck, together with the core card)
    // and 「コア能力カードは、値0では常に最後に解決され、捨てられるのではなく手札に戻ります。」(the core
    // card … returns to the hand rather than being discarded): it is never in a deck. The loader
    // accepted a state with P1's core card in its deck; P1 later had nothing to select.
    let (g, state) = dead_end_fixture();
    let err = g.state_from_json(&state.to_string()).expect_err("the core card in the deck is refused").to_string();
    assert!(err.contains("P1's") && err.contains("is in its deck, a discard pile, an instant or an evade"), "{err}");
    // The same position with the core card dealt to the hand, as setup deals it, loads and plays on.
    let core = g.samurai(1).core;
    let mut fixed = state.clone();
    let deck = fixed["samurai"][1]["deck"].as_array_mut().expect("a deck");
    let at = deck.iter().position(|c| c.as_u64() == Some(u64::from(core.0))).expect("the core card in the deck");
    deck.remove(at);
    fixed["samurai"][1]["hand"].as_array_mut().expect("a hand").push(json!(core.0));
    let s = g.state_from_json(&fixed.to_string()).expect("the core card in the hand loads");
    plays_to_an_end(&g, &s, 60);
}

#[test]
fn sj_4_7_a_stun_card_in_a_deck_is_refused() {
    // SJ-11.1: a stun card goes into the hand and, played, back to its supply; never into a deck.
    let (g, s) = duel(json!({}));
    let mut v = serde_json::to_value(&s).expect("serialises");
    v["samurai"][0]["deck"].as_array_mut().expect("a deck").push(json!(g.content.stun.0));
    v["supply"][2] = json!(9);
    let err = g.state_from_json(&v.to_string()).expect_err("a stun card in the deck").to_string();
    let name = &g.content.card(g.content.stun).name;
    assert!(err.contains(&format!("P0's {name} is in its deck")), "{err}");
}

// The conservation check is the one every card game shares (`cards::check_conserved`), over the
// ability cards (the core card and stun cards have their own checks): another samurai's card in
// the deck is a problem of the samurai holding it.
#[test]
fn sj_4_1_an_ability_card_of_another_deck_is_a_conservation_problem() {
    let (g, s) = duel(json!({}));
    let foreign = g.decks[1].iter().find(|c| !g.decks[0].contains(c)).expect("a card only deck 1 has");
    let mut v = serde_json::to_value(&s).expect("serialises");
    v["samurai"][0]["deck"][0] = json!(foreign.0);
    let edited: SenjutsuState = serde_json::from_value(v).expect("reads");
    let problems = crate::games::senjutsu::validate::problems(&edited, &g);
    let found: Vec<_> = problems.iter().filter(|p| p.kind == crate::core::ProblemKind::Conservation).collect();
    assert_eq!(found.len(), 1, "{problems:?}");
    assert_eq!(found[0].at, "samurai[0]");
    assert_eq!(found[0].message, "player 0's ability cards across all zones are not exactly its deck");
}
