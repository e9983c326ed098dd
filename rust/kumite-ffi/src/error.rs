//! Status codes, the thread's last error, and the guards every exported function runs its body in:
//! a panic is caught here and becomes `KUMITE_ERR_PANIC`, so it never unwinds into C.

use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use kumite::core::GameError;

/// What a call returned. Functions that return `int32_t` give a count, a player or an action
/// (zero or more) on success and one of the negative codes below on failure. -1 is never an
/// error: it is `KUMITE_TERMINAL` from `kumite_state_current_player`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KumiteStatus {
    KUMITE_OK = 0,
    /// A required pointer argument (handle, string or output buffer) was NULL.
    KUMITE_ERR_NULL = -2,
    /// An argument is out of range: a negative capacity, an unknown player, a string that is not
    /// UTF-8, zero MCTS iterations, a finished game where a move is needed.
    KUMITE_ERR_INVALID_ARGUMENT = -3,
    /// No game has that name (`kumite_games_name` lists them).
    KUMITE_ERR_UNKNOWN_GAME = -4,
    /// The options are not a JSON object, or name an unknown option or a bad value.
    KUMITE_ERR_INVALID_OPTION = -5,
    /// The action is not legal in this state (the state is unchanged), or no legal action has
    /// that text.
    KUMITE_ERR_ILLEGAL_ACTION = -6,
    /// Text that should be JSON is not, or is not a valid state of this game.
    KUMITE_ERR_JSON = -7,
    /// The game's card or content data is invalid.
    KUMITE_ERR_CARD_DATA = -8,
    /// A bug inside kumite: the panic was caught at the boundary. The message says where; the
    /// handles involved should be freed and not used again.
    KUMITE_ERR_PANIC = -9,
}

/// What `kumite_state_current_player` returns once the game is over.
pub const KUMITE_TERMINAL: i32 = -1;

/// An error on its way out of a call: its code and the message `kumite_last_error` will show.
#[derive(Debug)]
pub struct Failure {
    pub status: KumiteStatus,
    pub message: String,
}

impl Failure {
    pub fn new(status: KumiteStatus, message: impl Into<String>) -> Self {
        Failure { status, message: message.into() }
    }
    pub fn null(argument: &str) -> Self {
        Failure::new(KumiteStatus::KUMITE_ERR_NULL, format!("{argument} is NULL"))
    }
    pub fn invalid(message: impl Into<String>) -> Self {
        Failure::new(KumiteStatus::KUMITE_ERR_INVALID_ARGUMENT, message)
    }
}

/// The one mapping from engine errors to status codes (exhaustive: a new error variant does not
/// compile until it has a code).
impl From<GameError> for Failure {
    fn from(e: GameError) -> Self {
        use KumiteStatus::*;
        let status = match &e {
            GameError::UnknownGame { .. } => KUMITE_ERR_UNKNOWN_GAME,
            GameError::InvalidOption { .. } => KUMITE_ERR_INVALID_OPTION,
            GameError::IllegalAction { .. } | GameError::UnknownActionText { .. } => KUMITE_ERR_ILLEGAL_ACTION,
            GameError::InvalidPlayer { .. } => KUMITE_ERR_INVALID_ARGUMENT,
            GameError::Deserialization { .. } => KUMITE_ERR_JSON,
            GameError::CardData { .. } => KUMITE_ERR_CARD_DATA,
            GameError::NetMismatch { .. } => KUMITE_ERR_INVALID_OPTION,
        };
        Failure::new(status, e.to_string())
    }
}

pub type FfiResult<T> = Result<T, Failure>;

thread_local! {
    static LAST_ERROR: RefCell<Option<(KumiteStatus, CString)>> = const { RefCell::new(None) };
}

fn clear_last_error() {
    LAST_ERROR.with(|last| last.borrow_mut().take());
}

