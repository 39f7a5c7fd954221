//! The page's vector cache: `shared::embed_cache` kept in the origin-private file system, one file
//! per model and precision, so a file dropped again embeds only rows it has not seen.

use tabletalk_shared::embed_cache::EmbedCache;

use crate::storage;

/// The file holding the cache of `model`'s vectors computed at `precision` ("f32", "f16").
fn file_name(model: &str, precision: &str) -> String {
    let safe: String = model.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    format!("vectors-{safe}-{precision}.cache")
}

/// The cache for this model and precision; empty when there is none or it cannot be read (it is
/// only a cache: the rows are embedded instead).
pub async fn open(model: &str, precision: &str, dim: usize) -> EmbedCache {
    match storage::load_file(&file_name(model, precision)).await {
        Ok(Some(bytes)) => EmbedCache::from_bytes(&bytes, dim).unwrap_or_else(|_| EmbedCache::new(dim)),
        _ => EmbedCache::new(dim),
    }
}

/// Writes the cache back; a failure (storage full, private mode) only costs the next visit time.
pub async fn keep(model: &str, precision: &str, cache: &EmbedCache) {
    let _ = storage::save_file(&file_name(model, precision), &cache.to_bytes()).await;
}
