//! Published collections: the worker-side routes (`api`), the Durable Object that owns each
//! collection (`object`), its storage (`store`), its in-memory form (`model`) and the two query
//! services (`search`, `ask`); `registry` knows which ids are published.

pub use api::check_id;

pub mod api;
pub mod ask;
pub mod model;
pub mod object;
pub mod registry;
pub mod search;
pub mod store;