fn set_last_error(failure: &Failure) {
    // A C string cannot hold NUL, and an error message may quote hostile input.
    let text = CString::new(failure.message.replace('\0', "\\0")).unwrap_or_default();
    LAST_ERROR.with(|last| *last.borrow_mut() = Some((failure.status, text)));
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("internal error (a bug in kumite, please report it): {what}")
}

/// Runs the body of an exported function: clears the last error, catches a panic, and on failure
/// records the error and returns `on_error(status)`.
pub fn guard<T>(body: impl FnOnce() -> FfiResult<T>, on_error: impl FnOnce(KumiteStatus) -> T) -> T {
    clear_last_error();
    let failure = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => return value,
        Ok(Err(failure)) => failure,
        Err(payload) => Failure::new(KumiteStatus::KUMITE_ERR_PANIC, panic_message(&*payload)),
    };
    set_last_error(&failure);
    on_error(failure.status)
}

/// `guard` for functions that return a count, player or action, or a negative status.
pub fn guard_code(body: impl FnOnce() -> FfiResult<i32>) -> i32 {
    guard(body, |status| status as i32)
}

/// `guard` for functions that return a new object, or NULL.
pub fn guard_ptr<T>(body: impl FnOnce() -> FfiResult<*mut T>) -> *mut T {
    guard(body, |_| ptr::null_mut())
}

/// For functions that free: catch a panic, leave the last error alone.
pub fn guard_free(body: impl FnOnce()) {
    let _ = catch_unwind(AssertUnwindSafe(body));
}

/// The handle behind `ptr`, or `KUMITE_ERR_NULL`.
///
/// # Safety
/// `ptr` is NULL or points to a live `T`, not mutated elsewhere during `'a`.
pub unsafe fn handle<'a, T>(ptr: *const T, argument: &str) -> FfiResult<&'a T> {
    ptr.as_ref().ok_or_else(|| Failure::null(argument))
}

/// The mutable handle behind `ptr`, or `KUMITE_ERR_NULL`.
///
/// # Safety
/// `ptr` is NULL or points to a live `T` that nothing else uses during `'a`.
pub unsafe fn handle_mut<'a, T>(ptr: *mut T, argument: &str) -> FfiResult<&'a mut T> {
    ptr.as_mut().ok_or_else(|| Failure::null(argument))
}

/// The UTF-8 text of a C string.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string.
pub unsafe fn text<'a>(ptr: *const c_char, argument: &str) -> FfiResult<&'a str> {
    if ptr.is_null() {
        return Err(Failure::null(argument));
    }
    CStr::from_ptr(ptr).to_str().map_err(|e| Failure::invalid(format!("{argument} is not UTF-8: {e}")))
}

/// A string the caller owns and frees with `kumite_string_free`.
pub fn owned_string(s: String) -> FfiResult<*mut c_char> {
    let c = CString::new(s.replace('\0', "\\0")).map_err(|e| Failure::invalid(e.to_string()))?;
    Ok(c.into_raw())
}

/// Copies `src` into the caller's buffer `out` of `cap` elements, as `snprintf` does: writes
/// `min(len, cap)` elements and returns `len`, so a caller may ask for the size with `out = NULL,
/// cap = 0` and knows the buffer was too small when the result exceeds `cap`.
///
/// # Safety
/// `out` is NULL or points to at least `cap` writable `T`s.
pub unsafe fn fill<T: Copy>(src: &[T], out: *mut T, cap: i32) -> FfiResult<i32> {
    let cap = usize::try_from(cap).map_err(|_| Failure::invalid(format!("cap is negative ({cap})")))?;
    if cap > 0 && out.is_null() {
        return Err(Failure::null("out"));
    }
    let n = src.len().min(cap);
    if n > 0 {
        ptr::copy_nonoverlapping(src.as_ptr(), out, n);
    }
    i32::try_from(src.len()).map_err(|_| Failure::invalid("result does not fit in int32_t"))
}

