use kumite::core::{ActionList, Game, NoEvents, Rng, State};
use kumite::games::tekken::{Tekken, TekkenOptions};
fn main() {
    let game = Tekken::new(TekkenOptions::default()).unwrap();
    let mut total = 0u64;
    let t = std::time::Instant::now();
    for seed in 0..2000u64 {
        let mut s = game.new_state(seed);
        let mut rng = Rng::new(seed + 99);
        let mut legal = ActionList::new();
        let mut n = 0;
        while !s.is_terminal() {
            s.legal_actions(&game, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            s.apply_unchecked(&game, a, &mut NoEvents);
            n += 1;
            if n > 100000 { panic!("runaway"); }
        }
        total += n;
    }
    println!("{} steps, {:.0} steps/s, avg len {}", total, total as f64 / t.elapsed().as_secs_f64(), total / 2000);
    println!("state size {}", std::mem::size_of::<kumite::games::tekken::TekkenState>());
}
