/// Writes an observation vector feature by feature. The buffer is zeroed first, so one-hots and
/// counters only touch their non-zero entries.
pub struct ObsWriter<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> ObsWriter<'a> {
    pub fn new(out: &'a mut [f32]) -> Self {
        out.fill(0.0);
        ObsWriter { out, at: 0 }
    }
    pub fn put(&mut self, v: f32) {
        self.out[self.at] = v;
        self.at += 1;
    }
    pub fn flag(&mut self, b: bool) {
        self.put(f32::from(u8::from(b)));
    }
    /// `n` entries with a 1 at `i` (none when `i` is `None` or out of range).
    pub fn one_hot(&mut self, n: usize, i: Option<usize>) {
        if let Some(i) = i.filter(|&i| i < n) {
            self.out[self.at + i] = 1.0;
        }
        self.at += n;
    }
    /// `n` counters, each index of `items` below `n` adding `scale`.
    pub fn counts(&mut self, n: usize, items: impl Iterator<Item = usize>, scale: f32) {
        for i in items.filter(|&i| i < n) {
            self.out[self.at + i] += scale;
        }
        self.at += n;
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
