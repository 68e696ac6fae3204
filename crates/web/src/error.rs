//! Every failure as a status and a one-line JSON message: `{"error": "..."}`.

use std::any::Any;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;
use statespace_puzzles::registry::Failure;

/// A request the server will not or cannot answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The status it is answered with.
    pub status: StatusCode,
    /// What went wrong, on one line.
    pub message: String,
}

impl ApiError {
    /// The error `message` with `status`, its line breaks made spaces.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        let message: String = message.into();
        Self {
            status,
            message: message.trim().replace('\n', " "),
        }
    }

    /// A request that does not fit the puzzle (400).
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

impl From<Failure> for ApiError {
    /// Bad options and malformed boards alike are the request's fault.
    fn from(failure: Failure) -> Self {
        Self::bad_request(failure.to_string())
    }
}

/// A JSON body whose rejections (malformed, too large, not JSON) are [`ApiError`]s.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        Json::<T>::from_request(request, state)
            .await
            .map(|Json(value)| Self(value))
            .map_err(|rejection: JsonRejection| {
                ApiError::new(rejection.status(), rejection.body_text())
            })
    }
}

/// A handler that panicked: a 500 with a JSON message instead of a dropped connection.
pub fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}
