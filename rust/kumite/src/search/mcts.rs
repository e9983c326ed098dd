//! Monte Carlo tree search for any game: UCT, information-set MCTS by determinization (the
//! default: each iteration searches a world resampled from what the player to move knows, so the
//! search never sees hidden information), PUCT when the evaluator gives priors, root-parallel
//! trees, iteration and time budgets, and tree reuse between moves.
//!
//! Nodes are keyed by action sequences (open loop): chance is resolved inside the state, so one
//! action may lead to different outcomes in different iterations, and a search may start at any
//! state, including right before a shuffle.

use std::time::{Duration, Instant};

use crate::core::{derive_seed, Action, ActionList, Game, NoEvents, Rng, State};
use crate::search::evaluator::Evaluator;
use crate::search::rollout::no_legal_action;

#[derive(Clone, Debug)]
pub struct MctsConfig {
    /// Iterations in all, split across the trees.
    pub iterations: u32,
    /// Stop early when this much time has passed (results then depend on the machine's speed).
    pub time_limit: Option<Duration>,
    /// `c` in UCB1 (`q + c·sqrt(ln n_parent / n)`) or PUCT (`q + c·p·sqrt(n_parent) / (1 + n)`).
    pub exploration: f32,
    /// Independent trees searched in parallel and merged at the root (root parallelism).
    pub threads: usize,
    pub seed: u64,
    /// Information-set MCTS: search determinizations for the player to move. Off, the search
    /// sees the true state (for perfect-information use or debugging only).
    pub determinize: bool,
    /// Keep the subtree of the moves played since the last search.
    pub reuse_tree: bool,
    /// A playout from a leaf plays at most this many actions; one cut there is scored by the
    /// game's `State::heuristic` of the position reached, or 0 where the game has none. `None`:
    /// the game's `max_game_length` (the run's bound, so a playout always ends).
    pub max_playout_steps: Option<usize>,
    /// How the root chooses which action to simulate, with an evaluator that gives priors (a
    /// network); without priors the search is UCB1 throughout and this is not read.
    pub root: RootRule,
}

/// The root's selection rule under an evaluator with priors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RootRule {
    /// PUCT at the root as everywhere; the most visited action is played.
    #[default]
    Puct,
    /// Gumbel root selection with sequential halving (Danihelka et al., "Policy improvement by
    /// planning with Gumbel", ICLR 2022, as DeepMind's mctx implements it): the `considered`
    /// actions with the highest Gumbel-perturbed prior logits are simulated in rounds that halve
    /// their number, keeping those with the highest `g + logits + σ(q)`; the survivor is played
    /// and the improved policy `softmax(logits + σ(completed q))` is the training target. Made
    /// for small budgets, where PUCT spends its few visits on the prior's favourite.
    Gumbel { considered: u16 },
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 1000,
            time_limit: None,
            exploration: 1.4,
            threads: 1,
            seed: 0,
            determinize: true,
            reuse_tree: false,
            max_playout_steps: None,
            root: RootRule::Puct,
        }
    }
}

/// The root's statistics after a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchStats {
    /// Root actions that were legal in some searched world, ascending.
    pub actions: Vec<Action>,
    pub visits: Vec<u32>,
    /// Mean value of each action for the player to move.
    pub values: Vec<f32>,
    pub iterations: u64,
    pub seconds: f64,
    /// The action to play, legal in the searched state: under PUCT and UCB1 the most visited
    /// (ties: higher value, then lower id); under Gumbel the survivor of the halving.
    pub best: Action,
    /// The search's policy over `actions` (sums to 1): the visit shares, or under Gumbel the
    /// improved policy `softmax(logits + σ(completed q))`. What self-play trains on.
    pub policy: Vec<f32>,
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node {
    action: Action,
    /// The player who chose `action` (whose value `value` sums).
    mover: u8,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Times this node was legal when its parent was visited (IS-MCTS availability).
    avail: u32,
    value: f32,
    prior: f32,
    /// Leaves of the current batch below this node (virtual loss).
    pending: u32,
    expanded: bool,
}

impl Node {
    fn new(action: Action, mover: u8, prior: f32) -> Node {
        Node {
            action,
            mover,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            value: 0.0,
            prior,
            pending: 0,
            expanded: false,
        }
    }
}

/// One search tree; node 0 is the root.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    /// The evaluator's value of the root for the player to move, once the root is evaluated
    /// (Gumbel's mixed value needs it; a node's own sum is kept for the player who moved there).
    root_value: Option<f32>,
}

