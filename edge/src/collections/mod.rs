//! Published collections: the worker-side routes (`api`), the Durable Object that owns each
//! collection (`object`), its storage (`store`), its in-memory form (`model`) and the two query
//! services (`search`, `ask`); `internal` is the worker's calls to the object; `registry` knows
//! which ids are published.

pub use crate::routes::check_id;

pub mod api;
pub mod ask;
pub mod internal;
pub mod model;
pub mod object;
pub mod registry;
pub mod search;
pub mod store;
