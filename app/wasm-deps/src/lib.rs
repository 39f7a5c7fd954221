//! Empty: this crate exists for its dependency features (see Cargo.toml).