impl Tree {
    fn new() -> Tree {
        Tree { nodes: vec![Node::new(0, 0, 1.0)], root_value: None }
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.nodes[node as usize].first_child;
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let current = next;
                next = self.nodes[current as usize].next_sibling;
                current
            })
        })
    }

    fn child(&self, node: u32, action: Action) -> Option<u32> {
        self.children(node).find(|&c| self.nodes[c as usize].action == action)
    }

    fn add_child(&mut self, parent: u32, action: Action, mover: u8, prior: f32) -> u32 {
        let id = self.nodes.len() as u32;
        let mut node = Node::new(action, mover, prior);
        node.next_sibling = self.nodes[parent as usize].first_child;
        self.nodes[parent as usize].first_child = id;
        self.nodes.push(node);
        id
    }

    /// A new tree holding the subtree under `root`.
    fn subtree(&self, root: u32) -> Tree {
        let mut out = Tree { nodes: Vec::new(), root_value: None };
        let mut queue = vec![(root, NONE)];
        let mut i = 0;
        while i < queue.len() {
            let (old, new_parent) = queue[i];
            i += 1;
            let id = out.nodes.len() as u32;
            let mut node = self.nodes[old as usize].clone();
            node.first_child = NONE;
            node.next_sibling = NONE;
            if new_parent != NONE {
                node.next_sibling = out.nodes[new_parent as usize].first_child;
                out.nodes[new_parent as usize].first_child = id;
            }
            out.nodes.push(node);
            queue.extend(self.children(old).map(|c| (c, id)));
        }
        out
    }

    fn select(&mut self, node: u32, legal: &ActionList, mover: u8, c: f32, puct: bool) -> u32 {
        // Every legal action gets a child; ones first seen in this world get a uniform prior.
        for &a in legal {
            if self.child(node, a).is_none() {
                self.add_child(node, a, mover, 1.0 / legal.len() as f32);
            }
        }
        let mut best = NONE;
        let mut best_score = f32::NEG_INFINITY;
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let n = &mut self.nodes[child as usize];
            if legal.binary_search(&n.action).is_ok() {
                n.avail += 1;
                let visits = (n.visits + n.pending) as f32;
                let q = if visits > 0.0 { (n.value - n.pending as f32) / visits } else { 0.0 };
                let score = if puct {
                    q + c * n.prior * (n.avail as f32).sqrt() / (1.0 + visits)
                } else if visits == 0.0 {
                    // Unvisited first; among them the lowest action id, for determinism.
                    f32::INFINITY - f32::from(n.action)
                } else {
                    q + c * ((n.avail as f32).ln() / visits).sqrt()
                };
                if score > best_score || (score == best_score && n.action < self.nodes[best as usize].action) {
                    best_score = score;
                    best = child;
                }
            }
            child = self.nodes[child as usize].next_sibling;
        }
        if best == NONE {
            // Every score was NaN (an evaluator's NaN value or infinite prior): any legal child
            // keeps the search sound, and the binding reports the evaluator's fault.
            best = self.child(node, legal[0]).expect("every legal action has a child");
        }
        best
    }
}

/// A reusable searcher: config, evaluator and (with `reuse_tree`) the trees of the last search.
pub struct Mcts<G: Game, E: Evaluator<G>> {
    pub config: MctsConfig,
    pub evaluator: E,
    trees: Vec<Tree>,
    last_history: Option<Vec<Action>>,
    _game: std::marker::PhantomData<fn(&G)>,
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    pub fn new(config: MctsConfig, evaluator: E) -> Self {
        Mcts { config, evaluator, trees: Vec::new(), last_history: None, _game: Default::default() }
    }

    /// The action to play in `state` (which must not be terminal).
    pub fn choose(&mut self, game: &G, state: &G::State, history: &[Action]) -> Action {
        self.search(game, state, history).best
    }

    /// Searches from `state`; `history` (the actions since the game began) lets the next search
    /// reuse the subtree of the moves played in between.
    pub fn search(&mut self, game: &G, state: &G::State, history: &[Action]) -> SearchStats {
        let player = state.current_player().expect("search needs a state with a player to move");
        let mut legal = ActionList::new();
        state.legal_actions(game, &mut legal);
        if legal.is_empty() {
            no_legal_action::<G>(state);
        }
        let threads = self.config.threads.max(1);
        let mut trees = self.reused_trees(history, threads);
        let start = Instant::now();
        // A limit past what the clock can represent is no limit.
        let deadline = self.config.time_limit.and_then(|t| start.checked_add(t));
        let total = self.config.iterations.max(1);
        let cfg = &self.config;
        let evaluator = &self.evaluator;
        // The seed depends on the config and the game's progress only, so a search is a pure
        // function of what the player to move knows (and `policy` agrees with `choose`).
        let step = history.len() as u64;
        let gumbel = match cfg.root {
            RootRule::Gumbel { considered } if evaluator.has_priors() => {
                Some(GumbelRoot::new(game, state, considered, derive_seed(cfg.seed, step << 16 | 0xffff)))
            }
            _ => None,
        };
        let gumbel = gumbel.as_ref();
        let run = |t: usize, tree: &mut Tree| {
            let share = total / threads as u32 + u32::from((t as u32) < total % threads as u32);
            // Grown as a local of the thread that owns it: side by side in `trees`, two trees'
            // headers share a cache line that every push would bounce between cores. Room for the
            // search is reserved up front (capped: a time-limited search may name a huge budget),
            // so threads do not take turns at the allocator.
            let mut local = std::mem::replace(tree, Tree { nodes: Vec::new(), root_value: None });
            local.nodes.reserve((share as usize).min(1 << 16) * 8);
            let seed = derive_seed(cfg.seed, step << 16 | t as u64);
            let done = grow(game, state, player, cfg, evaluator, &mut local, share.max(1), deadline, seed, gumbel);
            *tree = local;
            done
        };
        let iterations: u64 = if threads == 1 {
            run(0, &mut trees[0])
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> =
                    trees.iter_mut().enumerate().map(|(t, tree)| scope.spawn(move || run(t, tree))).collect();
                // A thread's panic is re-raised as it was, so its message reaches the caller.
                handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).sum()
            })
        };
        let stats = merge(&trees, state, game, iterations, start.elapsed().as_secs_f64(), gumbel);
        if self.config.reuse_tree {
            self.trees = trees;
            self.last_history = Some(history.to_vec());
        }
        stats
    }

    fn reused_trees(&mut self, history: &[Action], threads: usize) -> Vec<Tree> {
        let fresh = || (0..threads).map(|_| Tree::new()).collect();
        if !self.config.reuse_tree || self.trees.len() != threads {
            return fresh();
        }
        let Some(last) = self.last_history.take() else { return fresh() };
        let Some(played) = history.strip_prefix(last.as_slice()) else { return fresh() };
        let mut out = Vec::with_capacity(threads);
        for tree in &self.trees {
            let mut node = 0;
            for &a in played {
                match tree.child(node, a) {
                    Some(c) => node = c,
                    None => return fresh(),
                }
            }
            out.push(tree.subtree(node));
        }
        out
    }
}

