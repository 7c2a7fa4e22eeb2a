//! The playground, `cardsharp serve`: a page for learning and trying the
//! languages. It comes with the one endpoint the page calls:
//! `POST /api/analyze`. Both are served on loopback only.
//!
//! Everything the server answers is built into the binary: the page's
//! files, the examples and the grammar with its nom functions. No route
//! reads the file system, so no path can reach outside them. The analysis
//! renders through the command line's own writers: [`run_bytes`] with the
//! JSON formats, and [`format::source`]. So the page shows what `run`,
//! `check`, `explain`, `parse` and `fmt` print.
//!
//! [`run_bytes`]: crate::pipeline::run_bytes
//! [`format::source`]: crate::render::format::source

mod analyze;
mod assets;

use std::io;
use std::net::{Ipv4Addr, TcpListener};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

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

/// Every route: the page's files, its data, and the endpoint.
fn router() -> Router {
    Router::new()
        .route("/", get(assets::page))
        .route("/style.css", get(assets::style))
        .route("/playground.js", get(assets::script))
        .route("/railroad.js", get(assets::railroad))
        .route("/examples.json", get(assets::examples))
        .route("/grammar.json", get(assets::grammar))
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
