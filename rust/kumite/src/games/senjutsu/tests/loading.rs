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
