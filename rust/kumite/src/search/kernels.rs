//! The network's inner loops, each in a portable version and an AVX2/FMA one chosen at run time:
//! a layer's outputs as dot products with its weight rows (all of them, or those a mask keeps), and
//! its sparse form `bias + Σ_{x_i ≠ 0} x_i · Wᵀ[i]`, which touches only the rows of the transposed
//! weights that non-zero inputs select: observations are mostly zeros (one-hot facts) and ReLU
//! outputs often.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Which kernels run. Only [`Simd::detect`] and [`Simd::avx2`] make the AVX2/FMA one, and only on
/// a CPU that has both extensions, so its `unsafe` calls below are sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simd {
    avx2: bool,
}

impl Simd {
    /// Plain Rust, which the compiler vectorizes for the target's baseline (SSE2 on x86-64).
    pub const PORTABLE: Simd = Simd { avx2: false };

    /// The AVX2/FMA kernels where the CPU has them, else the portable ones.
    pub fn detect() -> Simd {
        Simd::avx2().unwrap_or(Simd::PORTABLE)
    }

    /// The AVX2/FMA kernels, if this CPU runs them.
    pub fn avx2() -> Option<Simd> {
        #[cfg(target_arch = "x86_64")]
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            return Some(Simd { avx2: true });
        }
        None
    }

    /// `out[o] = bias[o] + w[o] · x` for every output `o` (rows of `w` are `x.len()` long), or only
    /// where `mask[o]` holds; the other entries are left as they were.
    pub(crate) fn dense_row(self, w: &[f32], bias: &[f32], x: &[f32], out: &mut [f32], mask: Option<&[bool]>) {
        let inputs = x.len();
        assert!(w.len() == out.len() * inputs && bias.len() == out.len() && mask.is_none_or(|m| m.len() >= out.len()));
        for (o, (y, b)) in out.iter_mut().zip(bias).enumerate() {
            if mask.is_none_or(|m| m[o]) {
                let row = &w[o * inputs..(o + 1) * inputs];
                *y = b + self.dot(row, x);
            }
        }
    }

    fn dot(self, a: &[f32], b: &[f32]) -> f32 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `self.avx2` is set only where the CPU has AVX2 and FMA.
            return unsafe { dot_avx2(a, b) };
        }
        dot_portable(a, b)
    }

    /// `out = bias + Σ_{(i, v) ∈ nz} v · wt[i]`, `wt` the weights transposed (`[inputs, outputs]`).
    pub(crate) fn sparse_row(self, wt: &[f32], bias: &[f32], nz: &Nonzeros, row: usize, out: &mut [f32]) {
        assert!(wt.len() == nz.inputs * out.len() && bias.len() == out.len());
        let nz = nz.row(row);
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: the CPU has AVX2 and FMA (as above); every index in `nz` is below
            // `nz.inputs` (`Nonzeros::gather`), so each row read lies inside `wt`.
            return unsafe { sparse_avx2(wt, bias, nz, out) };
        }
        out.copy_from_slice(bias);
        let m = out.len();
        for &(i, v) in nz {
            for (y, w) in out.iter_mut().zip(&wt[i as usize * m..(i as usize + 1) * m]) {
                *y += v * w;
            }
        }
    }
}

/// The non-zero entries of a batch of input rows, `(index, value)` in index order, row by row.
#[derive(Default)]
pub(crate) struct Nonzeros {
    entries: Vec<(u32, f32)>,
    starts: Vec<usize>,
    inputs: usize,
}

impl Nonzeros {
    /// Reads the `n` rows of `x` (each `inputs` long); a value counts as zero only if it is ±0.
    pub(crate) fn gather(&mut self, x: &[f32], n: usize, inputs: usize) {
        self.entries.clear();
        self.starts.clear();
        self.inputs = inputs;
        self.starts.push(0);
        for xr in x[..n * inputs].chunks_exact(inputs) {
            for (c, chunk) in xr.chunks(8).enumerate() {
                // One test per eight inputs (the sign bit shifted out, so -0 is a zero); it vectorizes.
                if chunk.iter().fold(0u32, |m, v| m | v.to_bits() << 1) != 0 {
                    let base = (c * 8) as u32;
                    self.entries.extend(
                        chunk.iter().enumerate().filter(|(_, &v)| v != 0.0).map(|(k, &v)| (base + k as u32, v)),
                    );
                }
            }
            self.starts.push(self.entries.len());
        }
    }

