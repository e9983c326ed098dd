//! A policy-value network evaluated in Rust, inside the search, with no Python.
//!
//! The architecture is a residual MLP over the observation vector of the player to move:
//!
//! ```text
//! h = relu(input · x)                                  input:   obs_len → hidden
//! for each block:  h = relu(h + fc2 · relu(fc1 · h))   fc1/fc2: hidden → hidden
//! priors = softmax of (policy · h) over the legal actions (0 elsewhere)
//! values = tanh(value · h), one per seat, in the game's return scale
//! ```
//!
//! (each `·` a linear layer with bias). Weights are read from a `safetensors` file in the format
//! `kumite-net-1`: tensors `input.weight [hidden, obs_len]`, `input.bias [hidden]`,
//! `blocks.{b}.fc1.weight`/`.bias`, `blocks.{b}.fc2.weight`/`.bias`, `policy.weight
//! [num_actions, hidden]`, `policy.bias`, `value.weight [num_players, hidden]`, `value.bias`, all
//! `f32` in PyTorch's `nn.Linear` layout (`[out, in]`), and string metadata naming the game, its
//! shapes and the fingerprint of the rules and content it was trained on
//! ([`crate::core::Game::fingerprint`]). A file made for another game, layout or content is
//! refused with the field that differs. [`NetShape::layers`] and [`NetShape::metadata`] are the
//! one statement of these names: the Python trainer, which writes the files, reads them from
//! here through the binding. The input and block layers are computed over each row's non-zero
//! inputs (observations are mostly zeros, ReLU outputs often) with the weights also kept
//! transposed; the policy layer only for the legal actions; the kernels are AVX2/FMA where the CPU
//! has them ([`NetPaths`]). Dense rows fall back to dot products, or `matrixmultiply`'s `sgemm`
//! from `DOT_ROWS` rows.

use std::collections::HashMap;

use safetensors::{Dtype, SafeTensors};

use crate::core::{Game, GameError};
use crate::search::evaluator::BatchEvaluator;
use crate::search::kernels::Nonzeros;
pub use crate::search::kernels::Simd;

pub const NET_FORMAT: &str = "kumite-net-1";
/// Leaves evaluated together by the search (one matrix product per layer per batch).
pub const NET_BATCH: usize = 16;
/// Refused above this (a shipped net is a few MB; the limit keeps a hostile header from
/// asking for gigabytes before any check).
pub const MAX_NET_BYTES: usize = 1 << 30;

/// One linear layer, `y = W x + b` with `W` row-major `[out, in]`, and for the input and block
/// layers also `Wᵀ` (`[in, out]`, made at load) for the sparse path.
#[derive(Clone, Debug)]
struct Linear {
    weight: Vec<f32>,
    transposed: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
    outputs: usize,
}

/// Below this many rows the dense path takes dot products instead of `sgemm`, which packs the
/// whole weight matrix on every call: measured on Tekken's network (`bench/README.md`), that
/// packing costs about what seven rows of dot products do.
const DOT_ROWS: usize = 8;

/// [`LayerPath::Auto`] takes the input layer's sparse path while at most this share of a batch's
/// inputs are non-zero: measured (`bench/README.md`, "The network's forward pass"), it is 1.3–4.9x
/// faster at a share of 0.1 and about even at 0.5. Observations hold 4–9 % non-zeros.
const SPARSE_SHARE: f32 = 0.25;

/// How the input and block layers are computed (the policy and value layers always take dot
/// products, the policy's only for the legal actions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerPath {
    /// Dot products below `DOT_ROWS` rows, `sgemm` from there.
    Dense,
    /// Over each row's non-zero inputs only: `b + Σ_{x_i ≠ 0} x_i · Wᵀ[i]`.
    Sparse,
    /// The block layers sparse (their 128-odd ReLU inputs are often zero, and a sparse row
    /// loads one value a multiply-add where a dot product loads two), the input layer sparse
    /// while a batch's share of non-zero inputs is at most `SPARSE_SHARE`.
    Auto,
}

/// The kernels a [`Net`] runs: what it loads with is [`NetPaths::best`]; tests and measurements
/// force the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetPaths {
    pub simd: Simd,
    pub layers: LayerPath,
}

