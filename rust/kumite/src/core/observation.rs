/// Writes an observation vector feature by feature, front to back. Every entry is written once:
/// a one-hot or a counter block zeroes its span before setting its non-zero entries, `skip`
/// zeroes, and whatever is left when the writer is dropped is zeroed, so the buffer never needs
/// clearing first (for batched environments the row is the cost, not the features).
pub struct ObsWriter<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> ObsWriter<'a> {
    pub fn new(out: &'a mut [f32]) -> Self {
        ObsWriter { out, at: 0 }
    }
    pub fn put(&mut self, v: f32) {
        self.out[self.at] = v;
        self.at += 1;
    }
    pub fn flag(&mut self, b: bool) {
        self.put(f32::from(u8::from(b)));
    }
    /// The next `n` entries, zeroed.
    fn span(&mut self, n: usize) -> &mut [f32] {
        let span = &mut self.out[self.at..self.at + n];
        span.fill(0.0);
        self.at += n;
        span
    }
    /// `n` entries with a 1 at `i` (none when `i` is `None` or out of range).
    pub fn one_hot(&mut self, n: usize, i: Option<usize>) {
        let span = self.span(n);
        if let Some(x) = i.and_then(|i| span.get_mut(i)) {
            *x = 1.0;
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
        self.span(n);
    }
    /// Checks that the whole vector was written.
    pub fn finish(self) {
        debug_assert_eq!(self.at, self.out.len(), "observation layout and length disagree");
    }
}

impl Drop for ObsWriter<'_> {
    fn drop(&mut self) {
        let at = self.at.min(self.out.len());
        self.out[at..].fill(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::ObsWriter;

    #[test]
    fn every_entry_is_written_whatever_the_buffer_held() {
        let mut out = [7.0f32; 12];
        let mut w = ObsWriter::new(&mut out);
        w.put(0.5);
        w.flag(true);
        w.one_hot(3, Some(1));
        w.counts(3, [0, 0, 2, 9].into_iter(), 0.25);
        w.skip(2);
        drop(w); // one entry never reached: zeroed too
        assert_eq!(out, [0.5, 1.0, 0.0, 1.0, 0.0, 0.5, 0.0, 0.25, 0.0, 0.0, 0.0, 0.0]);
    }
}
