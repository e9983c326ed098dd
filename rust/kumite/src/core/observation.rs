use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One named block of an observation vector: entries `start..start + size`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ObsSection {
    pub name: &'static str,
    pub start: usize,
    pub size: usize,
}

thread_local! {
    /// The section marks of the observation being written, while [`record_layout`] runs.
    static LAYOUT: RefCell<Option<Vec<(&'static str, usize)>>> = const { RefCell::new(None) };
}

/// How many threads are inside [`record_layout`]: while none is, a writer costs one relaxed
/// load, not a thread-local access (that access, whose value has a destructor, measured 8 % of
/// a Tekken `VecEnv` step with observations).
static RECORDING: AtomicUsize = AtomicUsize::new(0);

/// The sections an observation writer marks while `write` runs on this thread (`len` is the
/// vector's length, which closes the last section). This is how each game's observation layout
/// is read from the code that writes it, so the documented layout cannot drift.
pub fn record_layout(len: usize, write: impl FnOnce()) -> Vec<ObsSection> {
    LAYOUT.with(|l| *l.borrow_mut() = Some(Vec::new()));
    RECORDING.fetch_add(1, Ordering::SeqCst);
    write();
    RECORDING.fetch_sub(1, Ordering::SeqCst);
    let marks = LAYOUT.with(|l| l.borrow_mut().take()).unwrap_or_default();
    let ends = marks.iter().skip(1).map(|&(_, at)| at).chain([len]);
    marks.iter().zip(ends).map(|(&(name, start), end)| ObsSection { name, start, size: end - start }).collect()
}

#[cold]
#[inline(never)]
fn mark(name: &'static str, at: usize) {
    LAYOUT.with(|l| l.borrow_mut().as_mut().map(|marks| marks.push((name, at))));
}

/// Writes an observation vector feature by feature. The buffer is zeroed first (one `memset`;
/// zeroing each block as it comes measured about a point of a `VecEnv` step worse at N = 1024
/// for Tekken and Fatal Fight), so one-hots and counters only touch their non-zero entries.
pub struct ObsWriter<'a> {
    out: &'a mut [f32],
    at: usize,
    /// Whether [`record_layout`] is listening (read once per vector, not per section).
    recording: bool,
}

impl<'a> ObsWriter<'a> {
    pub fn new(out: &'a mut [f32]) -> Self {
        out.fill(0.0);
        let recording = RECORDING.load(Ordering::Relaxed) != 0 && LAYOUT.with(|l| l.borrow().is_some());
        ObsWriter { out, at: 0, recording }
    }
    /// Names the block that starts here (for the documented layout; free when not recording).
    #[inline(always)]
    pub fn section(&mut self, name: &'static str) {
        if self.recording {
            mark(name, self.at);
        }
    }
    pub fn put(&mut self, v: f32) {
        self.out[self.at] = v;
        self.at += 1;
    }
    /// `K` entries at once: one bounds check instead of one per `put`.
    pub fn values<const K: usize>(&mut self, values: [f32; K]) {
        self.span(K).copy_from_slice(&values);
    }
    pub fn flag(&mut self, b: bool) {
        self.put(flag(b));
    }
    /// The next `n` entries, still zero (the buffer is cleared up front), for encoders that fill
    /// a block themselves: they may add into it, as the counters do.
    pub fn span(&mut self, n: usize) -> &mut [f32] {
        let span = &mut self.out[self.at..self.at + n];
        self.at += n;
        span
    }
    /// One entry per value, `scale` times it: a block of counters kept as numbers (one bounds
    /// check for the block, not one per entry).
    pub fn scaled<T: Copy + Into<f32>>(&mut self, values: &[T], scale: f32) {
        for (x, &v) in self.span(values.len()).iter_mut().zip(values) {
            *x = v.into() * scale;
        }
    }
    /// `n` entries with a 1 at `i` (none when `i` is `None` or out of range).
    pub fn one_hot(&mut self, n: usize, i: Option<usize>) {
        let span = self.span(n);
        if let Some(x) = i.and_then(|i| span.get_mut(i)) {
            *x = 1.0;
        }
    }
    /// `n` flags, set where `set` (a bit set, bit `i % 64` of word `i / 64`) has bit `i`.
    pub fn bits(&mut self, n: usize, set: &[u64]) {
        let span = self.span(n);
        for (w, &word) in set.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                if let Some(x) = span.get_mut(w * 64 + b.trailing_zeros() as usize) {
                    *x = 1.0;
                }
                b &= b - 1;
            }
        }
    }
    /// `n` counters, each index of `items` below `n` adding `scale`.
    pub fn counts(&mut self, n: usize, items: impl Iterator<Item = usize>, scale: f32) {
        let span = self.span(n);
        for i in items {
            if let Some(x) = span.get_mut(i) {
                *x += scale;
            }
        }
    }
    /// Leaves `n` entries at zero.
    pub fn skip(&mut self, n: usize) {
        self.at += n;
    }
    /// Checks that the whole vector was written.
    pub fn finish(self) {
        debug_assert_eq!(self.at, self.out.len(), "observation layout and length disagree");
    }
}

/// A flag's entry: 1 when set, else 0 (for blocks written with `ObsWriter::values`).
pub fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

/// The seat `k` places after `first` at a table of `n` (`first < n`, `k <= n`): observations list seats
/// from the observer's, and this is called per seat per row, where a `%` costs a division.
pub fn seat_after(first: usize, k: usize, n: usize) -> usize {
    let s = first + k;
    if s >= n {
        s - n
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::{record_layout, seat_after, ObsSection, ObsWriter};

    #[test]
    fn sections_are_recorded_only_while_listening() {
        let write = |out: &mut [f32]| {
            let mut w = ObsWriter::new(out);
            w.section("a");
            w.values([1.0, 2.0]);
            w.section("b");
            w.put(3.0);
            w.finish();
        };
        let mut out = [0.0f32; 3];
        let layout = record_layout(3, || write(&mut out));
        let section = |name, start, size| ObsSection { name, start, size };
        assert_eq!(layout, [section("a", 0, 2), section("b", 2, 1)]);
        write(&mut out);
        assert_eq!(record_layout(3, || {}), []);
    }

    #[test]
    fn seats_wrap_around_the_table() {
        assert_eq!((0..4).map(|k| seat_after(2, k, 4)).collect::<Vec<_>>(), [2, 3, 0, 1]);
        assert_eq!(seat_after(0, 0, 1), 0);
    }

    #[test]
    fn the_buffer_is_cleared_and_blocks_land_in_order() {
        let mut out = [7.0f32; 13];
        let mut w = ObsWriter::new(&mut out);
        w.put(0.5);
        w.flag(true);
        w.one_hot(3, Some(1));
        w.counts(3, [0, 0, 2, 9].into_iter(), 0.25);
        w.skip(1);
        w.scaled(&[2u8, 0], 0.5);
        w.bits(2, &[0b110]); // bit 2 lies outside the block
        w.finish();
        assert_eq!(out, [0.5, 1.0, 0.0, 1.0, 0.0, 0.5, 0.0, 0.25, 0.0, 1.0, 0.0, 0.0, 1.0]);
    }
}