impl NetPaths {
    pub fn best() -> NetPaths {
        NetPaths { simd: Simd::detect(), layers: LayerPath::Auto }
    }
}

impl Linear {
    /// Keeps `Wᵀ` too, for the sparse path.
    fn with_transposed(mut self) -> Linear {
        let (m, k) = (self.outputs, self.inputs);
        self.transposed = (0..k * m).map(|t| self.weight[(t % m) * k + t / m]).collect();
        self
    }

    /// `out[n, outputs] = x[n, inputs] · Wᵀ + b`; under [`LayerPath::Auto`] sparse while at most
    /// `share` of the batch's inputs are non-zero.
    fn forward(&self, paths: NetPaths, x: &[f32], n: usize, out: &mut [f32], nz: &mut Nonzeros, share: f32) {
        debug_assert!(x.len() >= n * self.inputs && out.len() >= n * self.outputs);
        let rows = out[..n * self.outputs].chunks_exact_mut(self.outputs);
        if paths.layers != LayerPath::Dense {
            nz.gather(x, n, self.inputs);
            if paths.layers == LayerPath::Sparse || nz.len() as f32 <= share * (n * self.inputs) as f32 {
                for (r, row) in rows.enumerate() {
                    paths.simd.sparse_row(&self.transposed, &self.bias, nz, r, row);
                }
                return;
            }
        }
        if n < DOT_ROWS {
            for (xr, row) in x.chunks_exact(self.inputs).zip(rows) {
                paths.simd.dense_row(&self.weight, &self.bias, xr, row, None);
            }
            return;
        }
        for row in rows {
            row.copy_from_slice(&self.bias);
        }
        // SAFETY: the slices hold n·inputs, outputs·inputs and n·outputs values, and the strides
        // below describe exactly those row-major shapes (W read transposed: row stride 1,
        // column stride `inputs`).
        unsafe {
            matrixmultiply::sgemm(
                n,
                self.inputs,
                self.outputs,
                1.0,
                x.as_ptr(),
                self.inputs as isize,
                1,
                self.weight.as_ptr(),
                1,
                self.inputs as isize,
                1.0,
                out.as_mut_ptr(),
                self.outputs as isize,
                1,
            );
        }
    }
}

fn relu(xs: &mut [f32]) {
    for x in xs {
        *x = x.max(0.0);
    }
}

/// What a network file says it was made for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetShape {
    pub game: String,
    pub obs_len: usize,
    pub num_actions: usize,
    pub num_players: usize,
    pub hidden: usize,
    pub blocks: usize,
    pub fingerprint: String,
}

/// One linear layer of the format: its two tensors' names and the weight's shape `[outputs, inputs]`
/// (the bias is `[outputs]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetLayer {
    pub weight: String,
    pub bias: String,
    pub outputs: usize,
    pub inputs: usize,
}

impl NetLayer {
    fn new(name: &str, outputs: usize, inputs: usize) -> NetLayer {
        NetLayer { weight: format!("{name}.weight"), bias: format!("{name}.bias"), outputs, inputs }
    }
}

/// The metadata keys of the format, in the order the trainer writes them: `format`, then the
/// fields of [`NetShape`].
pub const NET_METADATA_KEYS: [&str; 8] =
    ["format", "game", "obs_len", "num_actions", "num_players", "hidden", "blocks", "fingerprint"];

impl NetShape {
    /// Every linear layer in file order: `input`, each block's `fc1` and `fc2`, `policy`, `value`.
    pub fn layers(&self) -> Vec<NetLayer> {
        let h = self.hidden;
        let mut layers = vec![NetLayer::new("input", h, self.obs_len)];
        for b in 0..self.blocks {
            layers.push(NetLayer::new(&format!("blocks.{b}.fc1"), h, h));
            layers.push(NetLayer::new(&format!("blocks.{b}.fc2"), h, h));
        }
        layers.push(NetLayer::new("policy", self.num_actions, h));
        layers.push(NetLayer::new("value", self.num_players, h));
        layers
    }

    /// The metadata that ties a file to its game, keyed by [`NET_METADATA_KEYS`] in that order.
    pub fn metadata(&self) -> Vec<(&'static str, String)> {
        let values = [
            NET_FORMAT.to_string(),
            self.game.clone(),
            self.obs_len.to_string(),
            self.num_actions.to_string(),
            self.num_players.to_string(),
            self.hidden.to_string(),
            self.blocks.to_string(),
            self.fingerprint.clone(),
        ];
        NET_METADATA_KEYS.into_iter().zip(values).collect()
    }