/// Runs iterations on one tree; returns how many ran.
#[allow(clippy::too_many_arguments)]
fn grow<G: Game, E: Evaluator<G>>(
    game: &G,
    root: &G::State,
    player: usize,
    cfg: &MctsConfig,
    evaluator: &E,
    tree: &mut Tree,
    iterations: u32,
    deadline: Option<Instant>,
    seed: u64,
    gumbel: Option<&GumbelRoot>,
) -> u64 {
    let mut rng = Rng::new(seed);
    let schedule = gumbel.map(|g| halving_schedule(g.considered(), iterations)).unwrap_or_default();
    let players = game.num_players();
    let puct = evaluator.has_priors();
    // A batch never holds more leaves than the search has iterations (an evaluator may name any
    // size; the buffers below are allocated for the batch).
    let batch = evaluator.batch_size().clamp(1, iterations.max(1) as usize);
    let mut legal = ActionList::new();
    let mut leaves: Vec<G::State> = Vec::with_capacity(batch);
    let mut paths: Vec<Vec<u32>> = vec![Vec::new(); batch];
    let mut values = vec![0.0f32; batch * players];
    let mut priors = vec![0.0f32; if puct { batch * game.num_actions() } else { 0 }];
    let max_playout_steps = cfg.max_playout_steps.unwrap_or_else(|| game.max_game_length());
    let mut done = 0u32;
    while done < iterations {
        if deadline.is_some_and(|d| Instant::now() >= d) && done > 0 {
            break;
        }
        // Batches grow 1, 1, 2, 4, … up to `batch`: leaves collected before the root is expanded
        // all stop at the root, so a full first batch would spend its whole budget there (16
        // leaves at 16 simulations left every root child unvisited).
        let size = batch.min((iterations - done) as usize).min((done as usize).max(1));
        for (i, path) in paths.iter_mut().take(size).enumerate() {
            // Each leaf is drawn over the last batch's in its slot: no state is built and moved.
            if i == leaves.len() {
                leaves.push(root.clone());
            }
            let world = &mut leaves[i];
            if cfg.determinize {
                let seed = u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
                root.determinize_into(game, player, seed, world);
            } else {
                world.clone_from(root);
            }
            path.clear();
            path.push(0);
            let mut node = 0u32;
            while tree.nodes[node as usize].expanded {
                let Some(mover) = world.current_player() else { break };
                world.legal_actions(game, &mut legal);
                if legal.is_empty() {
                    no_legal_action::<G>(world);
                }
                node = match gumbel {
                    Some(g) if node == 0 => g.select(tree, &schedule),
                    _ => tree.select(node, &legal, mover as u8, cfg.exploration, puct),
                };
                world.apply_unchecked(game, tree.nodes[node as usize].action, &mut NoEvents);
                path.push(node);
            }
            for &n in path.iter() {
                tree.nodes[n as usize].pending += 1;
            }
        }
        let leaves = &leaves[..size];
        evaluator.evaluate(game, leaves, &mut rng, max_playout_steps, &mut values[..size * players], &mut priors);
        for (i, (world, path)) in leaves.iter().zip(&paths).enumerate() {
            let leaf = *path.last().expect("paths start at the root");
            let out = &mut values[i * players..(i + 1) * players];
            if world.is_terminal() {
                world.returns(game, out);
            } else if !tree.nodes[leaf as usize].expanded {
                tree.nodes[leaf as usize].expanded = true;
                if leaf == 0 {
                    tree.root_value = Some(out[player]);
                }
                let mover = world.current_player().expect("not terminal") as u8;
                world.legal_actions(game, &mut legal);
                if legal.is_empty() {
                    no_legal_action::<G>(world);
                }
                let row = if puct { &priors[i * game.num_actions()..(i + 1) * game.num_actions()] } else { &[][..] };
                let total: f32 = if puct { legal.iter().map(|&a| row[usize::from(a)].max(0.0)).sum() } else { 0.0 };
                for &a in legal.iter().rev() {
                    let prior =
                        if total > 0.0 { row[usize::from(a)].max(0.0) / total } else { 1.0 / legal.len() as f32 };
                    tree.add_child(leaf, a, mover, prior);
                }
            }
            for &n in path {
                let node = &mut tree.nodes[n as usize];
                node.pending -= 1;
                node.visits += 1;
                node.value += out[usize::from(node.mover)];
            }
        }
        done += size as u32;
    }
    u64::from(done)
}

