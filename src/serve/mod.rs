//! The playground, `cardsharp serve`: a page for learning and trying the
//! languages. It comes with the one endpoint the page calls:
//! `POST /api/analyze`. Both are served on loopback only.
//!
//! Everything the server answers is built into the binary: the page's
//! files, the examples and the grammar with its nom functions
//! ([`site::files`]). No route reads the file system, so no path can reach
//! outside them. The analysis is [`playground::answer`], the one the
//! static site's WebAssembly module gives: what `run`, `check`, `explain`,
//! `parse` and `fmt` print.

mod analyze;

use std::io;
use std::net::{Ipv4Addr, TcpListener};
use std::sync::LazyLock;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::playground::{self, site};

/// The largest request body `/api/analyze` reads: larger ones get 413.
pub const BODY_LIMIT: usize = 1 << 20;

/// Binds `port` on 127.0.0.1, and only there. The playground runs whatever
/// text it is sent, for whoever sits at this machine. Port 0 takes a free
/// port; the listener's `local_addr` says which.
///
/// # Errors
///
/// When the port cannot be bound (taken, or not allowed).
pub fn bind(port: u16) -> io::Result<TcpListener> {
    TcpListener::bind((Ipv4Addr::LOCALHOST, port))
}

/// Serves the playground on `listener` until the process ends.
///
/// # Errors
///
/// When the runtime cannot start or the listener fails.
pub fn serve(listener: TcpListener) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .build()?
        .block_on(async {
            let listener = tokio::net::TcpListener::from_std(listener)?;
            axum::serve(listener, router()).await
        })
}

/// Every route: the page's files, its data, the module's place, and the
/// endpoint.
fn router() -> Router {
    static FILES: LazyLock<Vec<site::File>> = LazyLock::new(site::files);
    let mut router = Router::new();
    for file in FILES.iter() {
        let path = match file.name {
            "index.html" => "/".to_owned(),
            name => format!("/{name}"),
        };
        let headers = [
            (header::CONTENT_TYPE, file.content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ];
        router = router.route(
            &path,
            get(move || async move { (headers, file.body.as_str()) }),
        );
    }
    router
        // The page looks for the WebAssembly module first, as the static
        // site has it. Here the endpoint analyses, so the answer is "no
        // module": no content, and no error in the browser's console.
        .route(
            &format!("/{}", playground::site::MODULE),
            get(|| async { StatusCode::NO_CONTENT }),
        )
        .route("/api/analyze", post(analyze::analyze))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page") })
        .method_not_allowed_fallback(|| async {
            error(
                StatusCode::METHOD_NOT_ALLOWED,
                "this method is not allowed here",
            )
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// `{"error": message}` with `status`: every refusal, in one shape.
fn error(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({ "error": message }).to_string();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}
