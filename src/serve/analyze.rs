//! `POST /api/analyze`: a text in, every view of it out, each as the
//! command line's JSON gives it ([`playground::answer`]).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::playground;

use super::error;

pub(super) async fn analyze(body: Result<Bytes, BytesRejection>) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return error(
                StatusCode::PAYLOAD_TOO_LARGE,
                "the playground reads texts up to 1 MiB",
            );
        }
        Err(rejection) => return error(rejection.status(), &rejection.body_text()),
    };
    // The pipeline runs on rayon's pool, off the runtime's threads. So a
    // large text holds up no other client.
    match tokio::task::spawn_blocking(move || playground::answer(&body)).await {
        Ok(Ok(answer)) => ([(header::CONTENT_TYPE, "application/json")], answer).into_response(),
        Ok(Err(problem)) => error(StatusCode::BAD_REQUEST, &problem),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the analysis failed"),
    }
}