    /// Reads the metadata [`NetShape::metadata`] writes, checking the format and every size.
    fn from_metadata(metadata: &HashMap<String, String>) -> Result<NetShape, GameError> {
        let [format, game, obs_len, num_actions, num_players, hidden, blocks, fingerprint] = NET_METADATA_KEYS;
        let found = field(metadata, format)?;
        if found != NET_FORMAT {
            return Err(bad(format!("format {found:?}, expected {NET_FORMAT:?}")));
        }
        Ok(NetShape {
            game: field(metadata, game)?.to_string(),
            obs_len: count(metadata, obs_len)?,
            num_actions: count(metadata, num_actions)?,
            num_players: count(metadata, num_players)?,
            hidden: count(metadata, hidden)?,
            blocks: field(metadata, blocks)?
                .parse()
                .ok()
                .filter(|&b: &usize| b <= 64)
                .ok_or_else(|| bad(format!("metadata {blocks:?} is not a count in 0..=64")))?,
            fingerprint: field(metadata, fingerprint)?.to_string(),
        })
    }
}

/// A loaded network.
#[derive(Clone, Debug)]
pub struct Net {
    pub shape: NetShape,
    /// Every metadata entry of the file, provenance included (commit, seed, budget…).
    pub metadata: HashMap<String, String>,
    input: Linear,
    blocks: Vec<(Linear, Linear)>,
    policy: Linear,
    value: Linear,
    paths: NetPaths,
}

fn bad(reason: impl Into<String>) -> GameError {
    GameError::deserialization(format!("network file: {}", reason.into()))
}

fn field<'a>(meta: &'a HashMap<String, String>, key: &str) -> Result<&'a str, GameError> {
    meta.get(key).map(String::as_str).ok_or_else(|| bad(format!("metadata has no {key:?}")))
}

fn count(meta: &HashMap<String, String>, key: &str) -> Result<usize, GameError> {
    let text = field(meta, key)?;
    text.parse()
        .ok()
        .filter(|&n| n > 0 && n <= 1 << 20)
        .ok_or_else(|| bad(format!("metadata {key:?} is {text:?}, not a size")))
}

