//! Every failure as a status and a one-line JSON message: `{"error": "..."}`.

use std::any::Any;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;
use statespace_puzzles::registry::Failure;

use crate::AppState;

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
    /// Bad options and malformed boards alike are the request's fault; an answer too large to
    /// send is one the request cannot have (422).
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::TooLarge { .. } => {
                Self::new(StatusCode::UNPROCESSABLE_ENTITY, failure.to_string())
            }
            _ => Self::bad_request(failure.to_string()),
        }
    }
}

/// A JSON body whose rejections (malformed, too large, not JSON, too slow to arrive: 408) are
/// [`ApiError`]s.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, ApiError> {
        let timeout = state.caps.body_timeout;
        tokio::time::timeout(timeout, Json::<T>::from_request(request, state))
            .await
            .map_err(|_| {
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request's body took more than {} s to arrive",
                        timeout.as_secs_f64()
                    ),
                )
            })?
            .map(|Json(value)| Self(value))
            .map_err(|rejection: JsonRejection| {
                ApiError::new(rejection.status(), rejection.body_text())
            })
    }
}

/// An extractor of the request's parts (its path, its query) whose rejections (a query that
/// is not URL-encoded, an escape that is not UTF-8) are [`ApiError`]s with axum's words.
pub struct Api<E>(pub E);

/// The most bytes of a rejection's words kept.
const REJECTION_BYTES: usize = 4096;

impl<S: Send + Sync, E: FromRequestParts<S>> FromRequestParts<S> for Api<E>
where
    E::Rejection: IntoResponse,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let response = match E::from_request_parts(parts, state).await {
            Ok(extracted) => return Ok(Self(extracted)),
            Err(rejection) => rejection.into_response(),
        };
        let status = response.status();
        let words = axum::body::to_bytes(response.into_body(), REJECTION_BYTES)
            .await
            .unwrap_or_default();
        Err(ApiError::new(status, String::from_utf8_lossy(&words)))
    }
}

/// A handler that panicked: a 500 with a JSON message instead of a dropped connection.
pub fn panic_response(_: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}