fn merge<G: Game>(
    trees: &[Tree],
    state: &G::State,
    game: &G,
    iterations: u64,
    seconds: f64,
    gumbel: Option<&GumbelRoot>,
) -> SearchStats {
    let mut legal = ActionList::new();
    state.legal_actions(game, &mut legal);
    let mut actions: Vec<Action> = Vec::new();
    let mut visits: Vec<u32> = Vec::new();
    let mut sums: Vec<f32> = Vec::new();
    for tree in trees {
        for c in tree.children(0) {
            let n = &tree.nodes[c as usize];
            // A reused tree's root was reached in other worlds too: it may hold actions that
            // are not legal here.
            if legal.binary_search(&n.action).is_err() {
                continue;
            }
            match actions.iter().position(|&a| a == n.action) {
                Some(i) => {
                    visits[i] += n.visits;
                    sums[i] += n.value;
                }
                None => {
                    actions.push(n.action);
                    visits.push(n.visits);
                    sums.push(n.value);
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..actions.len()).collect();
    order.sort_by_key(|&i| actions[i]);
    let values: Vec<f32> =
        order.iter().map(|&i| if visits[i] > 0 { sums[i] / visits[i] as f32 } else { 0.0 }).collect();
    let actions: Vec<Action> = order.iter().map(|&i| actions[i]).collect();
    let visits: Vec<u32> = order.iter().map(|&i| visits[i]).collect();
    if let Some(g) = gumbel {
        let roots: Vec<f32> = trees.iter().filter_map(|t| t.root_value).collect();
        let root_value = (!roots.is_empty()).then(|| roots.iter().sum::<f32>() / roots.len() as f32);
        let expanded = trees.iter().find(|t| t.nodes[0].expanded);
        let priors: Vec<f32> = g
            .actions
            .iter()
            .map(|&a| {
                let prior = expanded.and_then(|t| t.child(0, a).map(|c| t.nodes[c as usize].prior));
                prior.unwrap_or(1.0 / g.actions.len() as f32)
            })
            .collect();
        let (best, policy) = g.decide(&actions, &visits, &values, &priors, root_value);
        return SearchStats { actions, visits, values, iterations, seconds, best, policy };
    }
    let best = (0..actions.len())
        .max_by(|&a, &b| {
            visits[a].cmp(&visits[b]).then(values[a].total_cmp(&values[b])).then(actions[b].cmp(&actions[a]))
        })
        .map(|i| actions[i])
        .unwrap_or(legal[0]);
    let total: u32 = visits.iter().sum();
    let policy =
        visits.iter().map(|&v| if total > 0 { v as f32 / total as f32 } else { 1.0 / visits.len() as f32 }).collect();
    SearchStats { actions, visits, values, iterations, seconds, best, policy }
}

/// mctx's constants for `σ(q) = (MAXVISIT_INIT + max visits) · VALUE_SCALE · q`, `q` rescaled to
/// [0, 1] over the root's actions.
const MAXVISIT_INIT: f32 = 50.0;
const VALUE_SCALE: f32 = 0.1;

/// Gumbel root selection for one search: each legal root action's Gumbel noise, and which
/// actions the halving considers. The noise is drawn once per search (from its seed and the
/// game's progress, like the rest of the search), shared by every thread's tree, so the merged
/// decision is the same halving.
pub(crate) struct GumbelRoot {
    /// The root's legal actions, ascending (the same in every determinization: the player to
    /// move knows what it may do).
    actions: Vec<Action>,
    noise: Vec<f32>,
    /// How many actions the halving starts with (the highest `g + logits`, found from the
    /// tree's priors when needed).
    considered: usize,
}

impl GumbelRoot {
    fn new<G: Game>(game: &G, state: &G::State, considered: u16, seed: u64) -> GumbelRoot {
        let mut legal = ActionList::new();
        state.legal_actions(game, &mut legal);
        let mut rng = Rng::new(seed);
        let noise = legal
            .iter()
            .map(|_| {
                // Gumbel(0, 1) = -ln(-ln u), u uniform in (0, 1).
                let u = (f64::from(rng.next_u32()) + 0.5) / 4_294_967_296.0;
                -(-u.ln()).ln() as f32
            })
            .collect();
        GumbelRoot { actions: legal.to_vec(), noise, considered: usize::from(considered.max(1)).min(legal.len()) }
    }

    fn considered(&self) -> usize {
        self.considered
    }

    /// `g + logits` of each action from the root's priors (aligned with `actions`), and the
    /// indices of the considered: the `considered` highest.
    fn perturbed(&self, priors: &[f32]) -> (Vec<f32>, Vec<usize>) {
        let scores: Vec<f32> =
            self.noise.iter().zip(priors).map(|(&g, &p)| g + p.max(f32::MIN_POSITIVE).ln()).collect();
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
        order.truncate(self.considered);
        (scores, order)
    }

    /// The root child to simulate next: among the considered actions whose count (visits and
    /// leaves in flight) is the halving schedule's level for this simulation, the highest
    /// `g + logits + σ(completed q)`; if none has that count (a reused tree, a batch in flight),
    /// the considered action with the fewest.
    fn select(&self, tree: &Tree, schedule: &[u32]) -> u32 {
        let ids: Vec<u32> =
            self.actions.iter().map(|&a| tree.child(0, a).expect("the expanded root has every legal action")).collect();
        let node = |i: usize| &tree.nodes[ids[i] as usize];
        let priors: Vec<f32> = (0..ids.len()).map(|i| node(i).prior).collect();
        let (scores, considered) = self.perturbed(&priors);
        let counts: Vec<u32> = (0..ids.len()).map(|i| node(i).visits + node(i).pending).collect();
        let started: u32 = counts.iter().sum();
        let level = schedule.get(started as usize).or(schedule.last()).copied().unwrap_or(0);
        let visits: Vec<u32> = (0..ids.len()).map(|i| node(i).visits).collect();
        let q: Vec<f32> =
            (0..ids.len()).map(|i| if visits[i] > 0 { node(i).value / visits[i] as f32 } else { 0.0 }).collect();
        let sigma = completed_sigma(&q, &visits, &priors, tree.root_value);
        let score = |i: usize| scores[i] + sigma[i];
        let pick = considered
            .iter()
            .copied()
            .filter(|&i| counts[i] == level)
            .max_by(|&a, &b| score(a).total_cmp(&score(b)).then(b.cmp(&a)))
            .or_else(|| {
                considered
                    .iter()
                    .copied()
                    .min_by(|&a, &b| counts[a].cmp(&counts[b]).then(score(b).total_cmp(&score(a))))
            })
            .expect("a root with legal actions considers at least one");
        ids[pick]
    }

    /// The action to play and the improved policy over `actions` from the merged root
    /// statistics (`actions` ascending, a subset of the legal ones): the considered action with
    /// the most visits, ties broken by `g + logits + σ(q)`; the policy is
    /// `softmax(logits + σ(completed q))`. `priors` are the root's, aligned with the legal
    /// actions (uniform when no tree expanded its root).
    fn decide(
        &self,
        actions: &[Action],
        visits: &[u32],
        values: &[f32],
        priors: &[f32],
        root_value: Option<f32>,
    ) -> (Action, Vec<f32>) {
        let index = |a: Action| actions.binary_search(&a).ok();
        let n = self.actions.len();
        let v: Vec<u32> = (0..n).map(|i| index(self.actions[i]).map_or(0, |j| visits[j])).collect();
        let q: Vec<f32> = (0..n).map(|i| index(self.actions[i]).map_or(0.0, |j| values[j])).collect();
        let (scores, considered) = self.perturbed(priors);
        let sigma = completed_sigma(&q, &v, priors, root_value);
        let most = considered.iter().map(|&i| v[i]).max().unwrap_or(0);
        let best = considered
            .iter()
            .copied()
            .filter(|&i| v[i] == most)
            .max_by(|&a, &b| (scores[a] + sigma[a]).total_cmp(&(scores[b] + sigma[b])).then(b.cmp(&a)))
            .map_or(self.actions[0], |i| self.actions[i]);
        let logits: Vec<f32> = (0..n).map(|i| priors[i].max(f32::MIN_POSITIVE).ln() + sigma[i]).collect();
        let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let exp: Vec<f32> = logits.iter().map(|&l| (l - top).exp()).collect();
        let sum: f32 = exp.iter().sum();
        let policy = actions.iter().map(|&a| self.actions.binary_search(&a).map_or(0.0, |i| exp[i] / sum)).collect();
        (best, policy)
    }
}

/// mctx's `qtransform_completed_by_mix_value` at the root: each action's q for the player to
/// move, an unvisited action completed by the mixed value (the root's own value mixed with the
/// prior-weighted q of the visited), rescaled to [0, 1] over the actions, times
/// `(MAXVISIT_INIT + max visits) · VALUE_SCALE`.
fn completed_sigma(q: &[f32], visits: &[u32], priors: &[f32], root_value: Option<f32>) -> Vec<f32> {
    let total: f32 = visits.iter().map(|&v| v as f32).sum();
    let visited = |i: usize| visits[i] > 0;
    let probs: f32 = (0..q.len()).filter(|&i| visited(i)).map(|i| priors[i].max(f32::MIN_POSITIVE)).sum();
    let weighted: f32 = if probs > 0.0 {
        (0..q.len()).filter(|&i| visited(i)).map(|i| priors[i].max(f32::MIN_POSITIVE) * q[i]).sum::<f32>() / probs
    } else {
        0.0
    };
    let mixed = match root_value {
        Some(v) => (v + total * weighted) / (total + 1.0),
        None => weighted,
    };
    let completed: Vec<f32> = (0..q.len()).map(|i| if visited(i) { q[i] } else { mixed }).collect();
    let lo = completed.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = completed.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let scale = (MAXVISIT_INIT + visits.iter().copied().max().unwrap_or(0) as f32) * VALUE_SCALE;
    completed.iter().map(|&c| scale * (c - lo) / (hi - lo).max(1e-8)).collect()
}

/// The halving schedule of mctx (`get_sequence_of_considered_visits`): for simulation `s` at the
/// root, the visit count an action must have to be simulated; `considered` actions start, and
/// each round gives every survivor `max(1, n / (log2(considered) · survivors))` visits before
/// half of them (at least two) go on.
fn halving_schedule(considered: usize, simulations: u32) -> Vec<u32> {
    let n = simulations as usize;
    if considered <= 1 {
        return (0..simulations).collect();
    }
    let log2max = (considered as f64).log2().ceil().max(1.0) as usize;
    let mut sequence = Vec::with_capacity(n);
    let mut visits = vec![0u32; considered];
    let mut survivors = considered;
    while sequence.len() < n {
        let extra = (n / (log2max * survivors)).max(1);
        for _ in 0..extra {
            sequence.extend_from_slice(&visits[..survivors]);
            visits[..survivors].iter_mut().for_each(|v| *v += 1);
        }
        survivors = (survivors / 2).max(2);
    }
    sequence.truncate(n);
    sequence
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tekken::{Phase, Slot, Tekken, TekkenAction, TekkenOptions, TekkenState};
    use crate::hex::Hex;
    use crate::search::{Heuristic, RandomRollout, UniformPriors};

    fn tekken() -> Tekken {
        Tekken::new(TekkenOptions { stage: "moonlit_dojo".into(), ..Default::default() }).unwrap()
    }

    fn random_states(game: &Tekken, n: usize, seed: u64) -> Vec<(TekkenState, Vec<Action>)> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        let mut legal = ActionList::new();
        while out.len() < n {
            let mut s = game.new_state(rng.next_u32().into());
            let mut history = Vec::new();
            let stop = rng.below(300);
            while !s.is_terminal() && history.len() < stop as usize {
                s.legal_actions(game, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                s.apply_unchecked(game, a, &mut NoEvents);
                history.push(a);
            }
            if !s.is_terminal() {
                out.push((s, history));
            }
        }
        out
    }

    #[test]
    fn chooses_legal_actions_on_many_random_states() {
        let game = tekken();
        let mut legal = ActionList::new();
        let config = MctsConfig { iterations: 16, ..Default::default() };
        for (i, (state, history)) in random_states(&game, 2000, 1).iter().enumerate() {
            let mut bot = Mcts::new(MctsConfig { seed: i as u64, ..config.clone() }, RandomRollout);
            let a = bot.choose(&game, state, history);
            state.legal_actions(&game, &mut legal);
            assert!(legal.contains(&a), "state {i}: {a} not legal");
        }
    }

    #[test]
    fn same_seed_and_threads_give_the_same_search() {
        let game = tekken();
        for (state, history) in random_states(&game, 20, 2) {
            for threads in [1, 2] {
                let config = MctsConfig { iterations: 200, threads, seed: 9, ..Default::default() };
                let a = Mcts::new(config.clone(), RandomRollout).search(&game, &state, &history);
                let b = Mcts::new(config, RandomRollout).search(&game, &state, &history);
                assert_eq!((a.actions, a.visits, a.best), (b.actions, b.visits, b.best));
            }
        }
    }

    #[test]
    fn does_not_peek_at_hidden_information() {
        let game = tekken();
        for (state, history) in random_states(&game, 30, 3) {
            let player = state.current_player().unwrap();
            let other = state.determinize(&game, player, 12345);
            assert_ne!(state, other, "hidden information differs");
            let config = MctsConfig { iterations: 300, seed: 4, ..Default::default() };
            let a = Mcts::new(config.clone(), RandomRollout).search(&game, &state, &history);
            let b = Mcts::new(config, RandomRollout).search(&game, &other, &history);
            assert_eq!((a.visits, a.best), (b.visits, b.best));
        }
    }

    /// Kaito at Resolve with the card done and One-Two (strike 1, strike 1) pending; Rook on 2 HP
    /// wins the match for Kaito only through the combo.
    fn lethal_combo_position(game: &Tekken) -> TekkenState {
        let mut s = game.new_state(5);
        let kaito = 0;
        s.apply(game, TekkenAction::ChooseRage(0).encode()).unwrap();
        s.apply(game, TekkenAction::ChooseRage(0).encode()).unwrap();
        s.attacker = kaito;
        s.fighters[0].pos = Hex::new(0, 0);
        s.fighters[1].pos = Hex::new(1, 0);
        s.fighters[1].hp = 2;
        s.wins = [2, 0];
        let card = s.fighters[0].hand.pop().unwrap();
        s.fighters[0].slots[0] = Slot::Card { card, revealed: true, unpunishable: false };
        s.phase = Phase::Resolve;
        s.string.slot = 0;
        s.string.card_done = true;
        s.string.combos_pending = 1;
        s
    }

    #[test]
    fn finds_the_lethal_combo() {
        let game = tekken();
        let state = lethal_combo_position(&game);
        for evaluator_heuristic in [false, true] {
            let config = MctsConfig { iterations: 400, ..Default::default() };
            let best = if evaluator_heuristic {
                Mcts::new(config, Heuristic).choose(&game, &state, &[])
            } else {
                Mcts::new(config, RandomRollout).choose(&game, &state, &[])
            };
            assert_eq!(TekkenAction::decode(best), TekkenAction::ResolveCombo(0));
        }
    }

    #[test]
    fn a_huge_budget_with_a_time_limit_stops_in_time() {
        let game = tekken();
        let state = game.new_state(1);
        for threads in [1, 2] {
            let config = MctsConfig {
                iterations: u32::MAX,
                time_limit: Some(Duration::from_millis(30)),
                threads,
                ..Default::default()
            };
            let stats = Mcts::new(config, RandomRollout).search(&game, &state, &[]);
            assert!(stats.iterations > 0 && stats.seconds < 5.0);
        }
    }

    #[test]
    fn tree_reuse_keeps_the_played_subtree() {
        let game = tekken();
        let mut state = game.new_state(8);
        let mut history = Vec::new();
        let config = MctsConfig { iterations: 300, reuse_tree: true, ..Default::default() };
        let mut bot = Mcts::new(config, RandomRollout);
        let mut kept = 0;
        for step in 0..6 {
            let stats = bot.search(&game, &state, &history);
            if step > 0 {
                assert_eq!(bot.trees[0].nodes[0].visits, kept + 300, "the reused root keeps its visits");
            }
            let i = stats.actions.iter().position(|&a| a == stats.best).unwrap();
            kept = stats.visits[i];
            state.apply(&game, stats.best).unwrap();
            history.push(stats.best);
        }
    }

    #[test]
    fn playouts_of_a_game_without_an_end_stop_at_the_cap() {
        use crate::conformance::fixtures::endless_count::Endless;
        // Scored 0 where the game has no heuristic; otherwise by it. Four iterations: the root,
        // then each child once (unvisited first); with a cap of 0 each is scored where it is.
        for (heuristic, expect) in [(false, [0.0, 0.0, 0.0]), (true, [0.25, -0.25, 0.25])] {
            let game = Endless { heuristic, ..Endless::default() };
            let state = game.new_state(0);
            let config = MctsConfig { iterations: 4, max_playout_steps: Some(0), ..Default::default() };
            let stats = Mcts::new(config, RandomRollout).search(&game, &state, &[]);
            assert_eq!((stats.actions, stats.values), (vec![0, 1, 2], expect.to_vec()));
            // The default cap is the game's bound, so a search of a game that never ends ends.
            let stats = Mcts::new(MctsConfig { iterations: 300, ..Default::default() }, RandomRollout).search(
                &game,
                &state,
                &[],
            );
            assert_eq!(stats.iterations, 300);
            if !heuristic {
                assert!(stats.values.iter().all(|&v| v == 0.0));
            }
        }
    }

    #[test]
    fn a_cut_playout_is_scored_where_it_stopped() {
        use crate::conformance::fixtures::endless_count::Endless;
        use crate::search::evaluator::playout_value;
        use crate::search::rollout::random_playout_capped;
        let game = Endless { heuristic: true, ..Endless::default() };
        let leaf = game.new_state(3);
        for cap in 0..12 {
            let mut value = [9.0; 2];
            playout_value(&game, &leaf, &mut Rng::new(cap as u64), cap, &mut value);
            let mut reached = leaf.clone();
            assert_eq!(random_playout_capped(&game, &mut reached, &mut Rng::new(cap as u64), cap) as usize, cap);
            let mut expect = [0.0; 2];
            assert!(reached.heuristic(&game, &mut expect));
            assert_eq!(value, expect, "cap {cap}");
        }
    }

    fn gumbel(iterations: u32, threads: usize, seed: u64) -> MctsConfig {
        MctsConfig {
            iterations,
            threads,
            seed,
            root: RootRule::Gumbel { considered: 16 },
            exploration: 1.25,
            ..Default::default()
        }
    }

    #[test]
    fn the_halving_schedule_is_mctx_s() {
        // 4 considered, 8 simulations: one round of 4, then two rounds of the best 2.
        assert_eq!(halving_schedule(4, 8), vec![0, 0, 0, 0, 1, 1, 2, 2]);
        assert_eq!(halving_schedule(1, 3), vec![0, 1, 2]);
        // 16 considered, 32 simulations: 4 levels (log2 16), each round max(1, 32 / (4 · k)).
        let s = halving_schedule(16, 32);
        assert_eq!(s.len(), 32);
        assert_eq!(&s[..16], &[0; 16]);
        assert_eq!(&s[16..24], &[1; 8]);
        assert_eq!(&s[24..28], &[2; 4]);
        assert_eq!(&s[28..32], &[3; 4]);
    }

    #[test]
    fn gumbel_chooses_legal_actions_and_its_policy_is_a_distribution() {
        let game = tekken();
        let mut legal = ActionList::new();
        for (i, (state, history)) in random_states(&game, 300, 11).iter().enumerate() {
            let stats = Mcts::new(gumbel(16 + i as u32 % 40, 1, i as u64), UniformPriors(RandomRollout))
                .search(&game, state, history);
            state.legal_actions(&game, &mut legal);
            assert!(legal.contains(&stats.best), "state {i}: {} not legal", stats.best);
            let sum: f32 = stats.policy.iter().sum();
            assert!(
                (sum - 1.0).abs() < 1e-4 && stats.policy.iter().all(|&p| p >= 0.0),
                "state {i}: policy {:?}",
                stats.policy
            );
        }
    }

    #[test]
    fn gumbel_is_deterministic_for_a_seed_and_finds_the_lethal_combo() {
        let game = tekken();
        for (state, history) in random_states(&game, 10, 12) {
            for threads in [1, 2] {
                let a = Mcts::new(gumbel(64, threads, 3), UniformPriors(RandomRollout)).search(&game, &state, &history);
                let b = Mcts::new(gumbel(64, threads, 3), UniformPriors(RandomRollout)).search(&game, &state, &history);
                assert_eq!((a.visits, a.best, a.policy), (b.visits, b.best, b.policy));
            }
        }
    }

    #[test]
    fn gumbel_plays_the_better_of_equally_visited_actions_whatever_the_noise() {
        // The halving ends with its survivors equally visited; σ(q) then outweighs any likely
        // noise: with 32 visits each, σ spans (50 + 32) · 0.1 = 8.2 while Gumbel noise differs
        // by more than 8.2 with probability about e^-8.2.
        let game = tekken();
        let state = game.new_state(3);
        let mut legal = ActionList::new();
        state.legal_actions(&game, &mut legal);
        assert!(legal.len() >= 2);
        let priors = vec![1.0 / legal.len() as f32; legal.len()];
        for seed in 0..50 {
            let g = GumbelRoot::new(&game, &state, 2, seed);
            let (actions, visits, mut values) = (legal.to_vec(), vec![32; legal.len()], vec![-1.0; legal.len()]);
            let (_, considered) = g.perturbed(&priors);
            values[considered[1]] = 1.0;
            let (best, policy) = g.decide(&actions, &visits, &values, &priors, Some(0.0));
            assert_eq!(best, legal[considered[1]], "seed {seed}");
            assert!(policy[considered[1]] > 0.99);
        }
    }

    #[test]
    fn gumbel_spreads_a_small_budget_over_the_considered_actions() {
        // PUCT with uniform priors gives its first visits by action order; the halving gives each
        // of the considered actions its round first, then halves.
        let game = tekken();
        for (state, history) in random_states(&game, 20, 13) {
            let stats = Mcts::new(gumbel(17, 1, 1), UniformPriors(RandomRollout)).search(&game, &state, &history);
            let visited = stats.visits.iter().filter(|&&v| v > 0).count();
            assert_eq!(visited, stats.actions.len().min(16), "{:?}", stats.visits);
        }
    }

    #[test]
    fn gumbel_does_not_peek_at_hidden_information() {
        let game = tekken();
        for (state, history) in random_states(&game, 20, 14) {
            let player = state.current_player().unwrap();
            let other = state.determinize(&game, player, 999);
            let a = Mcts::new(gumbel(100, 1, 4), UniformPriors(RandomRollout)).search(&game, &state, &history);
            let b = Mcts::new(gumbel(100, 1, 4), UniformPriors(RandomRollout)).search(&game, &other, &history);
            assert_eq!((a.visits, a.best), (b.visits, b.best));
        }
    }

    #[test]
    fn a_cap_no_playout_reaches_changes_nothing() {
        let game = tekken();
        for (state, history) in random_states(&game, 10, 5) {
            let config = MctsConfig { iterations: 200, seed: 1, ..Default::default() };
            let a = Mcts::new(config.clone(), RandomRollout).search(&game, &state, &history);
            let far = MctsConfig { max_playout_steps: Some(1 << 30), ..config };
            let b = Mcts::new(far, RandomRollout).search(&game, &state, &history);
            assert_eq!((a.actions, a.visits, a.values, a.best), (b.actions, b.visits, b.values, b.best));
        }
    }
}
