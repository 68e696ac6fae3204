//! TODO: filled by its issue.