fn layer(tensors: &SafeTensors<'_>, spec: &NetLayer) -> Result<Linear, GameError> {
    let read = |key: &str, shape: &[usize]| -> Result<Vec<f32>, GameError> {
        let t = tensors.tensor(key).map_err(|_| bad(format!("no tensor {key:?}")))?;
        if t.dtype() != Dtype::F32 {
            return Err(bad(format!("{key:?} is {:?}, not F32", t.dtype())));
        }
        if t.shape() != shape {
            return Err(bad(format!("{key:?} has shape {:?}, expected {shape:?}", t.shape())));
        }
        Ok(t.data().chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
    };
    let (outputs, inputs) = (spec.outputs, spec.inputs);
    let (weight, bias) = (read(&spec.weight, &[outputs, inputs])?, read(&spec.bias, &[outputs])?);
    Ok(Linear { weight, transposed: Vec::new(), bias, inputs, outputs })
}

impl Net {
    /// Reads a `kumite-net-1` file's bytes; every shape is checked against the metadata.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, GameError> {
        if bytes.len() > MAX_NET_BYTES {
            return Err(bad(format!("{} bytes, above the limit of {MAX_NET_BYTES}", bytes.len())));
        }
        let tensors = SafeTensors::deserialize(bytes).map_err(|e| bad(e.to_string()))?;
        let (_, header) = SafeTensors::read_metadata(bytes).map_err(|e| bad(e.to_string()))?;
        let metadata = header.metadata().clone().unwrap_or_default();
        let shape = NetShape::from_metadata(&metadata)?;
        let mut layers = shape.layers().iter().map(|spec| layer(&tensors, spec)).collect::<Result<Vec<_>, _>>()?;
        let (value, policy) = (layers.pop().expect("a value layer"), layers.pop().expect("a policy layer"));
        let mut rest = layers.into_iter();
        let input = rest.next().expect("an input layer").with_transposed();
        let blocks =
            std::iter::from_fn(|| Some((rest.next()?.with_transposed(), rest.next()?.with_transposed()))).collect();
        Ok(Net { shape, metadata, input, blocks, policy, value, paths: NetPaths::best() })
    }

    /// Makes the forward pass take `paths` (every path computes the same function, to rounding).
    pub fn set_paths(&mut self, paths: NetPaths) {
        self.paths = paths;
    }

    /// Refuses a network made for another game, observation layout, action space, player count
    /// or content, naming the first field that differs.
    pub fn verify_for<G: Game>(&self, game: &G) -> Result<(), GameError> {
        let mine = NetShape {
            game: G::NAME.to_string(),
            obs_len: game.observation_len(),
            num_actions: game.num_actions(),
            num_players: game.num_players(),
            fingerprint: game.fingerprint(),
            ..self.shape.clone()
        };
        match mine.metadata().into_iter().zip(self.shape.metadata()).find(|((_, want), (_, found))| want != found) {
            None => Ok(()),
            Some(((field, expected), (_, found))) => {
                Err(GameError::NetMismatch { field: field.into(), expected, found })
            }
        }
    }

    /// The forward pass over `n` observations: `priors [n, num_actions]` (softmax over the
    /// entries `masks` sets, 0 elsewhere; uniform over them if every logit is masked out) and
    /// `values [n, num_players]`.
    pub fn forward(&self, observations: &[f32], masks: &[bool], n: usize, priors: &mut [f32], values: &mut [f32]) {
        let (s, paths) = (&self.shape, self.paths);
        let mut h = vec![0.0f32; n * s.hidden];
        let mut a = vec![0.0f32; n * s.hidden];
        let mut b = vec![0.0f32; n * s.hidden];
        let mut nz = Nonzeros::default();
        self.input.forward(paths, observations, n, &mut h, &mut nz, SPARSE_SHARE);
        relu(&mut h);
        for (fc1, fc2) in &self.blocks {
            fc1.forward(paths, &h, n, &mut a, &mut nz, 1.0);
            relu(&mut a);
            fc2.forward(paths, &a, n, &mut b, &mut nz, 1.0);
            for (x, y) in h.iter_mut().zip(&b) {
                *x = (*x + y).max(0.0);
            }
        }
        // Only the legal actions' logits: the softmax below reads no other.
        let hidden_rows = h.chunks_exact(s.hidden).take(n);
        for ((hr, row), mask) in
            hidden_rows.zip(priors.chunks_exact_mut(s.num_actions)).zip(masks.chunks_exact(s.num_actions))
        {
            paths.simd.dense_row(&self.policy.weight, &self.policy.bias, hr, row, Some(mask));
        }
        for (row, mask) in
            priors[..n * s.num_actions].chunks_exact_mut(s.num_actions).zip(masks.chunks_exact(s.num_actions))
        {
            let max = row.iter().zip(mask).filter(|(_, &m)| m).map(|(&x, _)| x).fold(f32::NEG_INFINITY, f32::max);
            let mut sum = 0.0;
            for (x, &m) in row.iter_mut().zip(mask) {
                *x = if m { (*x - max).exp() } else { 0.0 };
                sum += *x;
            }
            if sum > 0.0 && sum.is_finite() {
                row.iter_mut().for_each(|x| *x /= sum);
            } else {
                let legal = mask.iter().filter(|&&m| m).count().max(1) as f32;
                row.iter_mut().zip(mask).for_each(|(x, &m)| *x = if m { 1.0 / legal } else { 0.0 });
            }
        }
        for (hr, row) in h.chunks_exact(s.hidden).zip(values[..n * s.num_players].chunks_exact_mut(s.num_players)) {
            paths.simd.dense_row(&self.value.weight, &self.value.bias, hr, row, None);
        }
        values[..n * s.num_players].iter_mut().for_each(|v| *v = v.tanh());
    }
}

