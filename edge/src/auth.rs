//! Publish tokens: `PUBLISH_TOKENS` is `token=id1,id2;other=*` — each token may publish and delete
//! only the collections it names (`*`: any). Reading a published collection needs no token; the
//! LLM endpoints of pages (`/v1/refine`, `/v1/sql`, `/v1/answer`) need any of the tokens or a
//! published collection (`crate::access`).

use crate::error::EdgeError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenScope {
    pub token: String,
    pub collections: Vec<String>,
}

impl TokenScope {
    fn allows(&self, id: &str) -> bool {
        self.collections.iter().any(|c| c == "*" || c == id)
    }
}

/// Malformed entries (no `=`, empty token) are skipped: they can grant nothing.
pub fn parse_tokens(s: &str) -> Vec<TokenScope> {
    s.split(';')
        .filter_map(|entry| {
            let (token, ids) = entry.trim().split_once('=')?;
            let token = token.trim();
            (!token.is_empty()).then(|| TokenScope {
                token: token.to_string(),
                collections: ids.split(',').map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect(),
            })
        })
        .collect()
}

/// 401 without a bearer token; 403 when the token is unknown or not scoped to `id`.
pub fn authorize(header: Option<&str>, tokens: &[TokenScope], id: &str) -> Result<(), EdgeError> {
    let sent = header
        .and_then(|h| h.strip_prefix("Bearer ").or_else(|| h.strip_prefix("bearer ")))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(EdgeError::Unauthorized)?;
    // Every token is compared in full, so timing does not tell which prefix matched.
    let mut granted = false;
    for t in tokens {
        if constant_time_eq(t.token.as_bytes(), sent.as_bytes()) && t.allows(id) {
            granted = true;
        }
    }
    if granted {
        Ok(())
    } else {
        Err(EdgeError::Forbidden(id.to_string()))
    }
}

/// Any of this edge's tokens, whatever it may publish (the LLM endpoints): 401 without a bearer
/// token, 403 for one that is not configured.
pub fn known_token(header: Option<&str>, tokens: &[TokenScope]) -> Result<(), EdgeError> {
    let sent = header
        .and_then(|h| h.strip_prefix("Bearer ").or_else(|| h.strip_prefix("bearer ")))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(EdgeError::NoLlmAccess)?;
    let mut known = false;
    for t in tokens {
        if constant_time_eq(t.token.as_bytes(), sent.as_bytes()) && !t.collections.is_empty() {
            known = true;
        }
    }
    if known {
        Ok(())
    } else {
        Err(EdgeError::UnknownToken)
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes() {
        let t = parse_tokens("abc=cars,jobs; root=* ;broken;=x");
        assert_eq!(t.len(), 2);
        assert!(authorize(Some("Bearer abc"), &t, "cars").is_ok());
        assert!(matches!(authorize(Some("Bearer abc"), &t, "other"), Err(EdgeError::Forbidden(_))));
        assert!(authorize(Some("Bearer root"), &t, "other").is_ok());
        assert!(matches!(authorize(None, &t, "cars"), Err(EdgeError::Unauthorized)));
        assert!(matches!(authorize(Some("Bearer nope"), &t, "cars"), Err(EdgeError::Forbidden(_))));
        assert!(known_token(Some("Bearer abc"), &t).is_ok());
        assert!(matches!(known_token(Some("Bearer nope"), &t), Err(EdgeError::UnknownToken)));
        assert!(matches!(known_token(None, &t), Err(EdgeError::NoLlmAccess)));
    }
}