    /// How many entries the batch has.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    fn row(&self, row: usize) -> &[(u32, f32)] {
        &self.entries[self.starts[row]..self.starts[row + 1]]
    }
}

/// `a · b` with eight partial sums, so the loop vectorizes.
fn dot_portable(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0.0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = ca.remainder().iter().zip(cb.remainder()).map(|(x, y)| x * y).sum();
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            acc[k] += x[k] * y[k];
        }
    }
    acc.iter().sum::<f32>() + tail
}

/// `a · b` in four eight-lane fused multiply-add chains.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn dot_avx2(a: &[f32], b: &[f32]) -> f32 {
    let n = a.len().min(b.len());
    let (pa, pb) = (a.as_ptr(), b.as_ptr());
    let mut acc = [_mm256_setzero_ps(); 4];
    let mut k = 0;
    // SAFETY (every load): `k + 8 ≤ n` before each eight-lane read at `k`.
    while k + 32 <= n {
        for (q, acc) in acc.iter_mut().enumerate() {
            *acc = _mm256_fmadd_ps(_mm256_loadu_ps(pa.add(k + 8 * q)), _mm256_loadu_ps(pb.add(k + 8 * q)), *acc);
        }
        k += 32;
    }
    while k + 8 <= n {
        acc[0] = _mm256_fmadd_ps(_mm256_loadu_ps(pa.add(k)), _mm256_loadu_ps(pb.add(k)), acc[0]);
        k += 8;
    }
    let s = _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]));
    let s = _mm_add_ps(_mm256_castps256_ps128(s), _mm256_extractf128_ps::<1>(s));
    let s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    let s = _mm_add_ss(s, _mm_movehdup_ps(s));
    a[k..n].iter().zip(&b[k..n]).fold(_mm_cvtss_f32(s), |t, (x, y)| x.mul_add(*y, t))
}

/// The sparse row with its outputs in registers: 64 at a time (eight accumulators), then eight.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn sparse_avx2(wt: &[f32], bias: &[f32], nz: &[(u32, f32)], out: &mut [f32]) {
    let m = out.len();
    let (w, b, o) = (wt.as_ptr(), bias.as_ptr(), out.as_mut_ptr());
    let mut j = 0;
    // SAFETY (every load and store): `j + width ≤ m` for the outputs, and each `i < inputs`
    // (the caller's promise), so `i · m + j + width ≤ wt.len()`.
    while j + 64 <= m {
        let mut acc = [_mm256_setzero_ps(); 8];
        for (k, a) in acc.iter_mut().enumerate() {
            *a = _mm256_loadu_ps(b.add(j + 8 * k));
        }
        for &(i, v) in nz {
            let (x, row) = (_mm256_set1_ps(v), w.add(i as usize * m + j));
            for (k, a) in acc.iter_mut().enumerate() {
                *a = _mm256_fmadd_ps(x, _mm256_loadu_ps(row.add(8 * k)), *a);
            }
        }
        for (k, a) in acc.iter().enumerate() {
            _mm256_storeu_ps(o.add(j + 8 * k), *a);
        }
        j += 64;
    }
    while j + 8 <= m {
        let mut acc = _mm256_loadu_ps(b.add(j));
        for &(i, v) in nz {
            acc = _mm256_fmadd_ps(_mm256_set1_ps(v), _mm256_loadu_ps(w.add(i as usize * m + j)), acc);
        }
        _mm256_storeu_ps(o.add(j), acc);
        j += 8;
    }
    for j in j..m {
        out[j] = nz.iter().fold(bias[j], |t, &(i, v)| v.mul_add(wt[i as usize * m + j], t));
    }
}