impl BatchEvaluator for Net {
    fn batch_size(&self) -> usize {
        NET_BATCH
    }
    fn evaluate(&self, observations: &[f32], _players: &[i32], masks: &[bool], values: &mut [f32], priors: &mut [f32]) {
        let n = masks.len() / self.shape.num_actions.max(1);
        self.forward(observations, masks, n, priors, values);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::HashMap;

    use safetensors::tensor::TensorView;
    use safetensors::Dtype;

    use super::{LayerPath, Net, NetPaths, NetShape, Simd};
    use crate::core::{derive_seed, Game, GameError, Rng};
    use crate::games::tekken::{Tekken, TekkenOptions};

    /// A file in the format, with weights from `weight(tensor, index)`.
    pub(crate) fn net_bytes(
        shape: [usize; 5],
        game: &str,
        fingerprint: &str,
        weight: impl Fn(&str, usize) -> f32,
    ) -> Vec<u8> {
        let [obs_len, num_actions, num_players, hidden, blocks] = shape;
        let shape = NetShape {
            game: game.into(),
            obs_len,
            num_actions,
            num_players,
            hidden,
            blocks,
            fingerprint: fingerprint.into(),
        };
        let mut data: Vec<(String, Vec<usize>, Vec<u8>)> = Vec::new();
        for layer in shape.layers() {
            for (key, shape) in [(layer.weight, vec![layer.outputs, layer.inputs]), (layer.bias, vec![layer.outputs])] {
                let bytes = (0..shape.iter().product()).flat_map(|i| weight(&key, i).to_le_bytes()).collect();
                data.push((key, shape, bytes));
            }
        }
        let views: Vec<(String, TensorView<'_>)> =
            data.iter().map(|(k, s, b)| (k.clone(), TensorView::new(Dtype::F32, s.clone(), b).unwrap())).collect();
        let meta: HashMap<String, String> = shape.metadata().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        safetensors::serialize(views, Some(meta)).unwrap()
    }

    #[test]
    fn the_layout_is_the_documented_one_and_its_metadata_reads_back() {
        let shape = NetShape {
            game: "tekken".into(),
            obs_len: 5,
            num_actions: 3,
            num_players: 2,
            hidden: 4,
            blocks: 2,
            fingerprint: "f".into(),
        };
        let layers: Vec<_> = shape.layers().into_iter().map(|l| (l.weight, l.bias, l.outputs, l.inputs)).collect();
        let expected = [
            ("input", 4, 5),
            ("blocks.0.fc1", 4, 4),
            ("blocks.0.fc2", 4, 4),
            ("blocks.1.fc1", 4, 4),
            ("blocks.1.fc2", 4, 4),
            ("policy", 3, 4),
            ("value", 2, 4),
        ]
        .map(|(name, outputs, inputs)| (format!("{name}.weight"), format!("{name}.bias"), outputs, inputs));
        assert_eq!(layers, expected);
        let metadata: HashMap<String, String> = shape.metadata().into_iter().map(|(k, v)| (k.into(), v)).collect();
        assert_eq!(metadata["format"], "kumite-net-1");
        assert_eq!(NetShape::from_metadata(&metadata).unwrap(), shape);
    }

    #[test]
    fn the_forward_pass_is_the_documented_one() {
        // obs 2, actions 3, players 2, hidden 2, one block; weights small integers by index.
        let bytes = net_bytes([2, 3, 2, 2, 1], "tekken", "x", |key, i| match key {
            "input.weight" => [1.0, 0.0, 0.0, -1.0][i],
            "blocks.0.fc1.weight" => [1.0, 1.0, 0.0, 0.0][i],
            "blocks.0.fc2.weight" => [0.5, 0.0, 0.0, 0.5][i],
            "policy.weight" => [1.0, 0.0, 0.0, 1.0, 1.0, 1.0][i],
            "value.weight" => [1.0, 0.0, 0.0, 1.0][i],
            "value.bias" => [0.0, -1.0][i],
            _ => 0.0,
        });
        for paths in every_path() {
            let mut net = Net::from_bytes(&bytes).unwrap();
            net.set_paths(paths);
            let (mut priors, mut values) = ([0.0f32; 3], [0.0f32; 2]);
            net.forward(&[2.0, -3.0], &[true, false, true], 1, &mut priors, &mut values);
            // h = relu([2, 3]) = [2, 3]; a = relu([5, 0]); b = [2.5, 0]; h = [4.5, 3].
            // logits [4.5, 3, 7.5], action 1 masked; values tanh([4.5, 2]).
            let e = (4.5f32 - 7.5).exp();
            assert!(
                (priors[0] - e / (1.0 + e)).abs() < 1e-6
                    && priors[1] == 0.0
                    && (priors[2] - 1.0 / (1.0 + e)).abs() < 1e-6,
                "{paths:?}"
            );
            assert!((values[0] - 4.5f32.tanh()).abs() < 1e-6 && (values[1] - 2.0f32.tanh()).abs() < 1e-6, "{paths:?}");
        }
    }

    /// Every kernel set this CPU runs, each layer path forced.
    fn every_path() -> Vec<NetPaths> {
        let simds = [Some(Simd::PORTABLE), Simd::avx2()].into_iter().flatten();
        let layers = [LayerPath::Sparse, LayerPath::Dense, LayerPath::Auto];
        simds.flat_map(|simd| layers.map(|layers| NetPaths { simd, layers })).collect()
    }

    /// A weight in [-0.3, 0.3] from the tensor's name and the index.
    fn weight(key: &str, i: usize) -> f32 {
        let k = key.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
        (derive_seed(k, i as u64) % 601) as f32 / 1000.0 - 0.3
    }

    /// The module documentation's formulas in `f64`, one row at a time, from the same weights.
    fn reference(shape: [usize; 5], x: &[f32], mask: &[bool]) -> (Vec<f64>, Vec<f64>) {
        let [_, num_actions, num_players, hidden, blocks] = shape;
        let linear = |name: &str, x: &[f64], outputs: usize| -> Vec<f64> {
            let w = |o: usize, i: usize| f64::from(weight(&format!("{name}.weight"), o * x.len() + i));
            (0..outputs)
                .map(|o| {
                    f64::from(weight(&format!("{name}.bias"), o))
                        + x.iter().enumerate().map(|(i, v)| w(o, i) * v).sum::<f64>()
                })
                .collect()
        };
        let relu = |v: Vec<f64>| v.into_iter().map(|x| x.max(0.0)).collect::<Vec<_>>();
        let mut h = relu(linear("input", &x.iter().map(|&v| f64::from(v)).collect::<Vec<_>>(), hidden));
        for b in 0..blocks {
            let a = relu(linear(&format!("blocks.{b}.fc1"), &h, hidden));
            let y = linear(&format!("blocks.{b}.fc2"), &a, hidden);
            h = relu(h.iter().zip(&y).map(|(p, q)| p + q).collect());
        }
        let logits = linear("policy", &h, num_actions);
        let max = logits.iter().zip(mask).filter(|(_, &m)| m).map(|(&l, _)| l).fold(f64::NEG_INFINITY, f64::max);
        let exp: Vec<f64> = logits.iter().zip(mask).map(|(&l, &m)| if m { (l - max).exp() } else { 0.0 }).collect();
        let sum: f64 = exp.iter().sum();
        let values = linear("value", &h, num_players).into_iter().map(f64::tanh).collect();
        (exp.into_iter().map(|e| e / sum).collect(), values)
    }

    #[test]
    fn every_path_computes_the_documented_forward_pass_and_a_batch_is_its_rows() {
        // Sizes that run every kernel's blocks and tails: the sparse rows' 78 outputs = 64 + 8 + 6;
        // the dot products' 45 and 78 inputs = 32 + 8 + 5 and 2 · 32 + 8 + 6.
        let shape = [45, 11, 2, 78, 2];
        let [obs_len, num_actions, num_players, ..] = shape;
        let bytes = net_bytes(shape, "tekken", "x", weight);
        let mut rng = Rng::new(5);
        // One-hot rows, rows of any real values, sparse rows of non-binary values, an all-zero row.
        let n = 16;
        let mut x = vec![0.0f32; n * obs_len];
        for (r, row) in x.chunks_exact_mut(obs_len).enumerate() {
            for v in row.iter_mut() {
                let u = rng.below(2001) as f32 / 500.0 - 2.0;
                *v = match r % 4 {
                    0 => f32::from(u8::from(rng.below(8) == 0)),
                    1 => u,
                    2 if rng.below(5) == 0 => u,
                    _ => 0.0,
                };
            }
        }
        let mask: Vec<bool> = (0..n * num_actions).map(|i| i % num_actions == 0 || rng.below(3) == 0).collect();
        for paths in every_path() {
            let mut net = Net::from_bytes(&bytes).unwrap();
            net.set_paths(paths);
            let (mut priors, mut values) = (vec![0.0f32; n * num_actions], vec![0.0f32; n * num_players]);
            net.forward(&x, &mask, n, &mut priors, &mut values);
            for r in 0..n {
                let (p, v) = (r * num_actions..(r + 1) * num_actions, r * num_players..(r + 1) * num_players);
                let (want_p, want_v) = reference(shape, &x[r * obs_len..(r + 1) * obs_len], &mask[p.clone()]);
                let close =
                    |got: &[f32], want: &[f64]| got.iter().zip(want).all(|(g, w)| (f64::from(*g) - w).abs() < 1e-5);
                assert!(close(&priors[p.clone()], &want_p) && close(&values[v.clone()], &want_v), "{paths:?}, row {r}");
                // The row alone: the same bits where it takes the batch's path (always, but for the
                // dense path's `sgemm` and `Auto`'s choice for the whole batch).
                let (mut p1, mut v1) = (vec![0.0f32; num_actions], vec![0.0f32; num_players]);
                net.forward(&x[r * obs_len..(r + 1) * obs_len], &mask[p.clone()], 1, &mut p1, &mut v1);
                if paths.layers == LayerPath::Sparse {
                    assert!(p1 == priors[p.clone()] && v1 == values[v.clone()], "{paths:?}, row {r}");
                }
                assert!(close(&p1, &want_p) && close(&v1, &want_v), "{paths:?}, row {r} alone");
            }
        }
        // One-hot and all-zero rows (a share of non-zeros of 1/8 and 0) take the sparse path under
        // `Auto`, alone or together, so a batch of them gives each row the bits it gets alone.
        let sparse: Vec<usize> = (0..n).filter(|r| r % 4 == 0 || r % 4 == 3).collect();
        let net = Net::from_bytes(&bytes).unwrap();
        let rows: Vec<f32> = sparse.iter().flat_map(|&r| x[r * obs_len..(r + 1) * obs_len].to_vec()).collect();
        let masks: Vec<bool> =
            sparse.iter().flat_map(|&r| mask[r * num_actions..(r + 1) * num_actions].to_vec()).collect();
        let (mut priors, mut values) = (vec![0.0f32; masks.len()], vec![0.0f32; sparse.len() * num_players]);
        net.forward(&rows, &masks, sparse.len(), &mut priors, &mut values);
        for (k, &r) in sparse.iter().enumerate() {
            let (mut p1, mut v1) = (vec![0.0f32; num_actions], vec![0.0f32; num_players]);
            net.forward(
                &x[r * obs_len..(r + 1) * obs_len],
                &mask[r * num_actions..(r + 1) * num_actions],
                1,
                &mut p1,
                &mut v1,
            );
            assert!(
                p1 == priors[k * num_actions..(k + 1) * num_actions]
                    && v1 == values[k * num_players..(k + 1) * num_players]
            );
        }
    }

    #[test]
    fn a_net_for_another_game_or_content_is_refused_by_name() {
        let game = Tekken::new(TekkenOptions::default()).unwrap();
        let shape = [game.observation_len(), game.num_actions(), 2, 4, 0];
        let net = Net::from_bytes(&net_bytes(shape, "tekken", &game.fingerprint(), |_, _| 0.01)).unwrap();
        net.verify_for(&game).unwrap();
        let other = Tekken::new(TekkenOptions { hp: 30, ..Default::default() }).unwrap();
        assert!(matches!(net.verify_for(&other), Err(GameError::NetMismatch { field, .. }) if field == "fingerprint"));
        let ufs = Net::from_bytes(&net_bytes(shape, "ufs", &game.fingerprint(), |_, _| 0.0)).unwrap();
        assert!(matches!(ufs.verify_for(&game), Err(GameError::NetMismatch { field, .. }) if field == "game"));
        let mut cut = net_bytes(shape, "tekken", "f", |_, _| 0.0);
        cut.truncate(cut.len() - 4);
        assert!(matches!(Net::from_bytes(&cut), Err(GameError::Deserialization { .. })));
        assert!(matches!(Net::from_bytes(b"not a file"), Err(GameError::Deserialization { .. })));
    }
}
