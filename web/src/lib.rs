//! The playground's analysis in the browser: the library compiled to
//! WebAssembly (`wasm32-unknown-unknown`), with plain exported functions
//! and no import. The page asks as it would ask `POST /api/analyze`, and
//! reads the same bytes back: [`cardsharp::playground::answer`].
//!
//! A request goes through the module's memory, in three calls:
//!
//! 1. `request(length)` makes room for a request of `length` bytes and
//!    returns where; the page writes the JSON `{"text", "game", "layout"}`
//!    there, in UTF-8.
//! 2. `analyze()` answers it, and returns the answer's length in bytes.
//! 3. `answer()` returns where the answer is. It stays there until the
//!    next `analyze()`.
//!
//! A request the endpoint would refuse with 400 gets the endpoint's
//! `{"error": ...}` instead. The module holds one request and one answer:
//! the page asks one question at a time.

use std::cell::RefCell;

thread_local! {
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for a request of `length` bytes, and returns where the page
/// writes it.
#[unsafe(no_mangle)]
pub extern "C" fn request(length: usize) -> *mut u8 {
    REQUEST.with_borrow_mut(|request| {
        request.clear();
        request.resize(length, 0);
        request.as_mut_ptr()
    })
}

/// Answers the request written where [`request`] said, and returns the
/// answer's length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn analyze() -> usize {
    let answer = REQUEST.with_borrow(|request| answer_to(request));
    ANSWER.with_borrow_mut(|slot| {
        *slot = answer.into_bytes();
        slot.len()
    })
}

/// Where the last answer is.
#[unsafe(no_mangle)]
pub extern "C" fn answer() -> *const u8 {
    ANSWER.with_borrow(Vec::as_ptr)
}

/// The endpoint's answer to `request`, or the body of its refusal.
fn answer_to(request: &[u8]) -> String {
    cardsharp::playground::answer(request)
        .unwrap_or_else(|problem| serde_json::json!({ "error": problem }).to_string())
}

#[cfg(test)]
mod tests {
    use super::answer_to;

    /// A request the endpoint refuses gets the endpoint's error, in its
    /// shape; the page shows it as it shows the server's.
    #[test]
    fn a_refused_request_gets_the_endpoints_error() {
        let answer: serde_json::Value = serde_json::from_str(&answer_to(b"{\"text\": 7}")).unwrap();
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.starts_with("expected {\"text\", \"game\", \"layout\"}: "),
            "{error}"
        );
        assert_eq!(answer.as_object().unwrap().len(), 1);
    }

    /// A request it takes gets the library's answer.
    #[test]
    fn a_request_gets_the_librarys_answer() {
        let request =
            br#"{"text": "AC 3C 4C AS 7S 4S AD TD 7D 5D AH 7H 5H\n", "views": ["results"]}"#;
        assert_eq!(
            answer_to(request),
            cardsharp::playground::answer(request).unwrap()
        );
    }
}
