/// Where a state reports what happened while applying an action (damage, card revealed, …).
///
/// Events are built by a closure so that with [`NoEvents`] nothing is computed at all: the hot
/// path (rollouts, search) pays nothing for the play-by-play that viewers ask for.
pub trait EventSink<E> {
    fn emit(&mut self, event: impl FnOnce() -> E);
}

/// Discards events without building them.
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn emit(&mut self, _event: impl FnOnce() -> E) {}
}

impl<E> EventSink<E> for Vec<E> {
    fn emit(&mut self, event: impl FnOnce() -> E) {
        self.push(event());
    }
}