/// The message of the last call on this thread that failed, or NULL if the last call succeeded.
/// Every function except this one, `kumite_last_error_code`, `kumite_version`,
/// `kumite_abi_version`, `kumite_status_string` and the `_free` functions clears it on entry, so
/// read it right after the failing call. The string belongs to kumite and stays valid until the
/// next kumite call on this thread; copy it to keep it.
#[no_mangle]
pub extern "C" fn kumite_last_error() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().as_ref().map_or(ptr::null(), |(_, text)| text.as_ptr()))
}

/// The status code of the last call on this thread that failed (useful after a function that
/// returned NULL), or `KUMITE_OK` if the last call succeeded.
#[no_mangle]
pub extern "C" fn kumite_last_error_code() -> i32 {
    LAST_ERROR.with(|last| last.borrow().as_ref().map_or(KumiteStatus::KUMITE_OK, |(s, _)| *s) as i32)
}

/// A short, static description of a status code ("illegal action"); "unknown status" for other
/// values. Never NULL, never freed.
#[no_mangle]
pub extern "C" fn kumite_status_string(status: i32) -> *const c_char {
    use KumiteStatus::*;
    let all = [
        (KUMITE_OK, c"ok"),
        (KUMITE_ERR_NULL, c"NULL argument"),
        (KUMITE_ERR_INVALID_ARGUMENT, c"invalid argument"),
        (KUMITE_ERR_UNKNOWN_GAME, c"unknown game"),
        (KUMITE_ERR_INVALID_OPTION, c"invalid option"),
        (KUMITE_ERR_ILLEGAL_ACTION, c"illegal action"),
        (KUMITE_ERR_JSON, c"invalid JSON or state"),
        (KUMITE_ERR_CARD_DATA, c"invalid card data"),
        (KUMITE_ERR_PANIC, c"internal error (panic)"),
    ];
    all.iter().find(|(s, _)| *s as i32 == status).map_or(c"unknown status", |(_, text)| *text).as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_code_and_a_message() {
        let code = guard_code(|| panic!("boom {}", 7));
        assert_eq!(code, KumiteStatus::KUMITE_ERR_PANIC as i32);
        assert_eq!(kumite_last_error_code(), code);
        let message = unsafe { CStr::from_ptr(kumite_last_error()) }.to_str().unwrap();
        assert!(message.contains("boom 7"), "{message}");
        let p: *mut u8 = guard_ptr(|| panic!("static message"));
        assert!(p.is_null());
        guard_free(|| panic!("in a free"));
    }

    #[test]
    fn success_clears_the_last_error() {
        guard_code(|| Err(Failure::invalid("bad")));
        assert!(!kumite_last_error().is_null());
        assert_eq!(guard_code(|| Ok(3)), 3);
        assert!(kumite_last_error().is_null());
        assert_eq!(kumite_last_error_code(), 0);
    }

    #[test]
    fn every_status_has_a_description() {
        for code in (-9..=0).filter(|&c| c != KUMITE_TERMINAL) {
            let text = unsafe { CStr::from_ptr(kumite_status_string(code)) }.to_str().unwrap();
            assert_ne!(text, "unknown status", "{code}");
        }
        let text = unsafe { CStr::from_ptr(kumite_status_string(-1)) }.to_str().unwrap();
        assert_eq!(text, "unknown status");
    }

    #[test]
    fn fill_writes_at_most_cap_and_returns_the_length() {
        let src = [1i32, 2, 3];
        let mut out = [0i32; 2];
        assert_eq!(unsafe { fill(&src, out.as_mut_ptr(), 2) }.unwrap(), 3);
        assert_eq!(out, [1, 2]);
        assert_eq!(unsafe { fill(&src, ptr::null_mut(), 0) }.unwrap(), 3);
        assert_eq!(unsafe { fill(&src, ptr::null_mut(), 1) }.unwrap_err().status, KumiteStatus::KUMITE_ERR_NULL);
        let e = unsafe { fill(&src, out.as_mut_ptr(), -1) }.unwrap_err();
        assert_eq!(e.status, KumiteStatus::KUMITE_ERR_INVALID_ARGUMENT);
    }
}
